"use client";
import NextLink, { useLinkStatus } from "next/link";
import type * as React from "react";

/**
 * Next's Link, asking the server for the page only when it is followed. A dashboard page is
 * rendered for its person on each visit, so a prefetch can fetch no more than the route's tree and
 * its loading skeleton, and each costs the server a request: pointing at a sidebar link sent two,
 * together about as costly as the page itself (docs/benchmarks.md, "Concurrency"). The click shows
 * at once that the page is on its way instead (`LinkPending`). Every link of the app goes through
 * here (a test checks).
 */
export function Link({ prefetch, ...props }: React.ComponentProps<typeof NextLink>) {
  return <NextLink {...props} prefetch={prefetch ?? false} />;
}

/** Inside a Link: a dot that pulses while the page the link leads to is on its way. */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden
      data-slot="link-pending"
      className={pending ? "ml-auto size-1.5 shrink-0 animate-pulse rounded-full bg-primary" : "invisible ml-auto size-1.5 shrink-0"}
    />
  );
}
