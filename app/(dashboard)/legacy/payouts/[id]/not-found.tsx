import { LegacyNotFound } from "@/components/legacy/not-found";

export default function PayoutNotFound() {
  return <LegacyNotFound kind="payouts" />;
}
