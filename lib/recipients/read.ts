/**
 * Reads for the recipient pages and their GET route, through the upstream client bound to the
 * signed-in user's organization and environment (never the other environment's data).
 */
import "server-only";
import { listPageOf } from "@/lib/upstream/list-page";
import type { CurrentUser } from "@/lib/auth/session";
import { customerName } from "@/lib/funding-accounts/views";
import { log } from "@/lib/log";
import { ALWAYS_ASK, upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { PAGE_SIZE, type RecipientFilters } from "./filters";
import { matchesSearch, type RecipientListView, type RecipientView } from "./views";

const upstreamOf = (user: CurrentUser): Upstream => upstreamFor({ organizationId: user.organizationId, environment: user.environment });

/**
 * The provider has no search parameter, so a search reads the newest recipients (this many pages
 * of 100) and filters them here; past that the page says the search was partial.
 */
const SEARCH_PAGES = 5;
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
  const up = upstreamOf(user);
  // Always asked (ALWAYS_ASK): a recipient created a moment ago must be in the list the form sends the person back to.
  if (!f.q) {
    const r = await up.core.listRecipients({ type: f.type ?? undefined, page: f.page, limit: PAGE_SIZE }, { cache: ALWAYS_ASK });
    return { rows: r.data.data.map(masked), ...listPageOf(r, f.page, PAGE_SIZE), searchedAll: true };
  }
  const found: Recipient[] = [];
  let fetchedAt = new Date();
  let stale = false;
  let searchedAll = true;
  for (let page = 1; ; page++) {
    const r = await up.core.listRecipients({ type: f.type ?? undefined, page, limit: SEARCH_PAGE_SIZE }, { cache: ALWAYS_ASK });
    if (page === 1) fetchedAt = r.fetchedAt;
    stale ||= r.stale;
    found.push(...r.data.data.filter((row) => matchesSearch(row, f.q!)));
    const pages = r.data.total_pages ?? 1;
    if (page >= pages) break;
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
    fetchedAt: fetchedAt.toISOString(),
    stale,
  };
}

export async function readRecipient(user: CurrentUser, id: string): Promise<RecipientView> {
  const up = upstreamOf(user);
  const r = await up.core.getRecipient(id, { cache: ALWAYS_ASK });
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
  return { recipient: masked(r.data), customer, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}
