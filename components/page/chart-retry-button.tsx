"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Re-renders the server part of the page (e.g. the chart) after a failed read. */
export function ChartRetryButton({ label = "Retry" }: { label?: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => start(() => router.refresh())}>
      <RotateCwIcon aria-hidden="true" className={pending ? "animate-spin" : undefined} />
      {pending ? "Retrying…" : label}
    </Button>
  );
}
