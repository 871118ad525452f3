/**
 * Reads for the recipient pages and their GET route, from the local copy of the signed-in user's
 * organization and environment (never the other environment's data); only the customer's name on
 * a recipient's page is still a short-lived cached read from the provider.
 */
import "server-only";
import { listFromCopy, objectFromCopy } from "@/lib/ledger/page-read";
import type { CurrentUser } from "@/lib/auth/session";
import { customerName } from "@/lib/funding-accounts/views";
import { log } from "@/lib/log";
import { upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { PAGE_SIZE, type RecipientFilters } from "./filters";
import { matchesSearch, type RecipientListView, type RecipientView } from "./views";

const upstreamOf = (user: CurrentUser): Upstream => upstreamFor({ organizationId: user.organizationId, environment: user.environment });

/**
 * The list has no search filter, so a search reads the newest recipients from the copy (this many
 * pages of 100) and filters them here; past that the page says the search was partial.
 */
const SEARCH_PAGES = 50;
const SEARCH_PAGE_SIZE = 100;

/**
 * Full account numbers and IBANs never reach the browser: the provider's views carry only the last
 * four, but its schemas keep unknown fields, so a drifted answer is cut down here too.
 */
function masked(r: Recipient): Recipient {
  const strip = <T extends object | null | undefined>(o: T): T => {
    if (!o) return o;
    const { account_number: _n, iban: _i, ...rest } = o as Record<string, unknown>;
    return rest as T;
  };
  return { ...r, bank_account: strip(r.bank_account), us_bank_account: strip(r.us_bank_account), swift_bank_account: strip(r.swift_bank_account) };
}

export async function readRecipients(user: CurrentUser, f: RecipientFilters): Promise<RecipientListView> {
  if (!f.q) {
    const r = await listFromCopy<Recipient>(user, "recipient", { type: f.type ?? undefined, page: f.page, limit: PAGE_SIZE });
    return { ...r, rows: r.rows.map(masked), searchedAll: true };
  }
  // The copy is local: a search reads it page by page (no provider call), up to SEARCH_PAGES pages.
  const found: Recipient[] = [];
  let first: Awaited<ReturnType<typeof listFromCopy<Recipient>>> | null = null;
  let searchedAll = true;
  for (let page = 1; ; page++) {
    const r = await listFromCopy<Recipient>(user, "recipient", { type: f.type ?? undefined, page, limit: SEARCH_PAGE_SIZE });
    first ??= r;
    found.push(...r.rows.filter((row) => matchesSearch(row, f.q!)));
    if (page >= r.pages) break;
    if (page >= SEARCH_PAGES) {
      searchedAll = false;
      break;
    }
  }
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const page = Math.min(f.page, pages);
  return {
    rows: found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(masked),
    page,
    pages,
    total: found.length,
    searchedAll,
    fetchedAt: first.fetchedAt,
    stale: false,
    synced: first.synced,
  };
}

export async function readRecipient(user: CurrentUser, id: string): Promise<RecipientView> {
  const up = upstreamOf(user);
  const r = await objectFromCopy<Recipient>(user, "recipient", id);
  let customer: RecipientView["customer"] = null;
  if (r.data.customer_id) {
    try {
      const c = await up.core.getCustomer(r.data.customer_id, { cache: { ttlMs: 5 * 60_000 } });
      customer = { id: c.data.id, name: customerName(c.data), email: c.data.email ?? null, kycTier: c.data.kyc_tier == null ? null : String(c.data.kyc_tier) };
    } catch (err) {
      // The recipient still shows, with the customer's id instead of the name.
      if (!(err instanceof UpstreamError)) log.error({ err }, "recipients: the customer read failed");
    }
  }
  return { recipient: masked(r.data), customer, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}
