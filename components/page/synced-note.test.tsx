/** The synced note as the server first paints it: the copy's age, Refresh, backfill progress and the last refusal in words. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));
vi.mock("@/lib/ledger/refresh-action", () => ({ refreshSynced: async () => ({ ok: true, data: { asked: true } }) }));

import { StaleNote } from "./stale-note";
import { isBehind, SyncedNote } from "./synced-note";

const fresh = { kind: "deposit", syncedAt: "2026-11-26T10:00:04.000Z", backfill: { done: true, read: 5000, total: 5000 }, error: null };

describe("SyncedNote", () => {
  it("says when the copy was synced, with the exact time on the element, and offers Refresh as a real button", () => {
    const html = renderToStaticMarkup(<SyncedNote freshness={fresh} />);
    expect(html).toContain("Synced ");
    expect(html).toMatch(/<time dateTime="2026-11-26T10:00:04.000Z" title="[^"]+"/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>.*Refresh<\/button>/);
    // The answer to Refresh is announced where a screen reader hears it.
    expect(html).toContain('role="status"');
    expect(html).not.toContain("Older history");
    expect(html).not.toContain("refused");
  });

  it("shows backfill progress while older history loads, with the provider's total when it gave one", () => {
    const loading = renderToStaticMarkup(<SyncedNote freshness={{ ...fresh, backfill: { done: false, read: 1240, total: 5000 } }} />);
    expect(loading).toContain("Older history is still loading: 1,240 of 5,000.");
    const unknown = renderToStaticMarkup(<SyncedNote freshness={{ ...fresh, backfill: { done: false, read: 300, total: null } }} />);
    expect(unknown).toContain("Older history is still loading: 300 so far.");
  });

  it("says so before the first read, and gives the last refusal in words", () => {
    const html = renderToStaticMarkup(<SyncedNote freshness={{ ...fresh, syncedAt: null, error: "This key lacks the Read scope." }} />);
    expect(html).toContain("Not read from the provider yet.");
    expect(html).not.toContain("the first read is on its way");
    expect(html).toContain("This key lacks the Read scope.");
  });

  it("warns of a list over a minute old, and of reference data only past twice its own pace", () => {
    const now = Date.parse("2026-11-28T10:00:00.000Z");
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(isBehind({ syncedAt: ago(50_000) }, now)).toBe(false);
    expect(isBehind({ syncedAt: ago(70_000) }, now)).toBe(true);
    expect(isBehind({ syncedAt: null }, now)).toBe(false);
    expect(isBehind({ syncedAt: ago(5 * 60_000), everyMs: 600_000 }, now)).toBe(false);
    expect(isBehind({ syncedAt: ago(21 * 60_000), everyMs: 600_000 }, now)).toBe(true);
  });

  it("is what StaleNote shows for anything read from the copy, stale or not", () => {
    expect(renderToStaticMarkup(<StaleNote stale={false} fetchedAt={fresh.syncedAt} synced={fresh} />)).toContain('data-testid="synced-note"');
    expect(renderToStaticMarkup(<StaleNote stale={false} fetchedAt={fresh.syncedAt} />)).toBe("");
  });
});
