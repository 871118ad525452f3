import { LegacyNotFound } from "@/app/(dashboard)/legacy/_components/not-found";

export default function OnrampNotFound() {
  return <LegacyNotFound kind="onramps" />;
}
