"use client";
import { startTransition, useEffect } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

/** The props Next passes to an `error.tsx` boundary. */
export interface ErrorBoundaryProps {
  error: Error & { digest?: string };
  /** Re-fetches the segment's server components and renders them again (Next 16.3+). */
  retry?: () => void;
  /** Only clears the error state: the children render again from what the client already has. */
  reset: () => void;
}

/**
 * What "Try again" does. `reset()` alone would render the same failed server payload again, so the
 * segment must be re-fetched: Next's `retry()` does that; without it, refresh and reset together.
 */
export function retrySegment({ retry, reset }: Pick<ErrorBoundaryProps, "retry" | "reset">, refresh: () => void): void {
  if (retry) return retry();
  startTransition(() => {
    refresh();
    reset();
  });
}

/**
 * What a route's error boundary shows. The digest is the id in the server log; the message itself
 * is never shown (it could name internals). Each `error.tsx` passes its props straight through.
 */
export function RouteError({ title, error, retry, reset }: ErrorBoundaryProps & { title: string }) {
  const router = useRouter();
  useEffect(() => {
    console.error(error.digest ?? title);
  }, [error, title]);
  return (
    <div role="alert" className="grid max-w-xl gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-6">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">
        Nothing was changed. Try again; if it keeps failing, give this reference to whoever runs the app: <code>{error.digest ?? "unknown"}</code>
      </p>
      <div>
        <Button onClick={() => retrySegment({ retry, reset }, router.refresh)}>Try again</Button>
      </div>
    </div>
  );
}
