"use client";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";

// Unexpected errors: the digest is the id in the server log, so support can find what happened.
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="grid max-w-xl gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-6">
      <h1 className="text-lg font-semibold">This page could not load</h1>
      <p className="text-sm text-muted-foreground">
        Try again. If it keeps failing, give this reference to your admin: <code>{error.digest ?? "unknown"}</code>
      </p>
      <div>
        <Button onClick={reset}>Try again</Button>
      </div>
    </div>
  );
}
