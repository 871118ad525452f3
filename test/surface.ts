/**
 * Every entry point a browser or another system can call, found on disk rather than listed by hand,
 * so an action or route added later is covered by the security tests the moment its file exists:
 * server-action modules (files whose first statement is "use server") and route handlers
 * (app/api/**\/route.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";

export const ROOT = path.resolve(import.meta.dirname, "..");

const SKIP_DIRS = new Set(["node_modules", ".next", ".data", ".git", "generated", "emulator", "e2e", "test", "scripts"]);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.isDirectory()) return SKIP_DIRS.has(d.name) ? [] : walk(path.join(dir, d.name));
    return [path.join(dir, d.name)];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const isSource = (f: string) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts");

/** Files whose first statement is the "use server" directive (modules of server actions). */
export function actionModules(): string[] {
  return ["app", "lib", "components"]
    .flatMap((d) => walk(path.join(ROOT, d)))
    .filter(isSource)
    .filter((f) => /^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*["']use server["']/.test(fs.readFileSync(f, "utf8")))
    .map(rel)
    .sort();
}

/** Every route handler module under app/api. */
export function routeModules(): string[] {
  return walk(path.join(ROOT, "app/api"))
    .filter((f) => /[/\\]route\.tsx?$/.test(f))
    .map(rel)
    .sort();
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

export async function load(file: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
}

/** The URL path of a route module with each dynamic segment filled by `fill(name)`. */
export function routePath(file: string, fill: (name: string) => string): { url: string; params: Record<string, string | string[]> } {
  const segments = file
    .replace(/^app/, "")
    .replace(/\/route\.tsx?$/, "")
    .split("/")
    .filter(Boolean);
  const params: Record<string, string | string[]> = {};
  const parts = segments
    .filter((s) => !/^\(.*\)$/.test(s)) // route groups are not part of the URL
    .map((s) => {
      const m = /^\[(\.\.\.)?([^\]]+)\]$/.exec(s);
      if (!m) return s;
      const value = fill(m[2]!);
      params[m[2]!] = m[1] ? [value] : value;
      return encodeURIComponent(value);
    });
  return { url: `/${parts.join("/")}`, params };
}

/** Top-level field names a schema reads, through objects, unions, pipes and wrappers. */
export function fieldNames(schema: z.ZodType | undefined): string[] {
  const seen = new Set<string>();
  const visit = (s: unknown, depth: number) => {
    if (!s || typeof s !== "object" || depth > 6) return;
    const any = s as {
      shape?: Record<string, unknown>;
      options?: unknown[];
      in?: unknown;
      def?: { innerType?: unknown; in?: unknown; left?: unknown; right?: unknown };
    };
    if (any.shape && typeof any.shape === "object") for (const k of Object.keys(any.shape)) seen.add(k);
    for (const o of any.options ?? []) visit(o, depth + 1);
    visit(any.in, depth + 1);
    visit(any.def?.innerType, depth + 1);
    visit(any.def?.in, depth + 1);
    visit(any.def?.left, depth + 1);
    visit(any.def?.right, depth + 1);
  };
  visit(schema, 0);
  return [...seen];
}

/**
 * Entry points that are rightly callable without the permission table, each with the reason.
 * The matrix test fails for any other module without a declared permission, and for an entry here
 * whose file no longer exists.
 */
export const PUBLIC_ACTIONS: Record<string, string> = {
  // The sign-in form: nobody is signed in yet; failures are throttled per account and address.
  "lib/auth/sign-in-with-password.ts#signInWithPassword": "sign-in",
  // Starts single sign-on; the identity provider authenticates, and only people on a team get in.
  "lib/auth/sign-in-with-oidc.ts#signInWithOidc": "single sign-on",
  // Ends whatever session the caller has; nothing to authorize.
  "lib/auth/end-session.ts#endSession": "sign-out",
  // The single-use invite token is the credential (only its SHA-256 is stored).
  "lib/team/accept-invite.ts#acceptInvite": "invite acceptance",
};

export const PUBLIC_ROUTES: Record<string, string> = {
  // Auth.js endpoints (CSRF token, sign-in callback, session): they exist to create a session.
  "app/api/auth/[...nextauth]/route.ts": "Auth.js",
  // Liveness for the load balancer: answers only that the process is up.
  "app/api/health/route.ts": "liveness",
  // Readiness for the load balancer: names only which dependency is unreachable.
  "app/api/ready/route.ts": "readiness",
  // The provider's deliveries, authenticated by their HMAC signature against the vault's secrets.
  "app/api/webhooks/[environment]/[surface]/route.ts": "webhook intake",
  // A bearer METRICS_TOKEN or an admin session (lib/metrics/access.ts; tested in app/api/metrics).
  "app/api/metrics/route.ts": "metrics",
};
