import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveKeys } from "@/lib/live/query-keys";
import { RecentChanges, refreshLateQueries } from "./late-queries";

afterEach(() => vi.useRealTimers());

describe("RecentChanges", () => {
  it("matches keys by prefix within the window only", () => {
    let now = 0;
    const recent = new RecentChanges(30_000, () => now);
    recent.remember([liveKeys.timeline("funding_account", "fa_1")]);
    expect(recent.touched(liveKeys.timeline("funding_account", "fa_1"))).toBe(true);
    expect(recent.touched(liveKeys.timeline("funding_account", "fa_1", { page: 2 }))).toBe(true);
    expect(recent.touched(liveKeys.timeline("funding_account", "fa_2"))).toBe(false);
    expect(recent.touched(liveKeys.list("funding_account"))).toBe(false);
    now = 30_001;
    expect(recent.touched(liveKeys.timeline("funding_account", "fa_1"))).toBe(false);
  });
});

describe("refreshLateQueries", () => {
  it("refetches a page's query created just after a change to it, and leaves others alone", async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    const recent = new RecentChanges();
    const stop = refreshLateQueries(qc, recent);
    recent.remember([liveKeys.timeline("funding_account", "fa_1")]);

    const fetches: string[] = [];
    const observe = (id: string) =>
      new QueryObserver(qc, {
        queryKey: liveKeys.timeline("funding_account", id),
        queryFn: async () => {
          fetches.push(id);
          return ["fresh"];
        },
        initialData: ["rendered on the server"],
        staleTime: 60_000,
      }).subscribe(() => undefined);
    const unsubscribe = [observe("fa_1"), observe("fa_2")];
    await vi.runAllTimersAsync();
    expect(fetches).toEqual(["fa_1"]);
    expect(qc.getQueryData(liveKeys.timeline("funding_account", "fa_1"))).toEqual(["fresh"]);
    expect(qc.getQueryData(liveKeys.timeline("funding_account", "fa_2"))).toEqual(["rendered on the server"]);
    for (const u of unsubscribe) u();
    stop();
  });
});
