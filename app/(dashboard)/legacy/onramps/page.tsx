import type { Metadata } from "next";
import { RampListPage } from "@/app/(dashboard)/legacy/_components/list-page";

export const metadata: Metadata = { title: "Onramps (legacy)" };

export default function OnrampsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <RampListPage kind="onramps" searchParams={searchParams} />;
}
