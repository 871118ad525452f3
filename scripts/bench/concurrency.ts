/**
 * Concurrency (npm run bench:concurrency): BENCH_USERS simulated users (default 20, the four demo
 * roles in turn) browse every nav page their role sees, all at once, for BENCH_DURATION_MS
 * (default 60 s): real HTTP requests with their session cookie for each page and for the page's
 * client refetch routes. The refetch routes are found, not listed: each page is opened once in
 * Chromium with the live stream cut (so it falls back to polling) and its clock run past the
 * polling interval, and every /api/ request it makes is recorded with when it was first asked:
 * on arrival, or that long after (polling). A page view sends its arrival routes at once and its
 * polled routes as often as their interval fits into the person's pause on the page.
 *
 * How a person moves between pages (BENCH_NAVIGATION):
 * - "app" (default): as in a browser. A person's first page is a new document; after that they
 *   follow the sidebar's links, and the browser asks the server for the next page only (React
 *   Server Components payload; the layout and shell stay). The requests are the browser's own:
 *   each link is hovered and clicked once in Chromium and every request it makes (the hover's
 *   prefetches, the navigation) is recorded and sent again, headers and all. The navigation is
 *   the page view; prefetches count as routes. Then each role's round of links is followed again
 *   once the browser's cache has aged past its 15 s: what a page's client asks on arrival when a
 *   person comes back to it is recorded per link and sent after that navigation.
 * - "documents": every page view is a new document (a reload or a new tab each time).
 *
 * Measured at the provider's side (the emulator's GET /__emulator/requests, polled every second):
 * the most requests any API key made in a minute (target < 100) and the 429s (target 0); at the
 * users' side: 429 answers from the app, or pages whose sections say the limit is reached (target 0),
 * errors, latency, and how old the data each answer carries is:
 * - lists and objects read from the local copy carry `syncedAt`, when the provider was last read
 *   for them; the page says "Synced n ago". A list people are looking at is swept every few
 *   seconds, so when the user asked it must be at most 30 s behind the provider (issue 19's target);
 * - prices and rates, still short-lived cached reads, carry `fetchedAt`: data not marked stale is
 *   shown as current, so when the user asked it must have been within the read cache's freshness
 *   (10 s, lib/upstream/README.md). Stale data must carry the stale mark the page turns into "As of ...".
 * Ages on arrival are printed too (they add the time the answer took, which on a busy machine is the
 * server's queue). Before the minute, the people's first pages are loaded at once three times, to
 * measure the server as it runs rather than as it starts; the first of those bursts is reported as
 * the arrival on a server just started.
 * Writes bench-results/concurrency.json.
 *
 * Env: BENCH_USERS, BENCH_DURATION_MS, BENCH_THINK_MS (pause between page views, random up to
 * this, default 1000), BENCH_NAVIGATION ("app" or "documents"), BENCH_APP_URL / BENCH_EMULATOR_URL
 * (an app already running).
 */
import { performance } from "node:perf_hooks";
import type { Role } from "../../lib/auth/permissions";
import { budgetSentence } from "../../lib/upstream/errors";
import { loadAverage, machine, navPages, navPagesFor, quantile, ROLES, runningApp, writeResult, type ResultLine } from "./common";
import { printSummary, runMain } from "./results";
import { CHROMIUM, CHROMIUM_ARGS } from "../machine/chromium";
import { browserCookies } from "./stack";

const USERS = Number(process.env.BENCH_USERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 60_000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1_000);
const NAVIGATION = process.env.BENCH_NAVIGATION === "documents" ? "documents" : "app";
const LIMIT_PER_MINUTE = 100;
/** What a page or route shows when the key's budget is spent (lib/upstream/errors.ts), without its "Try again in n s". */
const LIMIT_SENTENCE = budgetSentence(1).split(" Try again")[0]!;
/** Reads are fresh for 10 s (lib/upstream/http.ts); a fresh answer is shown without an age. */
const FRESH_FOR_MS = 10_000;
/** Before the run: until the busiest key's last minute holds at most this many requests (at most SETTLE_MAX_MS), then one sweep cycle. */
const SETTLED_PER_MINUTE = 50;
const SETTLE_MAX_MS = 90_000;
const SETTLE_CATCH_UP_MS = 20_000;
/** Bursts of the people's first pages after the one measured as the arrival on a just-started server. */
const WARM_UP_ROUNDS = 2;
/** The most a swept list may lag behind the provider (issue 19). */
const SYNCED_WITHIN_MS = 30_000;

interface KeyCount {
  key: string;
  requests: number;
  rate_limited: number;
  last_minute: number;
  peak_per_minute: number;
  /** Requests per "METHOD /path" (the emulator's count, ids as ":id"). */
  endpoints?: Record<string, number>;
}

interface Observation {
  /**
   * "copy": a read of the local copy (`syncedAt`); "reference": a reference snapshot of the copy,
   * swept at its own slower pace (`everyMs` beside its `syncedAt`); "cache": a cached provider read
   * (`fetchedAt`).
   */
  source: "copy" | "reference" | "cache";
  /** Data age when it reached the user (the chunk of the answer that carried it). */
  ageMs: number;
  /** Data age when the user asked: what the read cache decided on, without the time the answer took. */
  ageAskedMs: number;
  stale: boolean;
  /** A reference snapshot's own sweep pace (its `everyMs`). */
  paceMs?: number;
  /** For stale data on a page: whether the page carries its "as of" note. */
  noted: boolean;
}

/**
 * The `fetchedAt` (with the stale mark beside it) and `syncedAt` of every read an answer carries.
 * `kind`: "json" (a route), "html" (a document: its server-rendered text must carry the note of a
 * stale figure) or "rsc" (a navigation's Server Components payload: a client component draws the
 * note from the stale mark in the browser, so the mark beside its `fetchedAt` is what travels; the
 * pages' own tests check that it is drawn).
 */
export function dataAges(chunks: { text: string; at: number }[], kind: "json" | "html" | "rsc", askedAt: number): Observation[] {
  const isJson = kind === "json";
  const out: Observation[] = [];
  const body = chunks.map((c) => c.text).join("");
  const arrivedAt = (offset: number) => {
    let end = 0;
    for (const c of chunks) {
      end += c.text.length;
      if (offset < end) return c.at;
    }
    return chunks.at(-1)?.at ?? askedAt;
  };
  const re = /(fetchedAt|syncedAt)\\*"\s*:\s*\\*"(?:\$D)?(\d{4}-\d\d-\d\dT[0-9:.]+Z)\\*"/g;
  // A view or figure read from the copy carries its syncedAt again as fetchedAt, the same instant
  // to the millisecond; React may outline its `synced` far from it, so the instant tells it apart.
  const synced = new Set([...body.matchAll(re)].filter((m) => m[1] === "syncedAt").map((m) => m[2]));
  if (isJson) {
    const at = arrivedAt(body.length - 1);
    const walk = (v: unknown) => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== "object") return;
      const o = v as Record<string, unknown>;
      if (typeof o.fetchedAt === "string" && o.synced === undefined && !synced.has(o.fetchedAt)) {
        const t = Date.parse(o.fetchedAt);
        if (Number.isFinite(t)) out.push({ source: "cache", ageMs: at - t, ageAskedMs: askedAt - t, stale: o.stale === true, noted: true });
      }
      if (typeof o.syncedAt === "string") {
        const t = Date.parse(o.syncedAt);
        const pace = typeof o.everyMs === "number" ? { source: "reference" as const, paceMs: o.everyMs } : { source: "copy" as const };
        if (Number.isFinite(t)) out.push({ ...pace, ageMs: at - t, ageAskedMs: askedAt - t, stale: false, noted: true });
      }
      for (const child of Object.values(o)) walk(child);
    };
    try {
      walk(JSON.parse(body));
    } catch {
      /* not JSON after all: nothing to check */
    }
    return out;
  }
  // A page: its server-rendered reads travel in the RSC payload, escaped inside script strings,
  // Dates as "$D<iso>". The stale mark is serialized next to its fetchedAt.
  const noted = kind === "rsc" || /could not be reached|As of /.test(body);
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const t = Date.parse(m[2]!);
    if (m[1] === "syncedAt") {
      // The freshness object's own fields follow its syncedAt, up to the next one's.
      const rest = body.slice(m.index + m[0].length, m.index + m[0].length + 400).split(/syncedAt|"kind\\*"/)[0]!;
      const every = /everyMs\\*"\s*:\s*(\d+)/.exec(rest);
      const pace = every ? { source: "reference" as const, paceMs: Number(every[1]) } : { source: "copy" as const };
      out.push({ ...pace, ageMs: arrivedAt(m.index) - t, ageAskedMs: askedAt - t, stale: false, noted: true });
      continue;
    }
    const around = body.slice(Math.max(0, m.index - 400), m.index + 400);
    if (synced.has(m[2]) || /syncedAt/.test(body.slice(m.index + m[0].length, m.index + 300))) continue;
    const stale = /stale\\*"\s*:\s*true/.test(around);
    out.push({ source: "cache", ageMs: arrivedAt(m.index) - t, ageAskedMs: askedAt - t, stale, noted: !stale || noted });
  }
  return out;
}

/**
 * A page signed in as after a real sign-in (the cookies in the browser's jar), with the live stream
 * cut: the page then polls, and polling shows every refetch route.
 */
async function signedInPage(browser: import("@playwright/test").Browser, appUrl: string, cookie: string) {
  const context = await browser.newContext({ baseURL: appUrl });
  await context.addCookies(browserCookies(appUrl, cookie));
  const page = await context.newPage();
  await page.route("**/api/live**", (r) => r.abort());
  return { context, page };
}

/** An /api/ GET a page's client makes: on arrival (`afterMs` 0) or polled, first that long after arrival. */
export interface RefetchRoute {
  url: string;
  afterMs: number;
}

/** The clock's stops after a page's arrival at which discovery looks for what was asked meanwhile. */
const POLL_STOPS_MS = [1_000, 2_000, 3_000, 5_000, 10_000, 15_000, 20_000, 25_000];

/** An /api/ GET of the app's own (not the live stream, not sign-in) as the path and query it asked. */
function apiRead(req: import("@playwright/test").Request, appUrl: string): string | null {
  const u = new URL(req.url());
  if (req.method() !== "GET" || u.origin !== new URL(appUrl).origin || !u.pathname.startsWith("/api/")) return null;
  return /^\/api\/(live|auth)(\/|$)/.test(u.pathname) ? null : u.pathname + u.search;
}

/**
 * What a person's browser asks in a pause of `pauseMs` on a page: each arrival route once at once,
 * each polled route every `afterMs` (its interval; the stop it was first seen at, so never more
 * often than it was) while the pause lasts. `atMs`: when, from the page's arrival.
 */
export function routesDuring(routes: readonly RefetchRoute[], pauseMs: number): { url: string; atMs: number }[] {
  const out: { url: string; atMs: number }[] = [];
  for (const r of routes) {
    if (r.afterMs === 0) out.push({ url: r.url, atMs: 0 });
    else for (let at = r.afterMs; at <= pauseMs; at += r.afterMs) out.push({ url: r.url, atMs: at });
  }
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** One reading of the emulator's counter: every key's requests per endpoint at `at` (ms, epoch). */
export interface CounterSample {
  at: number;
  counts: Record<string, number>;
}

/**
 * The provider's side of the copy's freshness: for each swept endpoint, the longest time between
 * two of its reads that reaches into [from, to], the open one at `to` included. Swept: a GET
 * without an id read at least `sweptBefore` times before `from`, while nobody browsed (prices are
 * read only for people; reference data every few minutes). A read is placed at the first sample
 * whose count went up (the samples' spacing is the precision).
 */
export function longestReadGaps(
  samples: readonly CounterSample[],
  from: number,
  to: number,
  sweptBefore = 3,
): { endpoint: string; gapMs: number; endsAt: number }[] {
  const reads = new Map<string, number[]>();
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1]!;
    const cur = samples[i]!;
    for (const [endpoint, n] of Object.entries(cur.counts)) {
      if (!endpoint.startsWith("GET ") || endpoint.includes(":id")) continue;
      if (n > (prev.counts[endpoint] ?? 0)) reads.set(endpoint, [...(reads.get(endpoint) ?? []), cur.at]);
    }
  }
  const out: { endpoint: string; gapMs: number; endsAt: number }[] = [];
  for (const [endpoint, times] of reads) {
    if (times.filter((t) => t < from).length < sweptBefore) continue;
    let worst = { gapMs: 0, endsAt: to };
    const edges = [...times.filter((t) => t <= to), to];
    for (let i = 1; i < edges.length; i++) {
      if (edges[i]! < from) continue;
      const gapMs = edges[i]! - edges[i - 1]!;
      if (gapMs > worst.gapMs) worst = { gapMs, endsAt: edges[i]! };
    }
    out.push({ endpoint, ...worst });
  }
  return out.sort((a, b) => b.gapMs - a.gapMs);
}

/** The /api/ GET requests each page makes in a browser as a new document, polling included. */
async function discoverRefetchRoutes(
  appUrl: string,
  pages: { href: string; role: Role }[],
  cookie: (r: Role) => Promise<string>,
): Promise<Map<string, RefetchRoute[]>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const found = new Map<string, RefetchRoute[]>();
  try {
    // A few pages at a time: most of each visit is waiting for the network to go quiet.
    const queue = [...pages];
    const visit = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const { context, page } = await signedInPage(browser, appUrl, await cookie(p.role));
        const firstAsked = new Map<string, number>();
        let stop = 0;
        page.on("request", (req) => {
          const url = apiRead(req, appUrl);
          if (url && !firstAsked.has(url)) firstAsked.set(url, stop);
        });
        await page.clock.install();
        await page.goto(p.href, { waitUntil: "networkidle", timeout: 60_000 });
        // Hydrated (components/providers.tsx marks it): what it asked until now, it asked on arrival.
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 60_000 });
        await page.waitForLoadState("networkidle").catch(() => undefined);
        let ran = 0;
        for (const at of POLL_STOPS_MS) {
          stop = at;
          await page.clock.runFor(at - ran);
          ran = at;
          await page.waitForLoadState("networkidle").catch(() => undefined);
        }
        found.set(
          p.href,
          [...firstAsked].map(([url, afterMs]) => ({ url, afterMs })).sort((a, b) => a.afterMs - b.afterMs || a.url.localeCompare(b.url)),
        );
        await context.close();
      }
    };
    await Promise.all(Array.from({ length: 4 }, visit));
  } finally {
    await browser.close();
  }
  return found;
}

/** A request the browser made, to be sent again as it was (the session cookie is each user's own). */
interface Recorded {
  url: string;
  headers: Record<string, string>;
}

/**
 * Following the sidebar's link to a page: the hover's prefetches, the navigation itself, and what
 * the page's client asks on arrival when the person comes back after its cache has aged.
 */
interface Navigation {
  prefetches: Recorded[];
  navigation: Recorded;
  revisit: string[];
}

/** Headers a browser sets that the server reads for a Server Components request (Next's router). */
const ROUTER_HEADERS = /^(rsc|next-router-state-tree|next-router-prefetch|next-router-segment-prefetch|next-url|accept)$/;

/**
 * For each role, the requests Chromium makes when a person on page k of the role's nav follows the
 * sidebar's link to page k + 1 (the last page leads back to the first). Keyed by role, then target.
 */
async function discoverNavigations(appUrl: string, cookie: (r: Role) => Promise<string>): Promise<Map<Role, Map<string, Navigation>>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const found = new Map<Role, Map<string, Navigation>>();
  try {
    await Promise.all(
      ROLES.map(async (role) => {
        const pages = navPagesFor(role).map((p) => p.href);
        const { context, page } = await signedInPage(browser, appUrl, await cookie(role));
        let recorded: { url: string; headers: Record<string, string> }[] = [];
        let asked: string[] = [];
        page.on("request", (req) => {
          const u = new URL(req.url());
          if (req.method() === "GET" && u.origin === new URL(appUrl).origin && req.headers().rsc === "1") {
            const headers = Object.fromEntries(Object.entries(req.headers()).filter(([k]) => ROUTER_HEADERS.test(k)));
            recorded.push({ url: u.pathname + u.search, headers });
          }
          const read = apiRead(req, appUrl);
          if (read) asked.push(read);
        });
        const mine = new Map<string, Navigation>();
        await page.goto(pages[0]!, { waitUntil: "networkidle", timeout: 60_000 });
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 60_000 });
        for (let k = 1; k <= pages.length; k++) {
          const to = pages[k % pages.length]!;
          recorded = [];
          const link = page.locator(`nav[aria-label=Main] a[href="${to}"]`);
          await link.hover();
          await page.waitForTimeout(300);
          await link.click();
          await page.waitForURL((u) => u.pathname === to, { timeout: 60_000 });
          await page.waitForLoadState("networkidle").catch(() => undefined);
          const mineTo = recorded.filter((r) => new URL(r.url, appUrl).pathname === to);
          const navigation = mineTo.find((r) => r.headers["next-router-prefetch"] !== "1");
          if (!navigation) throw new Error(`following the link to ${to} as ${role} made no navigation request`);
          mine.set(to, { navigation, prefetches: mineTo.filter((r) => r !== navigation), revisit: [] });
        }
        // Coming back: every page's cached queries older than their staleTime (15 s). Waited out, not
        // run on the page's clock: a clock ahead of the server's would age the server's own stamps too.
        await page.waitForTimeout(16_000);
        for (let k = 1; k <= pages.length; k++) {
          const to = pages[k % pages.length]!;
          await page.waitForLoadState("networkidle").catch(() => undefined);
          asked = [];
          await page.locator(`nav[aria-label=Main] a[href="${to}"]`).click();
          await page.waitForURL((u) => u.pathname === to, { timeout: 60_000 });
          await page.locator("main h1").first().waitFor({ timeout: 60_000 });
          await page.waitForLoadState("networkidle").catch(() => undefined);
          mine.get(to)!.revisit = [...new Set(asked)].sort();
        }
        found.set(role, mine);
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
  return found;
}

/** Enough of a key to tell it apart in a report, never the whole key. */
const shortKey = (key: string) => `${key.slice(0, 16)}…`;

async function emulatorCounts(emulatorUrl: string): Promise<KeyCount[]> {
  const res = await fetch(`${emulatorUrl}/__emulator/requests`);
  if (!res.ok) throw new Error(`the emulator's request counter answered ${res.status}`);
  return ((await res.json()) as { keys: KeyCount[] }).keys;
}

async function main(): Promise<void> {
  const app = await runningApp();
  try {
    const all = navPages();
    console.log(`Finding each page's refetch routes in Chromium (${all.length} pages)...`);
    const routes = await discoverRefetchRoutes(app.appUrl, all, (r) => app.cookie(r));
    const said = (r: RefetchRoute) => (r.afterMs === 0 ? r.url : `${r.url} (after ${r.afterMs / 1000} s)`);
    for (const p of all) console.log(`  ${p.href.padEnd(28)} ${routes.get(p.href)?.map(said).join(" ") || "(none)"}`);
    let navigations = new Map<Role, Map<string, Navigation>>();
    if (NAVIGATION === "app") {
      console.log("Following each role's sidebar links in Chromium...");
      navigations = await discoverNavigations(app.appUrl, (r) => app.cookie(r));
      for (const [role, m] of navigations) {
        const count = (f: (n: Navigation) => unknown[]) => [...m.values()].reduce((s, n) => s + f(n).length, 0);
        console.log(`  ${role.padEnd(9)} ${m.size} links, ${count((n) => n.prefetches)} prefetches, ${count((n) => n.revisit)} reads on coming back`);
        for (const [to, n] of m) if (n.revisit.length) console.log(`    back to ${to}: ${n.revisit.join(" ")}`);
      }
    }
    const cookies = new Map<Role, string>();
    for (const role of ROLES) cookies.set(role, await app.cookie(role));
    /** Person i: their role's session and pages, in the order they browse them from their i-th. */
    const person = (i: number) => {
      const role = ROLES[i % ROLES.length]!;
      return { role, cookie: cookies.get(role)!, mine: navPagesFor(role) };
    };

    // The minute measures the server as it runs, not as it starts: a server that has served for a
    // while runs optimized code (V8 optimizes a function after many calls), one just started does
    // not, and the discovery ran each page only a few times. The people's first pages go at once
    // on the server as it is now (reported: the arrival on a server just started), then
    // WARM_UP_ROUNDS more times; the same 100 documents at once cost the web workers 52 ms each in
    // the first burst, 32 in the second and 23 in the third.
    const burst = () =>
      Promise.all(
        Array.from({ length: USERS }, async (_, i) => {
          const { cookie, mine } = person(i);
          const t0 = performance.now();
          const res = await fetch(new URL(mine[i % mine.length]!.href, app.appUrl), { headers: { cookie, accept: "text/html" }, redirect: "manual" });
          await res.arrayBuffer();
          return performance.now() - t0;
        }),
      );
    console.log(`Warming the server: the ${USERS} first pages at once, ${1 + WARM_UP_ROUNDS} times...`);
    const coldArrival = (await burst()).sort((a, b) => a - b);
    for (let round = 0; round < WARM_UP_ROUNDS; round++) await burst();

    // The discovery above (four browsers on every page, their polling run fast) spends the keys'
    // minute, and the copy falls behind meanwhile. The run starts once that minute has passed and
    // the sweeps have caught up, so the lag it reports is the people's, not the harness's.
    const settleStart = performance.now();
    // The counter read every half second from here on: the provider's reads of each list, before and during the run.
    const counterSamples: CounterSample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const counts: Record<string, number> = {};
        for (const k of await emulatorCounts(app.emulatorUrl).catch(() => [])) {
          for (const [endpoint, n] of Object.entries(k.endpoints ?? {})) counts[`${endpoint} (${shortKey(k.key)})`] = n;
        }
        counterSamples.push({ at: Date.now(), counts });
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    while (performance.now() - settleStart < SETTLE_MAX_MS) {
      const busiest = Math.max(0, ...(await emulatorCounts(app.emulatorUrl)).map((k) => k.last_minute));
      if (busiest <= SETTLED_PER_MINUTE) break;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    await new Promise((r) => setTimeout(r, SETTLE_CATCH_UP_MS));
    console.log(`Waited ${Math.round((performance.now() - settleStart) / 1000)} s for the discovery's minute to pass and the sweeps to catch up.`);

    const before = new Map((await emulatorCounts(app.emulatorUrl)).map((k) => [k.key, k]));
    const peak = new Map<string, number>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const k of await emulatorCounts(app.emulatorUrl).catch(() => [])) peak.set(k.key, Math.max(peak.get(k.key) ?? 0, k.last_minute));
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();

    const latencies: { document: number[]; navigation: number[]; route: number[] } = { document: [], navigation: [], route: [] };
    /** Each page view's start (ms into the run) and latency, for the latency over time. */
    const views: { at: number; ms: number }[] = [];
    const statuses: Record<string, number> = {};
    const appRateLimited: string[] = [];
    const errors: string[] = [];
    /** `at`: when it was asked, ms into the run. */
    const observations: (Observation & { url: string; at: number })[] = [];
    let pageViews = 0;
    const loadStart = loadAverage();
    const started = performance.now();
    const deadline = started + DURATION_MS;

    const get = async (url: string, cookie: string, kind: "document" | "navigation" | "route", headers?: Record<string, string>) => {
      const t0 = performance.now();
      const asked = Date.now();
      try {
        const res = await fetch(new URL(url, app.appUrl), {
          headers: { cookie, ...(headers ?? { accept: kind === "document" ? "text/html" : "application/json" }) },
          redirect: "manual",
        });
        // A page streams: each read's data arrives with the chunk that carries it, so each chunk's arrival is kept.
        const chunks: { text: string; at: number }[] = [];
        const decoder = new TextDecoder();
        const reader = res.body?.getReader();
        for (let r = await reader?.read(); r && !r.done; r = await reader!.read())
          chunks.push({ text: decoder.decode(r.value, { stream: true }), at: Date.now() });
        latencies[kind].push(performance.now() - t0);
        if (kind !== "route") views.push({ at: t0 - started, ms: performance.now() - t0 });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        // A page answers 200 even when a section says the limit is reached: that is a 429 to the user too.
        if (res.status === 429 || chunks.some((c) => c.text.includes(LIMIT_SENTENCE))) appRateLimited.push(url);
        else if (res.status >= 300) errors.push(`${res.status} ${url}`);
        const type = res.headers.get("content-type") ?? "";
        const format = type.includes("json") ? "json" : type.includes("text/x-component") ? "rsc" : "html";
        for (const o of dataAges(chunks, format, asked)) observations.push({ ...o, url, at: t0 - started });
      } catch (err) {
        statuses.network_error = (statuses.network_error ?? 0) + 1;
        errors.push(`${(err as Error).message} ${url}`);
      }
    };

    console.log(`${USERS} users browsing for ${DURATION_MS / 1000} s (load average ${loadStart.join(" ")})...`);
    await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const { role, cookie, mine } = person(i);
        for (let n = i; performance.now() < deadline; n++) {
          const p = mine[n % mine.length]!;
          const link = n === i || NAVIGATION === "documents" ? undefined : navigations.get(role)?.get(p.href);
          if (link) {
            // The hover's prefetches are on their way when the click asks for the page.
            const prefetches = link.prefetches.map((r) => get(r.url, cookie, "route", r.headers));
            await get(link.navigation.url, cookie, "navigation", link.navigation.headers);
            await Promise.all(prefetches);
          } else {
            await get(p.href, cookie, "document");
          }
          pageViews++;
          // As the browser did: the page's client reads on arrival (on coming back by a link, those
          // recorded for it), then its polling while the person pauses on the page.
          const pause = Math.random() * THINK_MS;
          const polled = (routes.get(p.href) ?? []).filter((r) => r.afterMs > 0);
          const arrival = link ? link.revisit.map((url) => ({ url, afterMs: 0 })) : (routes.get(p.href) ?? []).filter((r) => r.afterMs === 0);
          const arrived = performance.now();
          await Promise.all([
            ...routesDuring([...arrival, ...polled], pause).map(async (r) => {
              await new Promise((w) => setTimeout(w, r.atMs - (performance.now() - arrived)));
              await get(r.url, cookie, "route");
            }),
            new Promise((w) => setTimeout(w, pause)),
          ]);
        }
      }),
    );
    const elapsed = performance.now() - started;
    polling = false;
    await poller;
    sampling = false;
    await sampler;
    const readGaps = longestReadGaps(counterSamples, Date.now() - (performance.now() - started), Date.now());
    console.log(
      `Longest times between two provider reads of a swept list: ${
        readGaps
          .slice(0, 5)
          .map((g) => `${g.endpoint} ${Math.round(g.gapMs / 100) / 10} s`)
          .join(", ") || "none"
      }`,
    );
    const after = await emulatorCounts(app.emulatorUrl);
    for (const k of after) peak.set(k.key, Math.max(peak.get(k.key) ?? 0, k.last_minute));

    const keys = after.map((k) => {
      const b = before.get(k.key);
      return {
        key: shortKey(k.key),
        requests_during_run: k.requests - (b?.requests ?? 0),
        requests_per_minute: Math.round(((k.requests - (b?.requests ?? 0)) * 60_000) / elapsed),
        peak_per_minute: peak.get(k.key) ?? 0,
        rate_limited: k.rate_limited - (b?.rate_limited ?? 0),
        // Where the key's minute went during the run, busiest endpoint first.
        endpoints: Object.entries(k.endpoints ?? {})
          .map(([endpoint, n]) => [endpoint, n - (b?.endpoints?.[endpoint] ?? 0)] as const)
          .filter(([, n]) => n > 0)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 12)
          .map(([endpoint, requests]) => ({ endpoint, requests })),
      };
    });
    const cached = observations.filter((o) => o.source === "cache");
    const synced = observations.filter((o) => o.source === "copy");
    const reference = observations.filter((o) => o.source === "reference");
    const referenceAgeAsked = reference.reduce((m, o) => Math.max(m, o.ageAskedMs), 0);
    const referenceLate = reference.filter((o) => o.ageAskedMs > (o.paceMs ?? 0) + SYNCED_WITHIN_MS);
    const fresh = cached.filter((o) => !o.stale);
    const stale = cached.filter((o) => o.stale);
    const syncLagAsked = synced.reduce((m, o) => Math.max(m, o.ageAskedMs), 0);
    const syncLagArrived = synced.reduce((m, o) => (o.ageMs > m.ageMs ? o : m), { ageMs: 0, url: "" } as { ageMs: number; url: string });
    const oldestFresh = fresh.reduce((m, o) => (o.ageMs > m.ageMs ? o : m), { ageMs: 0, url: "" } as { ageMs: number; url: string });
    const oldestFreshAskedObs = fresh.reduce((m, o) => (o.ageAskedMs > m.ageAskedMs ? o : m), { ageAskedMs: 0, url: "" } as {
      ageAskedMs: number;
      url: string;
    });
    const oldestFreshAsked = oldestFreshAskedObs.ageAskedMs;
    const oldestStale = stale.reduce((m, o) => Math.max(m, o.ageMs), 0);
    const staleUnnoted = stale.filter((o) => !o.noted);
    const maxPeak = Math.max(0, ...keys.map((k) => k.peak_per_minute));
    const upstream429 = keys.reduce((s, k) => s + k.rate_limited, 0);
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    const pageLat = sorted([...latencies.document, ...latencies.navigation]);
    const documentLat = sorted(latencies.document);
    const navigationLat = sorted(latencies.navigation);
    const routeLat = sorted(latencies.route);
    const r1 = (n: number) => Math.round(n);
    /** A sorted list of latencies as the JSON gives them. */
    const latency = (ms: number[]) => ({ count: ms.length, p50: r1(quantile(ms, 0.5)), p95: r1(quantile(ms, 0.95)), max: r1(ms.at(-1) ?? 0) });
    // None asked is a result too (every page's data came with its render), not NaN.
    const spread = (sorted: number[]) => (sorted.length ? `${r1(quantile(sorted, 0.5))} / ${r1(quantile(sorted, 0.95))}` : "none");

    const summary: ResultLine[] = [
      {
        metric: "upstream requests per minute, busiest key",
        value: maxPeak,
        unit: "req/min",
        target: `< ${LIMIT_PER_MINUTE}`,
        met: maxPeak < LIMIT_PER_MINUTE,
      },
      {
        metric: "429 answers (provider, app, or a page saying the limit is reached)",
        value: upstream429 + appRateLimited.length,
        target: "0",
        met: upstream429 + appRateLimited.length === 0,
      },
      {
        metric: "local copy: max lag behind the provider, when asked",
        value: Math.round(syncLagAsked / 100) / 10,
        unit: `s (${synced.length} reads)`,
        target: `<= ${SYNCED_WITHIN_MS / 1000} s`,
        met: synced.length > 0 && syncLagAsked <= SYNCED_WITHIN_MS,
      },
      {
        metric: "provider reads of a list, longest gap (the provider's counter)",
        value: readGaps.length ? Math.round(readGaps[0]!.gapMs / 100) / 10 : "none",
        unit: readGaps.length ? `s (${readGaps[0]!.endpoint})` : "",
      },
      {
        metric: "local copy's reference data (swept at its own pace): max age, when asked",
        value: Math.round(referenceAgeAsked / 100) / 10,
        unit: `s (${reference.length} reads)`,
        target: `<= its pace + ${SYNCED_WITHIN_MS / 1000} s`,
        met: referenceLate.length === 0,
      },
      {
        metric: "cached prices: max age of data shown as current, when asked",
        value: Math.round(oldestFreshAsked / 100) / 10,
        unit: "s",
        target: `<= ${FRESH_FOR_MS / 1000} s (cache freshness)`,
        met: oldestFreshAsked <= FRESH_FOR_MS,
      },
      {
        metric: "cached prices: max age of data shown as current, on arrival",
        value: Math.round(oldestFresh.ageMs / 100) / 10,
        unit: "s (adds the answer's own time)",
      },
      {
        metric: "stale answers shown with their age",
        value: `${stale.length - staleUnnoted.length}/${stale.length}`,
        target: "all",
        met: staleUnnoted.length === 0,
      },
      { metric: "failed requests (non-2xx other than 429, network)", value: errors.length, target: "0", met: errors.length === 0 },
      { metric: "page views", value: pageViews, unit: `by ${USERS} users in ${Math.round(elapsed / 1000)} s` },
      {
        metric: "page p50 / p95",
        value: `${r1(quantile(pageLat, 0.5))} / ${r1(quantile(pageLat, 0.95))}`,
        unit: `ms (${pageLat.length} views: ${documentLat.length} documents, ${navigationLat.length} in-app navigations)`,
        target: `< ${USERS > 20 ? 600 : 300} ms (p95)`,
        met: quantile(pageLat, 0.95) < (USERS > 20 ? 600 : 300),
      },
      {
        metric: "arrival on a server just started (before the minute): documents p50 / p95",
        value: spread(coldArrival),
        unit: `ms (${coldArrival.length} at once)`,
      },
      {
        metric: "document loads p50 / p95",
        value: spread(documentLat),
        unit: "ms",
      },
      {
        metric: "in-app navigations p50 / p95",
        value: spread(navigationLat),
        unit: "ms",
      },
      { metric: "refetch route p50 / p95", value: spread(routeLat), unit: "ms" },
    ];
    const file = await writeResult("concurrency", {
      benchmark: "concurrency",
      at: new Date().toISOString(),
      machine: machine(),
      users: USERS,
      settled_before_run_s: Math.round((started - settleStart) / 1000),
      duration_ms: Math.round(elapsed),
      think_ms: THINK_MS,
      navigation: NAVIGATION,
      load_average_at_start: loadStart,
      refetch_routes: Object.fromEntries(all.map((p) => [p.href, (routes.get(p.href) ?? []).map((r) => ({ url: r.url, after_ms: r.afterMs }))])),
      reads_on_coming_back: Object.fromEntries(
        [...navigations].map(([role, m]) => [role, Object.fromEntries([...m].filter(([, n]) => n.revisit.length).map(([to, n]) => [to, n.revisit]))]),
      ),
      page_views: pageViews,
      requests: pageLat.length + latencies.route.length,
      statuses,
      page_latency_ms: latency(pageLat),
      page_latency_by_10_s: Array.from({ length: Math.ceil(elapsed / 10_000) }, (_, w) => {
        const inWindow = sorted(views.filter((v) => Math.floor(v.at / 10_000) === w).map((v) => v.ms));
        return { from_s: w * 10, views: inWindow.length, p50: r1(quantile(inWindow, 0.5)), p95: r1(quantile(inWindow, 0.95)) };
      }),
      cold_arrival_ms: latency(coldArrival),
      document_latency_ms: latency(documentLat),
      navigation_latency_ms: latency(navigationLat),
      route_latency_ms: routeLat.length ? latency(routeLat) : null,
      upstream_per_key: keys,
      app_429: appRateLimited.length,
      app_429_urls: [...new Set(appRateLimited)].slice(0, 20),
      sync_lag: {
        reads: synced.length,
        max_when_asked_s: Math.round(syncLagAsked / 100) / 10,
        max_on_arrival_s: Math.round(syncLagArrived.ageMs / 100) / 10,
        max_on_arrival_at: syncLagArrived.url,
        target_s: SYNCED_WITHIN_MS / 1000,
        // The copy's worst lag in each 10 s of the run, and where: a lag carried over from before the run shows in the first window only.
        max_by_10_s: Array.from({ length: Math.ceil(elapsed / 10_000) }, (_, w) => {
          const worst = synced
            .filter((o) => Math.floor(o.at / 10_000) === w)
            .reduce((m, o) => (o.ageAskedMs > m.ageAskedMs ? o : m), { ageAskedMs: 0, url: "" } as { ageAskedMs: number; url: string });
          return { from_s: w * 10, max_s: Math.round(worst.ageAskedMs / 100) / 10, at: worst.url.split("?")[0] };
        }),
      },
      // The provider's side: the longest time between two reads of each list endpoint during the run (0.5 s precision).
      provider_read_gaps: readGaps.map((g) => ({
        endpoint: g.endpoint,
        max_gap_s: Math.round(g.gapMs / 100) / 10,
        ends_at_s: Math.round((g.endsAt - (Date.now() - elapsed)) / 100) / 10,
      })),
      data_age: {
        observations: cached.length,
        fresh: fresh.length,
        max_fresh_age_when_asked_s: Math.round(oldestFreshAsked / 100) / 10,
        max_fresh_age_when_asked_at: oldestFreshAskedObs.url,
        max_fresh_age_on_arrival_s: Math.round(oldestFresh.ageMs / 100) / 10,
        max_fresh_age_at: oldestFresh.url,
        shown_as_current_within_s: FRESH_FOR_MS / 1000,
        stale: stale.length,
        max_stale_age_s: Math.round(oldestStale / 100) / 10,
        stale_without_note: staleUnnoted.length,
      },
      errors: errors.slice(0, 20),
      summary,
    });
    printSummary(summary);
    for (const k of keys) {
      console.log(`    key ${k.key}: ${k.requests_during_run} requests in the run, busiest minute ${k.peak_per_minute}, 429s ${k.rate_limited}`);
      console.log(`      ${k.endpoints.map((e) => `${e.endpoint} ${e.requests}`).join(", ")}`);
    }
    console.log(`results in ${file}`);
  } finally {
    await app.stop();
  }
}

runMain(module, main);
