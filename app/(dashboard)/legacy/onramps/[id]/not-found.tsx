import { LegacyNotFound } from "@/components/legacy/not-found";

export default function OnrampNotFound() {
  return <LegacyNotFound kind="onramps" />;
}
