/**
 * Server reads for the balances page, the overview and their GET routes: the three balances, the
 * list of balance moves, and the balance-over-time series derived from stored events.
 */
import "server-only";
import { db } from "@/lib/db";
import { upstreamFor, type Upstream } from "@/lib/upstream";
import type { BalanceFigures } from "./move-schema";
import { BALANCE_EVENT_NAMES, deltasFromEvents, deltasFromMoves, deriveSeries, type BalanceMoveLike, type BalanceSeries } from "./history";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface Tenant {
  organizationId: string;
  environment: Environment;
}

/** What a read hands the browser: the data and how old it is when the provider could not be asked. */
export interface Fresh<T> {
  data: T;
  fetchedAt: string;
  stale: boolean;
}

export interface BalanceMoveRow {
  id: string;
  amountUsd: string;
  status: string;
  from: string | null;
  to: string | null;
  createdAt: string | null;
}

export interface MovesPage {
  rows: BalanceMoveRow[];
  page: number;
  pages: number;
  total: number;
  limit: number;
}

export const MOVES_PAGE_SIZE = 20;

/**
 * `fresh`: ask the provider even if the shared cache holds a recent answer (still served, marked
 * stale, if the provider fails). Used right after a move, when a 10-second-old figure would be wrong.
 */
export interface ReadFreshness {
  fresh?: boolean;
}
const opts = (f?: ReadFreshness) => (f?.fresh ? { cache: { ttlMs: 0 } } : undefined);

const client = (t: Tenant, upstream?: Upstream) => upstream ?? upstreamFor({ organizationId: t.organizationId, environment: t.environment });

export async function readBalances(t: Tenant, upstream?: Upstream, f?: ReadFreshness): Promise<Fresh<BalanceFigures>> {
  const r = await client(t, upstream).core.getMerchantBalance(opts(f));
  const b = r.data.data;
  return {
    data: {
      collectionUsd: b.collection_balance_usd,
      withdrawalUsd: b.withdrawal_balance_usd,
      withdrawalNgn: b.withdrawal_balance_ngn ?? null,
      updatedAt: b.updated_at ?? null,
    },
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
}

export async function readMoves(t: Tenant, page: number, upstream?: Upstream, f?: ReadFreshness): Promise<Fresh<MovesPage>> {
  const r = await client(t, upstream).core.listBalanceTransfers({ page, limit: MOVES_PAGE_SIZE }, opts(f));
  const body = r.data;
  return {
    data: {
      rows: body.data.map((m) => ({
        id: m.id,
        amountUsd: m.amount_usd,
        status: String(m.status),
        from: m.from ?? null,
        to: m.to ?? null,
        createdAt: m.created_at ?? null,
      })),
      page: body.page ?? page,
      pages: body.total_pages ?? 0,
      total: body.total ?? body.data.length,
      limit: body.limit ?? MOVES_PAGE_SIZE,
    },
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
}

export const CHART_RANGES = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type ChartRange = keyof typeof CHART_RANGES;
/** The provider lists at most 100 moves a page; enough pages to cover the longest window at a busy desk. */
const MAX_MOVE_PAGES = 5;

/**
 * Balance over the last `days`, anchored on the current balances. Moves come from the provider
 * (newest first, so paging stops once a page reaches before the window); everything else from the
 * events stored for this organization and environment.
 */
export async function readSeries(t: Tenant, range: ChartRange, upstream?: Upstream): Promise<Fresh<BalanceSeries>> {
  const up = client(t, upstream);
  const to = new Date();
  const from = new Date(to.getTime() - CHART_RANGES[range] * 86_400_000);
  const [balances, events] = await Promise.all([
    readBalances(t, up),
    db.webhookEvent.findMany({
      where: {
        organizationId: t.organizationId,
        environment: t.environment,
        surface: "core",
        name: { in: [...BALANCE_EVENT_NAMES] },
        OR: [{ occurredAt: { gte: from } }, { occurredAt: null, receivedAt: { gte: from } }],
      },
      select: { name: true, resourceId: true, occurredAt: true, receivedAt: true, payload: true },
      orderBy: { receivedAt: "asc" },
    }),
  ]);
  const moves: BalanceMoveLike[] = [];
  let stale = balances.stale;
  let fetchedAt = balances.fetchedAt;
  for (let page = 1; page <= MAX_MOVE_PAGES; page++) {
    const r = await up.core.listBalanceTransfers({ page, limit: 100 });
    stale ||= r.stale;
    if (r.fetchedAt.toISOString() < fetchedAt) fetchedAt = r.fetchedAt.toISOString();
    moves.push(...r.data.data.map((m) => ({ id: m.id, amount_usd: m.amount_usd, status: String(m.status), created_at: m.created_at ?? null })));
    const oldest = r.data.data.at(-1)?.created_at;
    if (!oldest || new Date(oldest) < from || page >= (r.data.total_pages ?? 0)) break;
  }
  // A withdrawal event is stored twice under two names only if the intake kept both; the
  // derivation counts each resource once either way.
  const deltas = [...deltasFromEvents(events), ...deltasFromMoves(moves)];
  return { data: deriveSeries(balances.data, deltas, { from, to }), fetchedAt, stale };
}
