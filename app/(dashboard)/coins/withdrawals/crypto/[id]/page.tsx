import type { Metadata } from "next";
import { WithdrawalPage } from "@/app/(dashboard)/coins/_components/withdrawal-page";

export const metadata: Metadata = { title: "Crypto withdrawal" };

export default function CryptoWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  return <WithdrawalPage kind="crypto" params={params} />;
}
