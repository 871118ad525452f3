"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { isServer, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";

// Sonner is about 15 KiB compressed, and a toast only ever follows something the person did.
const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

/** HTTP statuses where asking again cannot help: the request itself is wrong or not allowed. */
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 410, 422]);

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  const { status } = error as { status: unknown };
  return typeof status === "number" ? status : undefined;
}

/**
 * Reads retry once (a blip on the network or a cold upstream), but not when the server said the
 * request itself is wrong. Rate limits (429) are handled by the server's shared budget, so one
 * more try after the backoff is still worth it.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < 1;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data is fresh for a moment; without this the client refetches at once.
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: shouldRetryRead,
      },
      // Writes go through server actions with their own idempotency keys; never replay them here.
      mutations: { retry: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * One client per browser session (kept across navigations and Suspense retries), but a new one
 * per server render so one person's cached data never reaches another's page.
 */
function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

const FIRST_INPUT = ["pointerdown", "keydown", "submit"] as const;

/**
 * Mounts the toaster at the person's first click, key or form submission, so a page that is only
 * looked at never downloads it. A toast raised before the toaster has mounted is not lost: sonner
 * hands its active toasts to a toaster when it subscribes.
 */
function ToasterOnFirstInput() {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of FIRST_INPUT) document.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT) document.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  return wanted ? <Toaster /> : null;
}

export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  const queryClient = getQueryClient();
  // Marks the page interactive: browser tests wait for it before typing into server-rendered forms,
  // whose typed values React would not see before hydration.
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        <NuqsAdapter>
          {children}
          <ToasterOnFirstInput />
        </NuqsAdapter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
