/**
 * No secret on the running app: every seeded API key and webhook secret, every other vault row,
 * the vault master key and the app's own secrets from its environment (AUTH_SECRET, METRICS_TOKEN,
 * OIDC_CLIENT_SECRET) must be absent from every page of the navigation and the public pages (HTML
 * and every response the browser receives, server-action answers included), from the built client
 * bundle, from the app's log, from the audit log page and from every text column of every table.
 *
 * The secrets are read the way only the server could: emulator keys from the emulator's control
 * API, vault rows by decrypting them with the master key from this run's env.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { Client } from "pg";
import { NAV } from "../lib/nav";
import { decrypt, masterKeyRingFromEnv } from "../lib/vault/crypto";
import { bindingOf, SEALED_COLUMNS, sealedOf, type SealedRow } from "../lib/vault/records";
import { SIGNED_OUT } from "./helpers";
import { storageStateOf } from "./roles";

test.use({ storageState: storageStateOf("admin") });

const KNOWN_EMULATOR_KEYS = [
  "sk_sandbox_demo_full_4f9c2a7e1b3d",
  "sk_sandbox_demo_readonly_8e2b6d1c",
  "sk_sandbox_demo_noread_3a7f9e2d",
  "daya_sk_demo_pro_5c8e1f4a9b2d",
  "sk_live_demo_live_6d2a8c4e",
];

interface Secret {
  name: string;
  value: string;
}

let secrets: Secret[] = [];
/** Every decrypted vault row, before values shared by several slots are folded together. */
let stored: Secret[] = [];

async function storedSecrets(): Promise<Secret[]> {
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.VAULT_MASTER_KEY) return [];
  const ring = masterKeyRingFromEnv(process.env);
  const pg = new Client({ connectionString: url });
  await pg.connect();
  try {
    const { rows } = await pg.query<SealedRow>(`SELECT ${SEALED_COLUMNS} FROM vault_secrets`);
    return rows.map((r) => ({ name: `vault ${r.environment} ${r.surface} ${r.kind} ${r.id}`, value: decrypt(ring, sealedOf(r), bindingOf(r)) }));
  } finally {
    await pg.end();
  }
}

test.beforeAll(async () => {
  const found = new Map<string, string>();
  for (const k of KNOWN_EMULATOR_KEYS) found.set(k, `emulator key ${k.slice(0, 12)}…`);
  const emulator = process.env.E2E_EMULATOR_URL;
  if (emulator) {
    const res = await fetch(`${emulator}/__emulator/keys`);
    const { keys } = (await res.json()) as { keys: { key: string }[] };
    for (const k of keys) found.set(k.key, `emulator key ${k.key.slice(0, 12)}…`);
  }
  stored = await storedSecrets();
  for (const s of stored) found.set(s.value, s.name);
  const master = process.env.VAULT_MASTER_KEY;
  if (master) {
    found.set(master, "VAULT_MASTER_KEY");
    found.set(Buffer.from(master, "base64").toString("hex"), "VAULT_MASTER_KEY (hex)");
  }
  // The app's own secrets, when this run was given them (npm test passes the app's environment).
  for (const name of ["AUTH_SECRET", "METRICS_TOKEN", "OIDC_CLIENT_SECRET"]) {
    const value = process.env[name];
    if (value && value.length >= 16) found.set(value, name);
  }
  secrets = [...found].map(([value, name]) => ({ name, value }));
});

/** Names of the secrets found in `text` (never the values: a failure message must not print one). */
function leaked(text: string): string[] {
  return secrets.filter((s) => text.includes(s.value)).map((s) => s.name);
}

test("knows the secrets it looks for: the seeded keys, the seeded webhook secrets and the master key", async () => {
  test.skip(
    !process.env.DATABASE_URL || !process.env.VAULT_MASTER_KEY,
    "DATABASE_URL and VAULT_MASTER_KEY of the app under test are not set, so the stored webhook secrets cannot be read.",
  );
  const rows = stored.map((s) => s.name);
  expect(rows.filter((n) => /vault sandbox (core|pro) webhook_secret/.test(n)).length).toBeGreaterThanOrEqual(2);
  expect(rows.filter((n) => /vault sandbox \w+ api_key/.test(n)).length).toBeGreaterThanOrEqual(4);
  expect(secrets.map((s) => s.name)).toContain("VAULT_MASTER_KEY");
});

/** Opens a page and collects its HTML and every text response the browser received for it. */
async function visit(page: Page, url: string): Promise<string[]> {
  const bodies: string[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (res: import("@playwright/test").Response) => {
    const type = res.headers()["content-type"] ?? "";
    // A live event stream never ends; it is checked by the pages it feeds, not read here.
    if (/text|json|javascript|x-component/.test(type) && !type.includes("event-stream"))
      pending.push(
        res.text().then(
          (t) => void bodies.push(t),
          () => undefined,
        ),
      );
  };
  page.on("response", onResponse);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(500); // late client fetches (hydration, prefetches) land in this window
  page.off("response", onResponse);
  await Promise.all(pending);
  bodies.push(await page.content());
  return bodies;
}

// Every page of the navigation (lib/nav.ts, so a new page is covered the day it is added), with
// the API-key page in both environments and the refusal page.
const NAV_PAGES = [...new Set(NAV.flatMap((area) => area.items.map((item) => item.href)))];

test("no secret in any page of the navigation, nor in what the browser receives", async ({ page }) => {
  const paths = new Set([...NAV_PAGES, "/settings/api-keys?env=sandbox", "/settings/api-keys?env=production", "/forbidden"]);
  // One test walks every page, so its time grows with the navigation: a few seconds per page.
  test.setTimeout(paths.size * 5_000);
  expect(paths.has("/settings/api-keys")).toBe(true);
  for (const p of paths) {
    const bodies = await visit(page, p);
    expect(leaked(bodies.join("\n")), `secrets in ${p}`).toEqual([]);
  }
});

test.describe("signed out", () => {
  test.use(SIGNED_OUT);
  test("no secret in the public pages", async ({ page }) => {
    for (const p of ["/sign-in", "/invite/not-a-real-token-but-long-enough"]) {
      const bodies = await visit(page, p);
      expect(leaked(bodies.join("\n")), `secrets in ${p}`).toEqual([]);
    }
  });
});

test("no secret in server-action answers, even when a key is refused", async ({ page }) => {
  const bodies: string[] = [];
  // Through the route, not a response listener: a streamed action answer's body is not always
  // readable from the listener, and an answer that cannot be read must not count as clean.
  await page.route("**/*", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    bodies.push(await response.text());
    await route.fulfill({ response });
  });
  await page.goto("/settings/api-keys?env=sandbox");
  await page.getByRole("button", { name: "Replace the Sandbox Core key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New API key").fill("sk_sandbox_demo_full_4f9c2a7e1b3d"); // the key already stored: refused
  await dialog.getByRole("button", { name: "Check and replace" }).click();
  await expect(dialog.getByText("This is the key already stored here. Paste the new key.")).toBeVisible();
  await dialog.getByLabel("New API key").fill("sk_live_demo_live_6d2a8c4e"); // wrong environment: refused
  await dialog.getByRole("button", { name: "Check and replace" }).click();
  await expect(dialog.getByText(/This is a production key/)).toBeVisible();
  // The wrong-environment prefix is caught by the form's own schema, so only the first reaches the server.
  expect(bodies.length).toBeGreaterThanOrEqual(1);
  expect(leaked(bodies.join("\n"))).toEqual([]);
  expect(leaked(await page.content())).toEqual([]);
});

test("no secret in the audit log page", async ({ page }) => {
  const pages = [
    "/settings/audit",
    ...[
      "vault.demo_seeded",
      "vault.api_key_added",
      "vault.api_key_replaced",
      "vault.api_key_revoked",
      "vault.webhook_secret_set",
      "vault.webhook_secret_rotated",
      "vault.webhook_secret_revoked",
    ].map((a) => `/settings/audit?action=${a}`),
  ];
  for (const p of pages) {
    const bodies = await visit(page, p);
    expect(leaked(bodies.join("\n")), `secrets in ${p}`).toEqual([]);
  }
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

test("no secret in any file of the client bundle (.next/static)", () => {
  const dir = path.resolve(__dirname, "../.next/static");
  test.skip(!fs.existsSync(dir), "There is no .next/static here: run against a built app (npm test builds it).");
  const files = filesUnder(dir);
  expect(files.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file).toString("latin1");
    for (const name of leaked(text)) found.push(`${path.relative(dir, file)}: ${name}`);
  }
  expect(found).toEqual([]);
});

test("no secret in the app's log", () => {
  const file = process.env.APP_LOG_FILE;
  test.skip(!file, "APP_LOG_FILE is not set: this run did not say where the app logs, so the log cannot be checked.");
  const text = fs.readFileSync(file!, "utf8");
  expect(text.length).toBeGreaterThan(0);
  expect(leaked(text)).toEqual([]);
});

test("no secret in any text column of any table", async () => {
  test.skip(!process.env.DATABASE_URL, "DATABASE_URL of the app under test is not set, so its tables cannot be read.");
  const pg = new Client({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    // Every column that can hold text, found from the catalogue so a new table is covered too.
    const { rows: columns } = await pg.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
    );
    expect(columns.map((c) => c.table_name)).toEqual(expect.arrayContaining(["vault_secrets", "audit_log", "webhook_events", "idempotency_records"]));
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      for (const secret of secrets) {
        const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)} WHERE strpos(${ident(column)}::text, $1) > 0`, [
          secret.value,
        ]);
        if (rows[0]!.n > 0) found.push(`${table}.${column}: ${secret.name}`);
      }
    }
    expect(found).toEqual([]);
  } finally {
    await pg.end();
  }
});
