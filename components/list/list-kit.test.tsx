/** The list kit as the server first paints it, and the shared URL parsers every filter definition uses. */
import { renderToStaticMarkup } from "react-dom/server";
import { createLoader, createSerializer } from "nuqs/server";
import { describe, expect, it, vi } from "vitest";
import { DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { ListRegion } from "@/components/list/list-region";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Pager } from "@/components/list/pager";
import { dayParser, pageParser, searchParser } from "@/lib/http/list-params";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => undefined, refresh: () => undefined, replace: () => undefined }),
  usePathname: () => "/things",
  useSearchParams: () => new URLSearchParams(),
}));

const params = { page: pageParser, from: dayParser, q: searchParser(10) };
const load = createLoader(params);
const serialize = createSerializer(params);

describe("shared list parsers", () => {
  it("read page 1 for anything but a whole number from 1 to 10000", () => {
    for (const bad of ["0", "-2", "1.5", "two", "1e2", " 3", "10001", ""]) expect(load(new URLSearchParams({ page: bad })).page).toBe(1);
    expect(load(new URLSearchParams({ page: "10000" })).page).toBe(10_000);
    expect(load(new URLSearchParams()).page).toBe(1);
  });

  it("drop a malformed day and a search that is blank or too long, and trim the rest", () => {
    expect(load(new URLSearchParams({ from: "2026-13-45x", q: "   " }))).toEqual({ page: 1, from: null, q: null });
    expect(load(new URLSearchParams({ from: "2026-11-02", q: "  ab  " }))).toEqual({ page: 1, from: "2026-11-02", q: "ab" });
    expect(load(new URLSearchParams({ q: "x".repeat(11) })).q).toBeNull();
    expect(load(new URLSearchParams({ q: "a\u0000b" })).q).toBeNull();
    expect(load(new URLSearchParams({ q: "tab\there" })).q).toBeNull();
  });

  it("leave page 1 and empty filters out of links, keeping the list's path", () => {
    expect(serialize("/things", { page: 1, from: null })).toBe("/things");
    expect(serialize("/things", { page: 3, q: "a b" })).toBe("/things?page=3&q=a+b");
  });
});

describe("DataList", () => {
  const columns = [
    { key: "name", header: "Name", cell: (r: { id: string; n: number }) => r.id },
    { key: "n", header: "Amount", numeric: true, cell: (r: { id: string; n: number }) => String(r.n) },
  ];

  it("renders a captioned table with numeric cells right aligned, row attributes and the pager", () => {
    const html = renderToStaticMarkup(
      <DataList
        caption="Things, newest first"
        columns={columns}
        rows={[{ id: "a", n: 5 }]}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-testid": "thing-row", "data-id": r.id })}
        empty={<p>none</p>}
        pager={<Pager label="Thing pages" noun={["thing", "things"]} page={2} pages={3} total={41} to={(p) => serialize("/things", { page: p })} />}
        stale={{ stale: true, fetchedAt: "2026-11-22T05:00:00.000Z" }}
        refresh={{ error: "The provider is down.", retry: () => undefined }}
      />,
    );
    expect(html).toMatch(/<caption[^>]*sr-only[^>]*>Things, newest first<\/caption>/);
    expect(html).toMatch(/<th[^>]*class="[^"]*text-right[^"]*"[^>]*>Amount<\/th>/);
    expect(html).toMatch(/<td[^>]*class="[^"]*tabular-nums[^"]*"[^>]*>5<\/td>/);
    expect(html).toContain('data-testid="thing-row" data-id="a"');
    expect(html).toContain("Could not refresh");
    expect(html).toContain('data-testid="stale-note"');
    expect(html).toContain("41 things · page 2 of 3");
    expect(html).toContain('href="/things">Newer');
    expect(html).toContain('href="/things?page=3">Older');
    expect(html).not.toContain("<p>none</p>");
  });

  it("renders the empty state instead of a table when there are no rows", () => {
    const html = renderToStaticMarkup(
      <DataList
        caption="Things"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty={<ListEmptyState testId="things-empty" title="No things yet" hint="Add one." />}
      />,
    );
    expect(html).not.toContain("<table");
    expect(html).toContain('data-testid="things-empty"');
    expect(html).toContain("No things yet");
  });
});

describe("Pager and ListToolbar", () => {
  it("pages by cursor with the same words, and offers only the directions that exist", () => {
    const html = renderToStaticMarkup(<Pager label="Event pages" noun={["event", "events"]} number={1} shown={20} newer={null} older="/events?before=abc" />);
    expect(html).toContain("Page 1 · 20 events, more on older pages");
    expect(html).not.toContain("Newer");
    expect(html).toContain('href="/events?before=abc">Older');
  });

  it("offers Export CSV, a download of the given link, only when the list has an export", () => {
    const without = renderToStaticMarkup(
      <ListToolbar pending={false}>
        <span>filters</span>
      </ListToolbar>,
    );
    expect(without).not.toContain("Export CSV");
    const html = renderToStaticMarkup(
      <ListToolbar pending={false} exportHref="/api/things/export?from=2026-11-02">
        <span>filters</span>
      </ListToolbar>,
    );
    expect(html).toMatch(/<a href="\/api\/things\/export\?from=2026-11-02" download=""[^>]*>Export CSV<\/a>/);
  });

  it("shows the progress bar and announces the update while pending, and Clear filters only when asked", () => {
    const idle = renderToStaticMarkup(
      <ListToolbar testId="t" pending={false}>
        <span>filters</span>
      </ListToolbar>,
    );
    expect(idle).not.toContain("Clear filters");
    expect(idle).not.toContain("Updating the list");
    expect(idle).toMatch(/data-testid="list-progress"[^>]*hidden/);
    const busy = renderToStaticMarkup(
      <ListRegion>
        <ListToolbar testId="t" pending onClear={() => undefined}>
          <span>filters</span>
        </ListToolbar>
      </ListRegion>,
    );
    expect(busy).toContain("Clear filters");
    expect(busy).toContain("Updating the list…");
    expect(busy).not.toMatch(/data-testid="list-progress"[^>]*hidden/);
  });
});
