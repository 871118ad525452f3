"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";

/** Asks the server to render the page again (a new read from the provider). */
export function RetryButton({ label = "Try again" }: { label?: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button variant="outline" onClick={() => start(() => router.refresh())} disabled={pending}>
      {pending ? "Trying…" : label}
    </Button>
  );
}
