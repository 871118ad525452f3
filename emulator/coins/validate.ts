/**
 * Request checks of the Coins surface: address formats per chain family, UUIDs, list paging with
 * opaque cursors, and turning a zod failure into the envelope's `fields` map.
 */
import type { z } from "zod";
import type { ChainFamily } from "./catalog";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const ADDRESS_RULES: Record<ChainFamily, { re: RegExp; hint: string }> = {
  evm: { re: /^0x[0-9a-fA-F]{40}$/, hint: "an EVM address: 0x followed by 40 hex characters" },
  // Mainnet and testnet, legacy/P2SH (base58) and bech32/bech32m; the sandbox accepts both networks.
  bitcoin: {
    re: new RegExp(`^(?:[13mn2]${BASE58}{25,34}|(?:bc1|tb1)[ac-hj-np-z02-9]{11,71})$`),
    hint: "a Bitcoin address (legacy, P2SH or bech32)",
  },
  solana: { re: new RegExp(`^${BASE58}{32,44}$`), hint: "a Solana address: 32 to 44 base58 characters" },
  tron: { re: new RegExp(`^T${BASE58}{33}$`), hint: "a Tron address: T followed by 33 base58 characters" },
};

/** null when the address fits the chain family, else what was expected. */
export function addressProblem(family: ChainFamily, address: string): string | null {
  const rule = ADDRESS_RULES[family];
  return rule.re.test(address) ? null : `must be ${rule.hint}`;
}

/** zod issues as `{ "path.to.field": "message" }` (first message per field). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/**
 * Cursors are opaque to clients: base64url of "<kind>:<seq>", where seq is the position of the
 * last record returned. The kind stops a cursor of one list being replayed on another.
 */
export function encodeCursor(kind: string, seq: number): string {
  return Buffer.from(`${kind}:${seq}`, "utf8").toString("base64url");
}

export function decodeCursor(kind: string, cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const m = /^([a-z_]+):(\d{1,15})$/.exec(text);
  if (!m || m[1] !== kind) return null;
  return Number(m[2]);
}

export type PageParams = { limit: number; after: number | null };

/** Parses `limit` and `cursor`; returns field errors when either is unusable. */
export function parsePaging(
  kind: string,
  limitRaw: string | undefined,
  cursorRaw: string | undefined,
): { ok: true; value: PageParams } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  let limit = DEFAULT_LIMIT;
  if (limitRaw !== undefined) {
    if (!/^\d+$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > MAX_LIMIT) fields.limit = `must be an integer from 1 to ${MAX_LIMIT}`;
    else limit = Number(limitRaw);
  }
  let after: number | null = null;
  if (cursorRaw !== undefined && cursorRaw !== "") {
    after = decodeCursor(kind, cursorRaw);
    if (after === null) fields.cursor = "is not a valid cursor for this list; use next_cursor from the previous page";
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: { limit, after } };
}

/** Newest first by seq; returns the page and the cursor of the next one (null at the end). */
export function paginate<T extends { seq: number }>(kind: string, rows: readonly T[], page: PageParams): { items: T[]; next_cursor: string | null } {
  const sorted = [...rows].sort((a, b) => b.seq - a.seq).filter((r) => page.after === null || r.seq < page.after);
  const items = sorted.slice(0, page.limit);
  const last = items[items.length - 1];
  const next_cursor = sorted.length > page.limit && last ? encodeCursor(kind, last.seq) : null;
  return { items, next_cursor };
}
