import type { Metadata } from "next";
import { PayoutDetailPage } from "@/app/(dashboard)/legacy/_components/detail-page";

export const metadata: Metadata = { title: "Payout (legacy)" };

export default function PayoutPage({ params }: { params: Promise<{ id: string }> }) {
  return <PayoutDetailPage params={params} />;
}
