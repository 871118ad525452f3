import "server-only";
/**
 * The statement's reads from the local copy (synced_objects), in SQL so a quarter of objects is
 * summed by the database and never loaded: each object's effect on the merchant's balances, summed
 * per day bucket, currency and line; the objects of one day; and the objects that could explain a
 * difference. The provider's balance is read live, through the upstream client's shared cache.
 *
 * What moves which balance follows the provider's rules as lib/balances/history.ts reads them:
 * - a completed deposit settled to the internal balance credits its settled amount in its settled
 *   currency (naira to the naira balance, a dollar or stablecoin to the dollar balance); one settled
 *   elsewhere leaves only the developer fee the merchant keeps. Deposit fees are taken before
 *   settlement, so they are in the settled amount, not on the fees line.
 * - a transfer debits its debit amount when created: the amount on "transfers", its `fee` on
 *   "fees"; a merchant withdrawal likewise `amount_usd` and `fee_usd`. A failed or reversed one
 *   gives both back at its last update.
 * - a withdrawal the app sent through POST /merchant/balance/withdraw (its audit row or approval
 *   request names the id) is a "withdrawal from balance"; every other one a merchant withdrawal.
 *   The provider lists both as one kind and its objects do not tell them apart.
 * - a completed balance move takes from the collection balance and adds to the withdrawal balance:
 *   both in dollars, so "moves in" and "moves out" cancel in the dollar total.
 * Objects are placed by the provider's created time (a refund by its update time).
 */
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { readBalances } from "@/lib/balances/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { type BucketSum, buildStatement, isFlagged, liveByCurrency, type MovementLine, type StatementDay } from "./compute";
import { dayBounds, type StatementRange } from "./days";

export interface StatementScope {
  organizationId: string;
  environment: Environment;
}

/** The kinds whose objects move a merchant balance. */
export const STATEMENT_KINDS = ["deposit", "transfer", "withdrawal", "balance_move"] as const;

const NUM = `'^-?[0-9]+(\\.[0-9]+)?$'`;
const SCOPE = `organization_id = $1::uuid AND environment = $2::"Environment"`;
/** Statuses after which an object no longer changes, for every statement kind (lib/ledger/kinds.ts). */
const FINAL = `('COMPLETED', 'FAILED', 'REVERSED', 'SETTLED')`;

/**
 * Every effect of every object in scope ($1 organization, $2 environment): one row per object and
 * line (kind, id, status, line, currency, signed amount, when).
 */
const EFFECTS = `
  o AS (
    SELECT kind, provider_id, status, data, provider_created_at AS created,
           COALESCE(provider_updated_at, provider_created_at) AS updated
    FROM synced_objects
    WHERE ${SCOPE} AND kind IN ('deposit', 'transfer', 'withdrawal', 'balance_move') AND provider_created_at IS NOT NULL
  ),
  from_balance AS (
    SELECT target_id AS id FROM audit_log
     WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND action = 'money_movement.sent'
       AND target_type = 'balance_withdrawal' AND target_id IS NOT NULL
    UNION
    SELECT result->>'resourceId' FROM approval_requests
     WHERE ${SCOPE} AND kind = 'balance_withdrawal' AND result->>'resourceId' IS NOT NULL
  ),
  deb AS (
    SELECT o.*, 'transfers' AS line,
           CASE WHEN upper(COALESCE(data->>'debit_currency', 'USD')) = 'NGN' THEN 'NGN' ELSE 'USD' END AS currency,
           (data->>'debit_amount')::numeric - COALESCE(CASE WHEN data->>'fee' ~ ${NUM} THEN (data->>'fee')::numeric END, 0) AS principal,
           COALESCE(CASE WHEN data->>'fee' ~ ${NUM} THEN (data->>'fee')::numeric END, 0) AS fee
      FROM o WHERE kind = 'transfer' AND data->>'debit_amount' ~ ${NUM}
    UNION ALL
    SELECT o.*, CASE WHEN provider_id IN (SELECT id FROM from_balance) THEN 'balance_withdrawals' ELSE 'withdrawals' END, 'USD',
           (data->>'amount_usd')::numeric,
           COALESCE(CASE WHEN data->>'fee_usd' ~ ${NUM} THEN (data->>'fee_usd')::numeric END, 0)
      FROM o WHERE kind = 'withdrawal' AND data->>'amount_usd' ~ ${NUM}
  ),
  e AS (
    SELECT kind, provider_id, status, 'deposits' AS line,
           CASE WHEN upper(data->>'settled_currency') = 'NGN' THEN 'NGN' ELSE 'USD' END AS currency,
           (data->>'settled_amount')::numeric AS amount, created AS at
      FROM o WHERE kind = 'deposit' AND status = 'COMPLETED' AND data->>'settlement_mode' = 'INTERNAL_BALANCE' AND data->>'settled_amount' ~ ${NUM}
    UNION ALL
    SELECT kind, provider_id, status, 'deposits',
           CASE WHEN upper(data#>>'{developer_fee,currency}') = 'NGN' THEN 'NGN' ELSE 'USD' END,
           (data#>>'{developer_fee,amount}')::numeric, created
      FROM o WHERE kind = 'deposit' AND status = 'COMPLETED' AND COALESCE(data->>'settlement_mode', '') <> 'INTERNAL_BALANCE'
       AND data#>>'{developer_fee,amount}' ~ ${NUM} AND (data#>>'{developer_fee,amount}')::numeric > 0
    UNION ALL
    SELECT kind, provider_id, status, line, currency, -principal, created FROM deb
    UNION ALL
    SELECT kind, provider_id, status, 'fees', currency, -fee, created FROM deb WHERE fee <> 0
    UNION ALL
    SELECT kind, provider_id, status, line, currency, principal, updated FROM deb WHERE status IN ('FAILED', 'REVERSED')
    UNION ALL
    SELECT kind, provider_id, status, 'fees', currency, fee, updated FROM deb WHERE fee <> 0 AND status IN ('FAILED', 'REVERSED')
    UNION ALL
    SELECT kind, provider_id, status, m.line, 'USD', m.sign * (data->>'amount_usd')::numeric, created
      FROM o CROSS JOIN (VALUES ('moves_in', 1), ('moves_out', -1)) AS m(line, sign)
     WHERE kind = 'balance_move' AND status = 'COMPLETED' AND data->>'amount_usd' ~ ${NUM}
  )`;

const trim = (s: string) => (s.includes(".") ? s.replace(/\.?0+$/, "") : s);

/** The sums per bucket (./days.ts dayBounds numbering), currency and line. */
export async function readBucketSums(scope: StatementScope, bounds: readonly Date[]): Promise<BucketSum[]> {
  const rows = await db.$queryRawUnsafe<{ bucket: number; currency: string; line: MovementLine; amount: string; count: number }[]>(
    `WITH ${EFFECTS}
     SELECT width_bucket(at, $3::text[]::timestamptz[])::int AS bucket, currency, line, sum(amount)::text AS amount, count(*)::int AS count
       FROM e GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    scope.organizationId,
    scope.environment,
    bounds.map((b) => b.toISOString()),
  );
  return rows.map((r) => ({ ...r, amount: trim(r.amount) }));
}

export interface DayEntry {
  kind: string;
  id: string;
  status: string | null;
  line: MovementLine;
  currency: string;
  amount: string;
  at: string;
}

/** The most entries one day's detail lists; a day with more says so and the CSV of the list pages holds them. */
export const DAY_DETAIL_LIMIT = 500;

/** The objects behind one day's lines, in time order. */
export async function readDayEntries(scope: StatementScope, start: Date, end: Date): Promise<{ entries: DayEntry[]; more: boolean }> {
  const rows = await db.$queryRawUnsafe<(Omit<DayEntry, "at" | "amount"> & { at: Date; amount: string })[]>(
    `WITH ${EFFECTS}
     SELECT kind, provider_id AS id, status, line, currency, amount::text AS amount, at
       FROM e WHERE at >= $3::timestamptz AND at < $4::timestamptz
      ORDER BY at, kind, provider_id, line LIMIT $5`,
    scope.organizationId,
    scope.environment,
    start.toISOString(),
    end.toISOString(),
    DAY_DETAIL_LIMIT + 1,
  );
  return {
    entries: rows.slice(0, DAY_DETAIL_LIMIT).map((r) => ({ ...r, amount: trim(r.amount), at: r.at.toISOString() })),
    more: rows.length > DAY_DETAIL_LIMIT,
  };
}

export type CandidateReason = "pending" | "failed_after_completion" | "missing_from_copy";

export interface Candidate {
  reason: CandidateReason;
  kind: string;
  id: string;
  status: string | null;
  amount: string | null;
  currency: string | null;
  at: string | null;
}

export const CANDIDATE_LIMIT = 200;

/**
 * The objects that could explain a difference in [start, end): ones still pending (not final, so
 * the provider may count them differently), ones the copy shows failed or reversed though an event
 * said they completed, and ids the provider's events name that the copy does not hold at all.
 */
export async function readCandidates(scope: StatementScope, start: Date, end: Date): Promise<Candidate[]> {
  const rows = await db.$queryRawUnsafe<(Omit<Candidate, "at"> & { at: Date | null })[]>(
    `SELECT * FROM (
       SELECT 'pending' AS reason, kind, provider_id AS id, status, amount::text AS amount, currency, provider_created_at AS at
         FROM synced_objects
        WHERE ${SCOPE} AND kind IN ('deposit', 'transfer', 'withdrawal', 'balance_move')
          AND COALESCE(status, '') NOT IN ${FINAL}
          AND provider_created_at >= $3::timestamptz AND provider_created_at < $4::timestamptz
       UNION ALL
       SELECT 'failed_after_completion', s.kind, s.provider_id, s.status, s.amount::text, s.currency, COALESCE(s.provider_updated_at, s.provider_created_at)
         FROM synced_objects s
        WHERE s.organization_id = $1::uuid AND s.environment = $2::"Environment" AND s.kind IN ('deposit', 'transfer', 'withdrawal')
          AND s.status IN ('FAILED', 'REVERSED')
          AND COALESCE(s.provider_updated_at, s.provider_created_at) >= $3::timestamptz
          AND COALESCE(s.provider_updated_at, s.provider_created_at) < $4::timestamptz
          AND EXISTS (SELECT 1 FROM webhook_events w
                       WHERE w.organization_id = s.organization_id AND w.environment = s.environment
                         AND w.resource_type = s.kind AND w.resource_id = s.provider_id AND w.name = s.kind || '.completed')
       UNION ALL
       (SELECT DISTINCT ON (w.resource_type, w.resource_id)
              'missing_from_copy', w.resource_type, w.resource_id, w.resource_status,
              COALESCE(w.payload#>>'{data,amount}', w.payload#>>'{data,amount_usd}'),
              COALESCE(w.payload#>>'{data,currency}', CASE WHEN w.payload#>'{data}' ? 'amount_usd' THEN 'USD' END),
              COALESCE(w.occurred_at, w.received_at)
         FROM webhook_events w
        WHERE w.organization_id = $1::uuid AND w.environment = $2::"Environment"
          AND w.resource_type IN ('deposit', 'transfer', 'withdrawal', 'balance_move') AND w.resource_id IS NOT NULL
          AND COALESCE(w.occurred_at, w.received_at) >= $3::timestamptz AND COALESCE(w.occurred_at, w.received_at) < $4::timestamptz
          AND NOT EXISTS (SELECT 1 FROM synced_objects s
                           WHERE s.organization_id = w.organization_id AND s.environment = w.environment
                             AND s.kind = w.resource_type AND s.provider_id = w.resource_id)
        ORDER BY w.resource_type, w.resource_id, COALESCE(w.occurred_at, w.received_at) DESC)
     ) c ORDER BY at NULLS LAST, kind, id LIMIT $5`,
    scope.organizationId,
    scope.environment,
    start.toISOString(),
    end.toISOString(),
    CANDIDATE_LIMIT,
  );
  return rows.map((r) => ({ ...r, amount: r.amount === null ? null : trim(r.amount), at: r.at ? r.at.toISOString() : null }));
}

/** The provider's balance as the local copy last read it, per currency; or the sentence why it could not be read. */
export type LiveBalance = { ok: true; byCurrency: Record<string, string>; fetchedAt: string } | { ok: false; message: string };

export async function readLiveBalance(scope: StatementScope): Promise<LiveBalance> {
  const r = await readOrProblem(readBalances(scope), {
    unexpected: { message: "The provider's balance could not be read. Try again in a moment.", log: "statement: the balance read failed" },
  });
  if (!r.ok) return { ok: false, message: r.message };
  return { ok: true, byCurrency: liveByCurrency(r.data.data), fetchedAt: r.data.fetchedAt };
}

export interface Statement {
  range: StatementRange;
  zone: string;
  days: StatementDay[];
  live: LiveBalance;
  /** The objects that could explain a difference, over the whole range; empty when nothing is flagged. */
  candidates: Candidate[];
}

/** The statement of a range: `live` is passed by tests (and by a caller that already read it). */
export async function loadStatement(scope: StatementScope, range: StatementRange, zone: string, live?: LiveBalance): Promise<Statement> {
  const bounds = dayBounds(range.days, zone);
  const [sums, balance] = await Promise.all([readBucketSums(scope, bounds), live ? Promise.resolve(live) : readLiveBalance(scope)]);
  const days = buildStatement({
    days: range.days,
    sums,
    live: balance.ok ? balance.byCurrency : null,
    todayIndex: range.days.indexOf(range.today),
  });
  const flagged = days.some(isFlagged);
  const candidates = flagged ? await readCandidates(scope, bounds[0]!, bounds[bounds.length - 1]!) : [];
  return { range, zone, days, live: balance, candidates };
}
