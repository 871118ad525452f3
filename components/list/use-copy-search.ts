"use client";
import { useEffect, useState } from "react";
import type { SearchAnswer } from "@/lib/ledger/search-kinds";

export type CopySearch =
  | { state: "idle"; answer: null; error: null }
  | { state: "searching"; answer: SearchAnswer | null; error: null }
  | { state: "done"; answer: SearchAnswer; error: null }
  | { state: "failed"; answer: null; error: string };

const IDLE: CopySearch = { state: "idle", answer: null, error: null };

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Searches the local copy (GET /api/search) as the user types: sent once typing pauses, and a
 * search still running is cancelled by the next keystroke, so an older answer never replaces a
 * newer one. While a new search runs the previous answer stays shown.
 */
export function useCopySearch(query: string, kind?: string): CopySearch {
  const [result, setResult] = useState<CopySearch>(IDLE);
  const q = query.trim();
  useEffect(() => {
    if (!q) {
      setResult(IDLE);
      return;
    }
    setResult((was) => ({ state: "searching", answer: was.state === "done" || was.state === "searching" ? was.answer : null, error: null }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({ q });
      if (kind) params.set("kind", kind);
      try {
        const res = await fetch(`/api/search?${params}`, { signal: controller.signal, headers: { accept: "application/json" } });
        const body = (await res.json().catch(() => null)) as (SearchAnswer & { error?: string }) | null;
        if (controller.signal.aborted) return;
        if (!res.ok || !body || !Array.isArray(body.groups)) {
          setResult({ state: "failed", answer: null, error: body?.error ?? "Search is not answering. Try again in a moment." });
          return;
        }
        setResult({ state: "done", answer: body, error: null });
      } catch {
        // Cancelled by newer input, or the network failed.
        if (!controller.signal.aborted) setResult({ state: "failed", answer: null, error: "Search is not answering. Check the connection and try again." });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, kind]);
  return result;
}
