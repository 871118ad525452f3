/**
 * Server reads for the balances page, the overview and their GET routes: the three balances, the
 * list of balance moves, and the balance-over-time series derived from stored events.
 */
import "server-only";
import { db } from "@/lib/db";
import { listFromCopy, snapshotFromCopy, type SyncedFreshness } from "@/lib/ledger/page-read";
import type { Upstream } from "@/lib/upstream";
import type { z } from "zod";
import type { balances, balanceTransfer } from "@/lib/upstream/schemas/core";
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
  /** For what is read from the local copy: how fresh the copy is. */
  synced?: SyncedFreshness;
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

type BalanceTransfer = z.infer<typeof balanceTransfer>;
type MerchantBalance = z.infer<typeof balances>;

/** From the local copy's snapshot, swept every few seconds while shown and read again after a move made here. */
export async function readBalances(t: Tenant, upstream?: Upstream): Promise<Fresh<BalanceFigures>> {
  const r = await snapshotFromCopy<MerchantBalance>(t, "merchant_balance", upstream);
  const b = r.data;
  return {
    data: {
      collectionUsd: b.collection_balance_usd,
      withdrawalUsd: b.withdrawal_balance_usd,
      withdrawalNgn: b.withdrawal_balance_ngn ?? null,
      updatedAt: b.updated_at ?? null,
    },
    fetchedAt: r.fetchedAt,
    stale: false,
    synced: r.synced,
  };
}

/** From the local copy: a move made here is in it once the provider answered the write. */
export async function readMoves(t: Tenant, page: number): Promise<Fresh<MovesPage>> {
  const r = await listFromCopy<BalanceTransfer>(t, "balance_move", { page, limit: MOVES_PAGE_SIZE });
  return {
    data: {
      rows: r.rows.map((m) => ({
        id: m.id,
        amountUsd: m.amount_usd,
        status: String(m.status),
        from: m.from ?? null,
        to: m.to ?? null,
        createdAt: m.created_at ?? null,
      })),
      page: r.page,
      pages: r.total === 0 ? 0 : r.pages,
      total: r.total,
      limit: MOVES_PAGE_SIZE,
    },
    fetchedAt: r.fetchedAt,
    stale: false,
    synced: r.synced,
  };
}

export const CHART_RANGES = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type ChartRange = keyof typeof CHART_RANGES;
/** Pages of 100 moves read from the copy: enough to cover the longest window at a busy desk. */
const MAX_MOVE_PAGES = 5;

/**
 * Balance over the last `days`, anchored on the current balances. Moves come from the local copy
 * (those created inside the window); everything else from the events stored for this organization
 * and environment.
 */
export async function readSeries(t: Tenant, range: ChartRange, upstream?: Upstream): Promise<Fresh<BalanceSeries>> {
  const to = new Date();
  const from = new Date(to.getTime() - CHART_RANGES[range] * 86_400_000);
  const [balances, events] = await Promise.all([
    readBalances(t, upstream),
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
  const { stale, fetchedAt } = balances;
  for (let page = 1; page <= MAX_MOVE_PAGES; page++) {
    const r = await listFromCopy<BalanceTransfer>(t, "balance_move", { from: from.toISOString(), page, limit: 100 });
    moves.push(...r.rows.map((m) => ({ id: m.id, amount_usd: m.amount_usd, status: String(m.status), created_at: m.created_at ?? null })));
    if (page >= r.pages) break;
  }
  // A withdrawal event is stored twice under two names only if the intake kept both; the
  // derivation counts each resource once either way.
  const deltas = [...deltasFromEvents(events), ...deltasFromMoves(moves)];
  return { data: deriveSeries(balances.data, deltas, { from, to }), fetchedAt, stale };
}
