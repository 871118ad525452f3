import type { Metadata } from "next";
import { RampListPage } from "@/app/(dashboard)/legacy/_components/list-page";

export const metadata: Metadata = { title: "Offramps (legacy)" };

export default function OfframpsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <RampListPage kind="offramps" searchParams={searchParams} />;
}
