import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { keysForChange, liveKeys, movesBalances } from "./query-keys";

const change = (over: Partial<Parameters<typeof keysForChange>[0]> = {}) => ({
  id: "e1",
  name: "deposit.received",
  resourceType: "deposit",
  resourceId: "dep_1",
  resourceStatus: "PROCESSING",
  ...over,
});

describe("keysForChange", () => {
  it("names the resource, its timeline, its lists and the event views", () => {
    expect(keysForChange(change())).toEqual([["events"], ["list", "deposit"], ["resource", "deposit", "dep_1"], ["timeline", "deposit", "dep_1"]]);
  });

  it("adds balances only for events that move money", () => {
    expect(keysForChange(change({ name: "deposit.completed" }))).toContainEqual(["balances"]);
    expect(keysForChange(change({ name: "deposit.settled" }))).toContainEqual(["balances"]);
    expect(keysForChange(change({ name: "deposit.requires_review" }))).not.toContainEqual(["balances"]);
    expect(movesBalances("order.filled")).toBe(true);
    expect(movesBalances("order.created")).toBe(false);
  });

  it("refreshes the balances and the move history on a completed balance move", () => {
    const keys = keysForChange(change({ name: "balance.transfer.completed", resourceType: "balance_move", resourceId: "m1", resourceStatus: "COMPLETED" }));
    expect(keys).toContainEqual(["balances"]);
    expect(keys).toContainEqual(liveKeys.list("balance_move"));
  });

  it("falls back to the event name for the type when the intake found no resource", () => {
    expect(keysForChange(change({ name: "funding_account.active", resourceType: null, resourceId: null }))).toEqual([["events"], ["list", "funding_account"]]);
    expect(keysForChange(change({ name: "ping", resourceType: null, resourceId: null }))).toEqual([["events"]]);
  });

  it("invalidates exactly the affected queries, whatever filters a page appended", async () => {
    const qc = new QueryClient();
    const keys = {
      thisDeposit: liveKeys.resource("deposit", "dep_1"),
      otherDeposit: liveKeys.resource("deposit", "dep_2"),
      filteredList: liveKeys.list("deposit", { status: "PROCESSING", cursor: null }),
      transfers: liveKeys.list("transfer"),
      timeline: liveKeys.timeline("deposit", "dep_1"),
      recent: liveKeys.events("recent"),
      balances: liveKeys.balances("collection"),
    };
    for (const k of Object.values(keys)) qc.setQueryData(k, 1);
    for (const k of keysForChange(change())) await qc.invalidateQueries({ queryKey: k });
    const stale = Object.fromEntries(Object.entries(keys).map(([n, k]) => [n, qc.getQueryState(k)!.isInvalidated]));
    expect(stale).toEqual({ thisDeposit: true, otherDeposit: false, filteredList: true, transfers: false, timeline: true, recent: true, balances: false });
  });
});
