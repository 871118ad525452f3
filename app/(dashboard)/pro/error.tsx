"use client";
import { RouteError } from "@/components/page/route-error";

export default function ProError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="The Pro desk could not load" error={error} reset={reset} />;
}
