import type { Metadata } from "next";
import { RampDetailPage } from "@/components/legacy/detail-page";

export const metadata: Metadata = { title: "Offramp (legacy)" };

export default function OfframpPage({ params }: { params: Promise<{ id: string }> }) {
  return <RampDetailPage kind="offramps" params={params} />;
}
