import type { Metadata } from "next";
import { RampDetailPage } from "@/app/(dashboard)/legacy/_components/detail-page";

export const metadata: Metadata = { title: "Onramp (legacy)" };

export default function OnrampPage({ params }: { params: Promise<{ id: string }> }) {
  return <RampDetailPage kind="onramps" params={params} />;
}
