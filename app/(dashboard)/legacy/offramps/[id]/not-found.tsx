import { LegacyNotFound } from "@/app/(dashboard)/legacy/_components/not-found";

export default function OfframpNotFound() {
  return <LegacyNotFound kind="offramps" />;
}
