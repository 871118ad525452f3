import type { Metadata } from "next";
import { WithdrawalPage } from "@/components/coins/withdrawal-page";

export const metadata: Metadata = { title: "Fiat withdrawal" };

export default function FiatWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  return <WithdrawalPage kind="fiat" params={params} />;
}
