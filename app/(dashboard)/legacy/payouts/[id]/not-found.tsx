import { LegacyNotFound } from "@/app/(dashboard)/legacy/_components/not-found";

export default function PayoutNotFound() {
  return <LegacyNotFound kind="payouts" />;
}
