"use client";
import { RouteError } from "@/components/page/route-error";

export default function RecipientsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="The recipients could not load" error={error} reset={reset} />;
}
