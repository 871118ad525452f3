import type { Metadata } from "next";
import { PayoutListPage } from "@/app/(dashboard)/legacy/_components/list-page";

export const metadata: Metadata = { title: "Payouts (legacy)" };

export default function PayoutsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <PayoutListPage searchParams={searchParams} />;
}
