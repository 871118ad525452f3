import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { offerServerAnswer } from "./use-server-query";

const KEY = ["live", "deposit", "page=1"];
const clients: QueryClient[] = [];
const client = () => {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: false } } });
  clients.push(qc);
  return qc;
};
afterEach(() => {
  for (const qc of clients.splice(0)) qc.clear();
});

/** The last visit's answer, cached 20 s ago: stale, so a mounted query would refetch it. */
function cachedFromLastVisit(qc: QueryClient) {
  qc.setQueryData(KEY, { rows: ["old"] }, { updatedAt: Date.now() - 20_000 });
}

const isStale = (qc: QueryClient) => qc.getQueryCache().find({ queryKey: KEY })!.isStaleByTime(15_000);

describe("offerServerAnswer", () => {
  it("puts a navigation's fresh render into the cache over the last visit's answer, fresh", () => {
    const qc = client();
    cachedFromLastVisit(qc);
    const render = { rows: ["new"] };
    expect(offerServerAnswer(qc, KEY, render)).toBe("seeded");
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["new"] });
    expect(isStale(qc)).toBe(false);
  });

  it("keeps its own stamp when the render says it is stale (updatedAt 0: asked again at once)", () => {
    const qc = client();
    cachedFromLastVisit(qc);
    expect(offerServerAnswer(qc, KEY, { rows: ["new"] }, 0)).toBe("seeded");
    expect(isStale(qc)).toBe(true);
  });

  it("never puts an answer back that back/forward restored: the cache, newer, stays", () => {
    const qc = client();
    const render = { rows: ["first visit"] };
    expect(offerServerAnswer(qc, KEY, render)).toBe("first");
    qc.setQueryData(KEY, { rows: ["polled since"] });
    // Back to the page: the router brings back the same objects.
    expect(offerServerAnswer(qc, KEY, render)).toBe("kept");
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["polled since"] });
  });

  it("says a restored answer with nothing cached is restored (shown, then asked again)", () => {
    const qc = client();
    const render = { rows: ["first visit"] };
    offerServerAnswer(qc, KEY, render);
    expect(offerServerAnswer(qc, KEY, render)).toBe("restored");
  });

  it("leaves a query alone that a mounted view keeps fresh (an observer can have fetched after the render)", () => {
    const qc = client();
    cachedFromLastVisit(qc);
    const unsubscribe = new QueryObserver(qc, { queryKey: KEY, queryFn: () => ({ rows: ["fetched"] }), enabled: false }).subscribe(() => {});
    expect(offerServerAnswer(qc, KEY, { rows: ["new"] })).toBe("kept");
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["old"] });
    unsubscribe();
  });

  it("leaves a query alone while it is being fetched (its answer may be newer than the render)", async () => {
    const qc = client();
    cachedFromLastVisit(qc);
    let answer!: (v: unknown) => void;
    const fetching = qc.fetchQuery({ queryKey: KEY, queryFn: () => new Promise((r) => (answer = r)), staleTime: 0 });
    expect(offerServerAnswer(qc, KEY, { rows: ["new"] })).toBe("kept");
    answer({ rows: ["fetched"] });
    await fetching;
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["fetched"] });
  });

  it("leaves a query alone that a live change marked since (the change may be newer than the render)", async () => {
    const qc = client();
    cachedFromLastVisit(qc);
    await qc.invalidateQueries({ queryKey: KEY });
    expect(offerServerAnswer(qc, KEY, { rows: ["new"] })).toBe("kept");
    expect(qc.getQueryState(KEY)?.isInvalidated).toBe(true);
  });

  it("offers one render to each of its queries once", () => {
    const qc = client();
    const other = ["live", "deposit", "page=2"];
    cachedFromLastVisit(qc);
    qc.setQueryData(other, { rows: ["old 2"] }, { updatedAt: Date.now() - 20_000 });
    const render = { rows: ["new"] };
    expect(offerServerAnswer(qc, KEY, render)).toBe("seeded");
    expect(offerServerAnswer(qc, other, render)).toBe("seeded");
    qc.setQueryData(KEY, { rows: ["polled since"] });
    expect(offerServerAnswer(qc, KEY, render)).toBe("kept");
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["polled since"] });
  });

  it("never puts a render over a cached answer read from the provider later", () => {
    const qc = client();
    qc.setQueryData(KEY, { syncedAt: "2026-11-29T05:00:20.000Z", rows: ["swept later"] }, { updatedAt: Date.now() - 20_000 });
    expect(offerServerAnswer(qc, KEY, { syncedAt: "2026-11-29T05:00:10.000Z", rows: ["render"] })).toBe("kept");
    expect(offerServerAnswer(qc, KEY, { syncedAt: "2026-11-29T05:00:30.000Z", rows: ["render"] })).toBe("seeded");
    expect(qc.getQueryData(KEY)).toEqual({ syncedAt: "2026-11-29T05:00:30.000Z", rows: ["render"] });
  });

  it("offers nothing for a view with no server answer", () => {
    const qc = client();
    cachedFromLastVisit(qc);
    expect(offerServerAnswer(qc, KEY, undefined)).toBe("first");
    expect(qc.getQueryData(KEY)).toEqual({ rows: ["old"] });
  });
});
