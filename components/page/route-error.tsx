"use client";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";

/**
 * What a route's error boundary shows. The digest is the id in the server log; the message itself
 * is never shown (it could name internals).
 */
export function RouteError({ title, error, reset }: { title: string; error: Error & { digest?: string }; reset: () => void }) {
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
        <Button onClick={reset}>Try again</Button>
      </div>
    </div>
  );
}
