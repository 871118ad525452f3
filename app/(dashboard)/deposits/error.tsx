"use client";
import { RouteError } from "@/components/page/route-error";

export default function DepositsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="The deposits could not load" error={error} reset={reset} />;
}
