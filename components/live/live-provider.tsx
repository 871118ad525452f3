"use client";

import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";

import { LiveConnection, type LiveMode } from "@/components/live/connection";
import { refreshLateQueries, RecentChanges } from "@/components/live/late-queries";
import { keysForChange, LIVE_SCOPES } from "@/lib/live/query-keys";

export interface LiveState {
  mode: LiveMode;
  /** How often pages poll while the stream is down. */
  fallbackIntervalMs: number;
}

/** Exported so a test or a story can show the indicator in a given state; pages use the hooks. */
export const LiveContext = React.createContext<LiveState | null>(null);

const DEFAULT_FALLBACK_MS = 10_000;

/**
 * Keeps one server-sent events stream open for the signed-in page and turns each change into
 * invalidations of exactly the queries it affects. A new stream opens when the environment
 * changes, since the server scopes the stream to it.
 */
export function LiveProvider({
  environment,
  since = null,
  fallbackIntervalMs = DEFAULT_FALLBACK_MS,
  children,
}: {
  environment: string;
  /** When the server rendered the page (ISO); the stream replays what was stored after it. */
  since?: string | null;
  fallbackIntervalMs?: number;
  children: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = React.useState<LiveMode>("connecting");
  const previousEnvironment = React.useRef(environment);
  // Read once: a later render (router.refresh) must not reopen a healthy stream.
  const firstRender = React.useRef(since);

  React.useEffect(() => {
    const refreshAll = () => {
      for (const scope of LIVE_SCOPES) void queryClient.invalidateQueries({ queryKey: [scope] });
    };
    // Data cached for the other environment must not linger on screen.
    if (previousEnvironment.current !== environment) {
      previousEnvironment.current = environment;
      refreshAll();
    }
    const recent = new RecentChanges();
    const stopLate = refreshLateQueries(queryClient, recent);
    const connection = new LiveConnection({
      url: "/api/live",
      since: firstRender.current,
      onChange: (change) => {
        const keys = keysForChange(change);
        recent.remember(keys);
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
      onResync: refreshAll,
      onMode: setMode,
    });
    connection.start();
    const wake = () => {
      if (document.visibilityState === "visible") connection.retryNow();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    return () => {
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      connection.stop();
      stopLate();
      setMode("connecting");
    };
  }, [environment, queryClient]);

  const value = React.useMemo(() => ({ mode, fallbackIntervalMs }), [mode, fallbackIntervalMs]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The stream's state; outside a LiveProvider the page is treated as not live. */
export function useLive(): LiveState {
  return React.useContext(LiveContext) ?? { mode: "polling", fallbackIntervalMs: DEFAULT_FALLBACK_MS };
}

/**
 * For `useQuery({ refetchInterval })`: no polling while the stream is live (changes arrive as
 * invalidations), polling every `ms` (default: the provider's fallback) while it is not.
 */
export function useLiveRefetchInterval(ms?: number): number | false {
  const { mode, fallbackIntervalMs } = useLive();
  return mode === "live" ? false : (ms ?? fallbackIntervalMs);
}
