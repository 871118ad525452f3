import type { Metadata } from "next";
import { RampDetailPage } from "@/app/(dashboard)/legacy/_components/detail-page";

export const metadata: Metadata = { title: "Offramp (legacy)" };

export default function OfframpPage({ params }: { params: Promise<{ id: string }> }) {
  return <RampDetailPage kind="offramps" params={params} />;
}
