"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * A read that failed: the sentence the server gave, and a retry. `onRetry` refetches a client
 * query; without it the server page is rendered again.
 */
export function ReadError({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Alert variant="destructive" data-testid="read-error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={pending}
          onClick={() => (onRetry ? onRetry() : start(() => router.refresh()))}
        >
          {pending ? "Trying again…" : "Try again"}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
