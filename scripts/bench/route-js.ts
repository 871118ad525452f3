/**
 * JavaScript each route ships, read from the last `next build` (no server, no browser, a second):
 * `npx tsx scripts/bench/route-js.ts [--all] [--json]`. For a route it sums the build's root
 * scripts (React and Next's runtime) and every chunk its client reference manifest lists for the
 * route's segments (root layout, dashboard layout, error boundaries, page), each compressed with
 * gzip as `next start` sends it. Chunks loaded later on demand (import(), next/dynamic) are not
 * counted, as they are not loaded with the page.
 *
 * Lighthouse (bench:pages) counts the same scripts over the wire, with response headers: about
 * 8-12 KiB more per page. Use this while cutting bytes, bench:pages for the verdict. By default it
 * lists the pages of the nav (lib/nav.ts), the ones bench:pages measures; --all lists every route.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "../processes";
import { navPages } from "./common";

const NEXT_DIR = path.join(ROOT, ".next");
const TARGET_KIB = 200;

interface ClientManifest {
  entryJSFiles: Record<string, string[]>;
}

const sizes = new Map<string, { gzip: number; raw: number }>();
function size(file: string): { gzip: number; raw: number } {
  let s = sizes.get(file);
  if (!s) {
    const bytes = fs.readFileSync(path.join(NEXT_DIR, file));
    s = { gzip: zlib.gzipSync(bytes, { level: 6 }).length, raw: bytes.length };
    sizes.set(file, s);
  }
  return s;
}

function manifests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) manifests(p, out);
    else if (entry.name === "page_client-reference-manifest.js") out.push(p);
  }
  return out;
}

/** The manifest is a script assigning to a global; run it against a throwaway object. */
function readManifest(file: string): [string, ClientManifest] {
  const target: Record<string, ClientManifest> = {};
  new Function("globalThis", fs.readFileSync(file, "utf8"))({ __RSC_MANIFEST: target });
  const [entry] = Object.entries(target);
  if (!entry) throw new Error(`${file}: no manifest inside`);
  return entry;
}

export interface RouteJs {
  route: string;
  gzip_bytes: number;
  raw_bytes: number;
  files: string[];
}

export function routeJs(): RouteJs[] {
  if (!fs.existsSync(path.join(NEXT_DIR, "BUILD_ID"))) throw new Error("No build in .next: run next build first.");
  const buildManifest = JSON.parse(fs.readFileSync(path.join(NEXT_DIR, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  return manifests(path.join(NEXT_DIR, "server/app"))
    .map((file) => {
      const [key, manifest] = readManifest(file);
      // "/(dashboard)/settings/team/page" -> "/settings/team"; route groups do not appear in URLs.
      const route = key.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";
      const files = new Set(buildManifest.rootMainFiles);
      for (const list of Object.values(manifest.entryJSFiles)) for (const f of list) files.add(f);
      let gzip = 0;
      let raw = 0;
      for (const f of files) {
        gzip += size(f).gzip;
        raw += size(f).raw;
      }
      return { route, gzip_bytes: gzip, raw_bytes: raw, files: [...files] };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

function main(): void {
  const all = process.argv.includes("--all");
  const nav = new Set(navPages().map((p) => p.href));
  const rows = routeJs().filter((r) => (all ? !r.route.startsWith("/api/") : nav.has(r.route)));
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows.map(({ files: _, ...r }) => r)));
    return;
  }
  const kib = (b: number) => Math.round(b / 1024);
  for (const r of rows) {
    const over = kib(r.gzip_bytes) > TARGET_KIB ? "  over" : "";
    console.log(`${r.route.padEnd(34)} ${String(kib(r.gzip_bytes)).padStart(4)} KiB gzip ${String(kib(r.raw_bytes)).padStart(5)} KiB raw${over}`);
  }
  const worst = Math.max(...rows.map((r) => r.gzip_bytes));
  console.log(`${rows.length} routes; largest ${kib(worst)} KiB; ${rows.filter((r) => kib(r.gzip_bytes) > TARGET_KIB).length} over ${TARGET_KIB} KiB`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
