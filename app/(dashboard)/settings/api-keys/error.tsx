"use client";
import { RouteError } from "@/components/page/route-error";

export default function ApiKeysError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="The API keys could not load" error={error} reset={reset} />;
}
