"use client";
import { RouteError } from "@/components/page/route-error";

export default function LegacyError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="This legacy view could not load" error={error} reset={reset} />;
}
