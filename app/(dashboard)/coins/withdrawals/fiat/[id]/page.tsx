import type { Metadata } from "next";
import { WithdrawalPage } from "@/app/(dashboard)/coins/_components/withdrawal-page";

export const metadata: Metadata = { title: "Fiat withdrawal" };

export default function FiatWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  return <WithdrawalPage kind="fiat" params={params} />;
}
