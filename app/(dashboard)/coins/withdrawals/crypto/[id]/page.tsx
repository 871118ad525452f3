import type { Metadata } from "next";
import { WithdrawalPage } from "@/components/coins/withdrawal-page";

export const metadata: Metadata = { title: "Crypto withdrawal" };

export default function CryptoWithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  return <WithdrawalPage kind="crypto" params={params} />;
}
