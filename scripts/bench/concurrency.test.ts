import { describe, expect, it } from "vitest";
import { dataAges, longestReadGaps, routesDuring } from "./concurrency";

const asked = Date.parse("2026-11-27T10:00:10.000Z");
const arrived = asked + 300;

describe("bench:concurrency's data ages", () => {
  it("reads a page's synced lists and cached prices out of the escaped RSC payload", () => {
    const body =
      'self.__next_f.push([1,"{\\"kind\\":\\"deposits\\",\\"syncedAt\\":\\"2026-11-27T10:00:04.000Z\\",\\"backfill\\":{}}"])' +
      'self.__next_f.push([1,"{\\"fetchedAt\\":\\"$D2026-11-27T10:00:01.000Z\\",\\"stale\\":true}"])';
    const ages = dataAges([{ text: body, at: arrived }], "html", asked);
    expect(ages).toEqual([
      { source: "copy", ageMs: 6_300, ageAskedMs: 6_000, stale: false, noted: true },
      // Stale without the page's "As of" note: the benchmark counts it against the page.
      { source: "cache", ageMs: 9_300, ageAskedMs: 9_000, stale: true, noted: false },
    ]);
  });

  it("reads a navigation's unescaped payload; its stale mark is what the browser draws the note from", () => {
    const body = `5:["$","$L6",null,{"figure":{"fetchedAt":"$D2026-11-27T10:00:01.000Z","stale":true}}]\n${"6:[]\n".repeat(60)}7:{"kind":"deposits","syncedAt":"2026-11-27T10:00:04.000Z"}`;
    expect(dataAges([{ text: body, at: arrived }], "rsc", asked)).toEqual([
      { source: "cache", ageMs: 9_300, ageAskedMs: 9_000, stale: true, noted: true },
      { source: "copy", ageMs: 6_300, ageAskedMs: 6_000, stale: false, noted: true },
    ]);
  });

  it("tells a reference snapshot (swept at its own pace) from the copy's lists, in a page and in a route", () => {
    const page =
      'self.__next_f.push([1,"{\\"kind\\":\\"coins_deposit_options\\",\\"syncedAt\\":\\"2026-11-27T09:55:10.000Z\\",\\"backfill\\":{\\"done\\":true},\\"error\\":null,\\"everyMs\\":600000}"])' +
      'self.__next_f.push([1,"{\\"kind\\":\\"deposit\\",\\"syncedAt\\":\\"2026-11-27T10:00:04.000Z\\",\\"backfill\\":{\\"done\\":true},\\"error\\":null}"])';
    expect(dataAges([{ text: page, at: arrived }], "html", asked).map((o) => [o.source, o.ageAskedMs, o.paceMs])).toEqual([
      ["reference", 300_000, 600_000],
      ["copy", 6_000, undefined],
    ]);
    const json = JSON.stringify({ options: [], synced: { kind: "coins_deposit_options", syncedAt: "2026-11-27T09:55:10.000Z", everyMs: 600_000 } });
    expect(dataAges([{ text: json, at: arrived }], "json", asked).map((o) => [o.source, o.paceMs])).toEqual([["reference", 600_000]]);
  });

  it("reads an API answer's freshness, nested anywhere in the JSON", () => {
    const body = JSON.stringify({ data: [], freshness: { syncedAt: "2026-11-27T09:59:40.000Z" }, rate: { fetchedAt: "2026-11-27T10:00:08.000Z" } });
    const ages = dataAges([{ text: body, at: arrived }], "json", asked);
    expect(ages.map((o) => [o.source, o.ageAskedMs])).toEqual([
      ["copy", 30_000],
      ["cache", 2_000],
    ]);
  });

  it("counts a copy view's fetchedAt (its syncedAt again) once, as the copy's", () => {
    const page =
      'self.__next_f.push([1,"{\\"fetchedAt\\":\\"2026-11-27T10:00:04.000Z\\",\\"stale\\":false,\\"synced\\":{\\"syncedAt\\":\\"2026-11-27T10:00:04.000Z\\"}}"])';
    expect(dataAges([{ text: page, at: arrived }], "html", asked).map((o) => o.source)).toEqual(["copy"]);
    const json = JSON.stringify({ rows: [], fetchedAt: "2026-11-27T10:00:04.000Z", stale: false, synced: { syncedAt: "2026-11-27T10:00:04.000Z" } });
    expect(dataAges([{ text: json, at: arrived }], "json", asked).map((o) => o.source)).toEqual(["copy"]);
  });

  it("counts a copy view's fetchedAt as the copy's when React outlined its synced elsewhere in the payload", () => {
    const page =
      'self.__next_f.push([1,"5:{\\"kind\\":\\"payout\\",\\"syncedAt\\":\\"2026-11-27T10:00:04.123Z\\"}"])' +
      `self.__next_f.push([1,"{\\"rows\\":[${'{\\"id\\":\\"p\\"},'.repeat(40)}],\\"fetchedAt\\":\\"2026-11-27T10:00:04.123Z\\",\\"stale\\":false,\\"synced\\":\\"$5\\"}"])` +
      'self.__next_f.push([1,"{\\"fetchedAt\\":\\"2026-11-27T10:00:08.000Z\\",\\"stale\\":false}"])';
    expect(dataAges([{ text: page, at: arrived }], "html", asked).map((o) => [o.source, o.ageAskedMs])).toEqual([
      ["copy", 5_877],
      ["cache", 2_000],
    ]);
  });

  it("counts an overview figure counted from the copy as the copy's, and a cached balance beside it as a cached read", () => {
    const json = JSON.stringify({
      depositsToday: { ok: true, data: {}, fetchedAt: "2026-11-27T10:00:01.500Z", syncedAt: "2026-11-27T10:00:01.500Z", stale: false },
      balances: { ok: true, data: {}, fetchedAt: "2026-11-27T10:00:05.000Z", stale: false },
    });
    expect(dataAges([{ text: json, at: arrived }], "json", asked).map((o) => [o.source, o.ageAskedMs])).toEqual([
      ["copy", 8_500],
      ["cache", 5_000],
    ]);
  });

  it("finds nothing in an answer that carries no read", () => {
    expect(dataAges([{ text: "<html>Sign in</html>", at: arrived }], "html", asked)).toEqual([]);
  });
});

describe("bench:concurrency's reads during a pause on a page", () => {
  const routes = [
    { url: "/api/balances", afterMs: 0 },
    { url: "/api/transfers", afterMs: 10_000 },
    { url: "/api/pro/orders", afterMs: 3_000 },
  ];

  it("sends a page's arrival reads at once and none of its polling in a pause shorter than the interval", () => {
    expect(routesDuring(routes, 900)).toEqual([{ url: "/api/balances", atMs: 0 }]);
  });

  it("sends each polled read as often as its interval fits into the pause", () => {
    expect(routesDuring(routes, 10_000)).toEqual([
      { url: "/api/balances", atMs: 0 },
      { url: "/api/pro/orders", atMs: 3_000 },
      { url: "/api/pro/orders", atMs: 6_000 },
      { url: "/api/pro/orders", atMs: 9_000 },
      { url: "/api/transfers", atMs: 10_000 },
    ]);
  });
});

describe("longestReadGaps", () => {
  const sample = (at: number, counts: Record<string, number>) => ({ at, counts });
  it("finds each swept list's longest time between two provider reads during the run, the open one at its end included", () => {
    const samples = [
      sample(0, { "GET /v1/deposits (k)": 0, "GET /stocks/v1/prices (k)": 0, "GET /v1/deposits/:id (k)": 0 }),
      sample(10, { "GET /v1/deposits (k)": 1 }),
      sample(20, { "GET /v1/deposits (k)": 2 }),
      sample(30, { "GET /v1/deposits (k)": 3, "GET /v1/transfers (k)": 1 }),
      sample(50, { "GET /v1/deposits (k)": 3, "GET /v1/transfers (k)": 2 }),
      // The run starts at 100: deposits last read at 30, next at 125; prices read for people only.
      sample(110, { "GET /v1/deposits (k)": 3, "GET /v1/transfers (k)": 3, "GET /stocks/v1/prices (k)": 9, "GET /v1/deposits/:id (k)": 4 }),
      sample(125, { "GET /v1/deposits (k)": 4, "GET /v1/transfers (k)": 4, "GET /stocks/v1/prices (k)": 12 }),
      sample(140, { "GET /v1/deposits (k)": 5, "GET /v1/transfers (k)": 4, "GET /stocks/v1/prices (k)": 20 }),
    ];
    expect(longestReadGaps(samples, 100, 160, 3)).toEqual([{ endpoint: "GET /v1/deposits (k)", gapMs: 95, endsAt: 125 }]);
    expect(longestReadGaps(samples, 100, 160, 2)).toEqual([
      { endpoint: "GET /v1/deposits (k)", gapMs: 95, endsAt: 125 },
      { endpoint: "GET /v1/transfers (k)", gapMs: 60, endsAt: 110 },
    ]);
  });
});
