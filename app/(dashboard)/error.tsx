"use client";
import { RouteError } from "@/components/page/route-error";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <RouteError title="This page could not load" error={error} reset={reset} />;
}
