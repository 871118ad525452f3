import { LegacyNotFound } from "@/components/legacy/not-found";

export default function OfframpNotFound() {
  return <LegacyNotFound kind="offramps" />;
}
