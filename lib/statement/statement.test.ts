/**
 * The statement against PostgreSQL over a seeded copy whose numbers are known: three days in
 * Lagos (UTC+1), objects on both sides of a midnight that differs from UTC's, every line, a
 * withdrawal from balance told apart by its audit row, a failed transfer refunded the same day,
 * and a deposit the provider's events name that the copy never received: the statement shows the
 * difference it makes and lists it. Then the review reconciliation, the CSV and who may read it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportStatement } from "@/app/api/statement/export/route";
import type { Role } from "@/lib/auth/permissions";
import { storeObjects, type LedgerScope } from "@/lib/ledger/store";
import { CREDIT_RELEASE_EVENT } from "@/lib/review/credit";
import { csvRowsOf } from "@/test/csv";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { isFlagged } from "./compute";
import { statementRange } from "./days";
import { loadStatement, readDayEntries } from "./read";
import { readReviewReconciliation } from "./review";

const LAGOS = "Africa/Lagos";
const NOW = new Date("2026-11-12T15:00:00Z");

let team: Awaited<ReturnType<typeof createTeam>>;
let scope: LedgerScope;

const deposit = (id: string, at: string, over: Record<string, unknown> = {}) => ({
  id,
  type: "CRYPTO_DEPOSIT",
  amount: "0",
  currency: "USDC",
  status: "COMPLETED",
  settlement_mode: "INTERNAL_BALANCE",
  settled_currency: "USD",
  created_at: at,
  updated_at: at,
  ...over,
});
const transfer = (id: string, at: string, debit: string, fee: string, over: Record<string, unknown> = {}) => ({
  id,
  status: "COMPLETED",
  currency: "NGN",
  amount: "150000",
  debit_currency: "USD",
  debit_amount: debit,
  fee,
  created_at: at,
  updated_at: at,
  ...over,
});
const withdrawal = (id: string, at: string, amount: string) => ({ id, amount_usd: amount, fee_usd: "1.00", status: "SETTLED", created_at: at, updated_at: at });

async function event(organizationId: string, name: string, resourceType: string, resourceId: string, at: string, data: Record<string, unknown>) {
  await testDb().webhookEvent.create({
    data: {
      organizationId,
      environment: "sandbox",
      surface: "core",
      name,
      receivedName: name,
      dedupeKey: `${name}:${resourceId}:${at}`,
      resourceType,
      resourceId,
      resourceStatus: name.split(".")[1]!.toUpperCase(),
      payload: { event: name, data: { id: resourceId, ...data } },
      headers: {},
      signature: "current",
      occurredAt: new Date(at),
    },
  });
}

beforeAll(async () => {
  team = await createTeam();
  scope = { organizationId: team.org.id, environment: "sandbox" };
  await storeObjects(
    scope,
    "deposit",
    [
      // Before the range: the opening balances.
      deposit("dep_open_usd", "2026-11-09T10:00:00Z", { settled_amount: "1000" }),
      deposit("dep_open_ngn", "2026-11-09T10:00:00Z", { type: "NGN_DEPOSIT", currency: "NGN", settled_currency: "NGN", settled_amount: "50000" }),
      // 23:30 UTC on the 10th is 00:30 on the 11th in Lagos.
      deposit("dep_after_midnight", "2026-11-10T23:30:00Z", { settled_amount: "200.50" }),
      // Settled on chain: the merchant keeps only the developer fee.
      deposit("dep_onchain", "2026-11-11T10:00:00Z", { settlement_mode: "ONCHAIN", settled_amount: "500", developer_fee: { amount: "1.25", currency: "USD" } }),
      deposit("dep_pending", "2026-11-11T11:00:00Z", { status: "PROCESSING", settled_amount: "300" }),
      // 23:10 UTC on the 11th is the 12th in Lagos.
      deposit("dep_next_day", "2026-11-11T23:10:00Z", { settled_amount: "10" }),
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "transfer",
    [
      transfer("tr_done", "2026-11-11T12:00:00Z", "101.00", "1.00"),
      transfer("tr_failed", "2026-11-11T12:30:00Z", "51.00", "1.00", { status: "FAILED", updated_at: "2026-11-11T13:00:00Z" }),
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "withdrawal",
    [withdrawal("wd_merchant", "2026-11-11T14:00:00Z", "20.00"), withdrawal("wd_balance", "2026-11-11T15:00:00Z", "30.00")],
    "sweep",
  );
  await storeObjects(scope, "balance_move", [{ id: "mv_1", amount_usd: "40.00", status: "COMPLETED", created_at: "2026-11-11T16:00:00Z" }], "sweep");
  // The app sent wd_balance through POST /merchant/balance/withdraw: its audit row says so.
  await testDb().auditLog.create({
    data: {
      organizationId: team.org.id,
      environment: "sandbox",
      action: "money_movement.sent",
      targetType: "balance_withdrawal",
      targetId: "wd_balance",
      actorId: team.operator.id,
    },
  });
  // The provider said the failed transfer completed first, and told of a deposit the copy never got.
  await event(team.org.id, "transfer.completed", "transfer", "tr_failed", "2026-11-11T12:40:00Z", { status: "COMPLETED" });
  await event(team.org.id, "deposit.completed", "deposit", "dep_missing", "2026-11-11T18:00:00Z", { amount: "75", currency: "USD", settled_amount: "75" });
  // Another organization's objects never count.
  const other = await createTeam();
  await storeObjects(
    { organizationId: other.org.id, environment: "sandbox" },
    "deposit",
    [deposit("dep_theirs", "2026-11-11T09:00:00Z", { settled_amount: "999" })],
    "sweep",
  );
  await storeObjects(
    { organizationId: team.org.id, environment: "production" },
    "deposit",
    [deposit("dep_prod", "2026-11-11T09:00:00Z", { settled_amount: "888" })],
    "sweep",
  );
});

// The provider's balance includes the deposit the copy lacks: 1058.75 + 75.
const LIVE = { ok: true as const, byCurrency: { USD: "1133.75", NGN: "50000" }, fetchedAt: NOW.toISOString() };

describe("the statement of a seeded range", () => {
  it("works every line out per day in the viewer's zone and flags the difference a missing deposit makes", async () => {
    const range = statementRange({ from: "2026-11-10", to: "2026-11-12" }, LAGOS, NOW);
    const s = await loadStatement(scope, range, LAGOS, LIVE);
    const usd = s.days.filter((d) => d.currency === "USD");
    expect(usd.map((d) => [d.day, d.opening, d.closing, d.reported, d.reportedFrom, d.difference])).toEqual([
      ["2026-11-10", "1000", "1000", "1075", "next_opening", "-75"],
      ["2026-11-11", "1000", "1048.75", "1123.75", "next_opening", "-75"],
      ["2026-11-12", "1048.75", "1058.75", "1133.75", "live", "-75"],
    ]);
    expect(usd[1]!.lines).toEqual({
      deposits: "201.75",
      transfers: "-100",
      withdrawals: "-20",
      balance_withdrawals: "-30",
      moves_in: "40",
      moves_out: "-40",
      fees: "-3",
    });
    // The failed transfer was debited and given back the same day: two entries, no net effect.
    expect(usd[1]!.counts.transfers).toBe(3);
    const ngn = s.days.filter((d) => d.currency === "NGN");
    expect(ngn.map((d) => [d.day, d.closing, d.difference])).toEqual([
      ["2026-11-10", "50000", "0"],
      ["2026-11-11", "50000", "0"],
      ["2026-11-12", "50000", "0"],
    ]);
    expect(usd.every(isFlagged)).toBe(true);
    expect(ngn.some(isFlagged)).toBe(false);
    expect(s.candidates.map((c) => [c.reason, c.kind, c.id])).toEqual([
      ["pending", "deposit", "dep_pending"],
      ["failed_after_completion", "transfer", "tr_failed"],
      ["missing_from_copy", "deposit", "dep_missing"],
    ]);
    expect(s.candidates.find((c) => c.id === "dep_missing")).toMatchObject({ amount: "75", currency: "USD", status: "COMPLETED" });
  });

  it("puts the same objects on other days in UTC, and matches the provider when nothing is missing", async () => {
    const range = statementRange({ from: "2026-11-10", to: "2026-11-12" }, "UTC", NOW);
    const s = await loadStatement(scope, range, "UTC", { ...LIVE, byCurrency: { USD: "1058.75", NGN: "50000" } });
    const usd = s.days.filter((d) => d.currency === "USD");
    expect(usd.map((d) => [d.day, d.lines.deposits, d.closing, d.difference])).toEqual([
      ["2026-11-10", "200.5", "1200.5", "0"],
      ["2026-11-11", "11.25", "1058.75", "0"],
      ["2026-11-12", "0", "1058.75", "0"],
    ]);
    expect(s.candidates).toEqual([]);
  });

  it("shows no provider figure and flags nothing when the balance could not be read", async () => {
    const range = statementRange({ from: "2026-11-11", to: "2026-11-11" }, LAGOS, NOW);
    const s = await loadStatement(scope, range, LAGOS, { ok: false, message: "down" });
    expect(s.days.map((d) => [d.currency, d.closing, d.reported, d.difference])).toEqual([
      ["USD", "1048.75", null, null],
      ["NGN", "50000", null, null],
    ]);
    expect(s.candidates).toEqual([]);
  });

  it("lists a day's objects per line, in time order", async () => {
    const range = statementRange({ from: "2026-11-11", to: "2026-11-11" }, LAGOS, NOW);
    const { entries, more } = await readDayEntries(scope, new Date("2026-11-10T23:00:00Z"), new Date("2026-11-11T23:00:00Z"));
    expect(range.days).toEqual(["2026-11-11"]);
    expect(more).toBe(false);
    expect(entries.map((e) => [e.id, e.line, e.amount])).toEqual([
      ["dep_after_midnight", "deposits", "200.5"],
      ["dep_onchain", "deposits", "1.25"],
      ["tr_done", "fees", "-1"],
      ["tr_done", "transfers", "-100"],
      ["tr_failed", "fees", "-1"],
      ["tr_failed", "transfers", "-50"],
      ["tr_failed", "fees", "1"],
      ["tr_failed", "transfers", "50"],
      ["wd_merchant", "fees", "-1"],
      ["wd_merchant", "withdrawals", "-20"],
      ["wd_balance", "balance_withdrawals", "-30"],
      ["wd_balance", "fees", "-1"],
      ["mv_1", "moves_in", "40"],
      ["mv_1", "moves_out", "-40"],
    ]);
  });
});

describe("review reconciliation", () => {
  it("lists flagged deposits without a decision and credit decisions not acknowledged, and nothing that is done", async () => {
    const t = await createTeam();
    const s = { organizationId: t.org.id, environment: "sandbox" as const };
    await storeObjects(
      s,
      "deposit",
      ["dep_r_none", "dep_r_wait", "dep_r_pending", "dep_r_done", "dep_r_held"].map((id) =>
        deposit(id, "2026-11-11T09:00:00Z", { status: "REQUIRES_REVIEW", amount: "120", currency: "USDC" }),
      ),
      "sweep",
    );
    // Flagged once, completed since: still needs a decision.
    await storeObjects(s, "deposit", [deposit("dep_r_event", "2026-11-11T08:00:00Z", { settled_amount: "5" })], "sweep");
    await event(t.org.id, "deposit.requires_review", "deposit", "dep_r_event", "2026-11-11T08:05:00Z", { status: "REQUIRES_REVIEW" });
    const decision = (depositId: string, status: string, creditState: string | null) =>
      testDb().reviewDecision.create({
        data: {
          organizationId: t.org.id,
          environment: "sandbox",
          depositId,
          decision: "credit_customer",
          reason: "matches the invoice",
          status,
          decidedById: t.approver.id,
          confirmedById: status === "final" ? t.admin.id : null,
          depositSnapshot: {},
          creditState,
        },
      });
    await decision("dep_r_wait", "awaiting_confirmation", null);
    await decision("dep_r_held", "final", "held");
    const pending = await decision("dep_r_pending", "final", "released");
    const done = await decision("dep_r_done", "final", "released");
    const delivery = (decisionId: string, status: string) =>
      testDb().outboundDelivery.create({
        data: {
          organizationId: t.org.id,
          environment: "sandbox",
          decisionId,
          event: CREDIT_RELEASE_EVENT,
          url: "https://merchant.example/hook",
          payload: {},
          status,
          attempts: 3,
        },
      });
    await delivery(pending.id, "pending");
    await delivery(done.id, "delivered");
    const r = await readReviewReconciliation(s);
    expect(r.flaggedDeposits).toBe(6);
    expect(r.creditDecisions).toBe(3);
    const gaps = Object.fromEntries(r.gaps.map((g) => [g.depositId, g.gap]));
    expect(gaps).toEqual({
      dep_r_none: "no_decision",
      dep_r_event: "no_decision",
      dep_r_wait: "awaiting_confirmation",
      dep_r_held: "credit_held",
      dep_r_pending: "credit_not_delivered",
    });
    expect(r.gaps.find((g) => g.depositId === "dep_r_pending")!.delivery).toEqual({ status: "pending", attempts: 3, lastError: null });
  });
});

describe("the statement CSV", () => {
  const as = async (role: Role) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[role].id } }));
  const get = () => exportStatement(new Request("http://app.test/api/statement/export?from=2026-11-10&to=2026-11-12&day=2026-11-11"));

  it("is one row per day and currency through the one CSV writer, in the viewer's zone", async () => {
    await testDb().user.update({ where: { id: team.admin.id }, data: { timeZone: LAGOS } });
    await as("admin");
    const res = await get();
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="statement-sandbox-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = await csvRowsOf(res);
    expect(header!.slice(0, 6)).toEqual(["environment", "day", "time_zone", "currency", "opening_balance", "deposits"]);
    const closing = header!.indexOf("closing_balance");
    expect(rows.map((r) => [r[1], r[2], r[3], r[closing]])).toEqual([
      ["2026-11-10", LAGOS, "USD", "1000"],
      ["2026-11-11", LAGOS, "USD", "1048.75"],
      ["2026-11-12", LAGOS, "USD", "1058.75"],
      ["2026-11-10", LAGOS, "NGN", "50000"],
      ["2026-11-11", LAGOS, "NGN", "50000"],
      ["2026-11-12", LAGOS, "NGN", "50000"],
    ]);
  });

  it("is refused signed out and given to every role that reads data", async () => {
    signOutTest();
    expect((await get()).status).toBe(401);
    for (const role of ["viewer", "operator", "approver", "admin"] as const) {
      await as(role);
      expect((await get()).status, role).toBe(200);
    }
  });
});
