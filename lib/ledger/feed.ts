import "server-only";
/**
 * What keeps the copy fresh between sweeps: the provider's webhooks and the app's own writes.
 *
 * - A new (verified, first-stored) event stores the object it carries, in the event's own
 *   transaction (lib/webhooks/store.ts), so the live announcement of the event is delivered only
 *   once the copy shows it. An event whose payload is partial, or that names its object without
 *   carrying it (a Pro trade, an older family's event), asks for a fetch by id instead.
 * - A write's answer (and a replayed one) is stored with source "write" before the action returns,
 *   so the next page view shows it; an answer that is only an id asks for a fetch by id.
 * - Either also reads again the snapshots its kind moves (a deposit moves the merchant balance:
 *   kinds.ts `affects`): at once after a write, a few seconds after events, so a burst of events
 *   costs one read.
 * Fetches are `ledger-fetch` jobs (lib/ledger/jobs.ts), sent after the transaction commits.
 */
import type { Environment } from "@/lib/generated/prisma/enums";
import { enqueue, hasten } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { statusRank } from "@/lib/webhooks/names";
import { idOf, kindDef, SNAPSHOT_ID, snapshotsMovedBy } from "./kinds";
import { type LedgerScope, type SqlQuery, storeObjects } from "./store";

/** The contract's fetch-by-id job: fetch one object and store it with source "fetch". */
export const FETCH_JOB = "ledger-fetch";

export interface FetchRequest extends LedgerScope {
  kind: string;
  id: string;
  /** A snapshot read again after events: it waits this long, and events meanwhile share it. */
  afterSeconds?: number;
}

/** How long a snapshot's read after events waits, gathering a burst of them into one provider call. */
export const SNAPSHOT_AFTER_EVENTS_S = 5;

/** The snapshots a change of `kind` moves, as fetches (`afterSeconds` when asked for by events). */
export function snapshotFetches(scope: LedgerScope, kind: string, afterSeconds?: number): FetchRequest[] {
  return (kindDef(kind)?.affects ?? []).map((k) => ({
    organizationId: scope.organizationId,
    environment: scope.environment,
    kind: k,
    id: SNAPSHOT_ID,
    ...(afterSeconds ? { afterSeconds } : {}),
  }));
}

// When this process last asked for each delayed snapshot read: while one waits, events need not ask
// the queue again (its singleton key would refuse the second anyway, at one statement each).
const askedAt = new Map<string, number>();

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/** Sends one `ledger-fetch` per distinct object; never throws (a sweep repairs what a lost job misses). */
export async function requestFetches(fetches: readonly FetchRequest[]): Promise<void> {
  const seen = new Set<string>();
  for (const f of fetches) {
    const key = `${f.organizationId}|${f.environment}|${f.kind}|${f.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const data = { organizationId: f.organizationId, environment: f.environment, kind: f.kind, id: f.id };
    if (!f.afterSeconds) {
      // A write's follow-up: a delayed read already waiting for events is brought forward.
      await (kindDef(f.kind)?.singletonId ? hasten(FETCH_JOB, data, 0) : enqueue(FETCH_JOB, data));
      continue;
    }
    const now = Date.now();
    if (now - (askedAt.get(key) ?? 0) < f.afterSeconds * 1000) continue;
    askedAt.set(key, now);
    await enqueue(FETCH_JOB, data, f.afterSeconds);
  }
}

/** A fetch only where the kind can be fetched by id; balance moves, for one, have no such endpoint. */
function fetchable(f: FetchRequest): boolean {
  return kindDef(f.kind)?.get !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** A stored event, as the copy needs it. */
export interface EventForCopy {
  organizationId: string;
  environment: Environment;
  /** The event's resource type (lib/webhooks/normalize.ts): a kind's name where the copy keeps it. */
  resourceType: string | null;
  resourceId: string | null;
  /** The name the provider sent, which tells an older family apart. */
  receivedName: string;
  /** The event's `data`: the object as its GET returns it, or part of it. */
  data: unknown;
}

export interface StoreGroup {
  scope: LedgerScope;
  kind: string;
  objects: Obj[];
}

export interface CopyPlan {
  stores: StoreGroup[];
  fetches: FetchRequest[];
}

/**
 * Older families filed under a current resource type (virtual_account.* and onramp.* under
 * funding_account): their data is another object's shape, so the object is fetched instead.
 */
function carriesItsObject(e: EventForCopy, data: Obj | null): data is Obj {
  const def = e.resourceType ? kindDef(e.resourceType) : undefined;
  // By the kind's own id field: Pro's order events carry the whole order under `order_id`.
  if (!data || !def || idOf(def, data) !== e.resourceId) return false;
  const family = e.receivedName.split(".")[0];
  return family === e.resourceType || family === EVENT_FAMILY[def.kind] || (e.resourceType === "balance_move" && family === "balance");
}

/** Kinds whose events are named by another family: Pro's order.* events are about pro_order. */
const EVENT_FAMILY: Readonly<Record<string, string>> = { pro_order: "order" };

const timeOf = (o: Obj) => {
  const t = Date.parse(String(o.updated_at ?? ""));
  return Number.isNaN(t) ? null : t;
};

/**
 * Whether `b` (arriving after `a`) is at least as new, by the store's own rule: a later provider
 * time wins; without two different times, a status later in the family's order wins, and an equal
 * one takes the later arrival. Needed because one store call keeps the last copy of an id blindly.
 */
function notOlder(family: string | undefined, a: Obj, b: Obj): boolean {
  const ta = timeOf(a);
  const tb = timeOf(b);
  if (ta !== null && tb !== null && ta !== tb) return tb > ta;
  if (!family) return true;
  return statusRank(family, text(b.status)) >= statusRank(family, text(a.status));
}

/** Events about an object the copy keeps only inside a snapshot (kinds.ts `movedBy`): that snapshot, read again a few seconds later. */
function eventSnapshotFetches(scope: LedgerScope, resourceType: string | null): FetchRequest[] {
  return (resourceType ? snapshotsMovedBy(resourceType) : []).map((kind) => ({
    ...scope,
    kind,
    id: SNAPSHOT_ID,
    afterSeconds: SNAPSHOT_AFTER_EVENTS_S,
  }));
}

/** Whether events of this resource type can concern the copy at all (a cheap check before a transaction). */
export function keepsObjectsOf(resourceType: string | null): boolean {
  return resourceType !== null && (kindDef(resourceType) !== undefined || snapshotsMovedBy(resourceType).length > 0);
}

/** Which objects new events store and which they ask to fetch, grouped per scope and kind. */
export function planEventCopies(events: readonly EventForCopy[]): CopyPlan {
  const groups = new Map<string, { scope: LedgerScope; kind: string; byId: Map<string, Obj> }>();
  const fetches: FetchRequest[] = [];
  for (const e of events) {
    const scope = { organizationId: e.organizationId, environment: e.environment };
    fetches.push(...eventSnapshotFetches(scope, e.resourceType));
    const def = e.resourceType ? kindDef(e.resourceType) : undefined;
    if (!def || !e.resourceId) continue;
    const data = isObject(e.data) ? e.data : null;
    fetches.push(...snapshotFetches(scope, def.kind, SNAPSHOT_AFTER_EVENTS_S));
    if (!carriesItsObject(e, data)) {
      const f = { ...scope, kind: def.kind, id: e.resourceId };
      if (fetchable(f)) fetches.push(f);
      continue;
    }
    const key = `${e.organizationId}|${e.environment}|${def.kind}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { scope, kind: def.kind, byId: new Map() }));
    const held = g.byId.get(e.resourceId);
    if (!held || notOlder(def.rankFamily, held, data)) g.byId.set(e.resourceId, data);
  }
  // In id order: two batches in flight at once then lock shared rows in the same order, not in a cycle.
  const stores = [...groups.values()].map((g) => ({
    scope: g.scope,
    kind: g.kind,
    objects: [...g.byId.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o),
  }));
  return { stores, fetches };
}

/**
 * Stores what new events carry, on the given connection (the event batch's transaction). Returns
 * the fetches to ask for once that transaction commits: partial payloads and objects not carried.
 */
export async function copyEvents(runner: SqlQuery, events: readonly EventForCopy[]): Promise<FetchRequest[]> {
  const plan = planEventCopies(events);
  const fetches = [...plan.fetches];
  for (const g of plan.stores) {
    const r = await storeObjects(g.scope, g.kind, g.objects, "webhook", { tx: runner });
    for (const id of r.partial) {
      const f = { ...g.scope, kind: g.kind, id };
      if (fetchable(f)) fetches.push(f);
    }
  }
  return fetches;
}

/** The fetches that repair a copy write that failed: every object the events named. */
export function fetchesFor(events: readonly EventForCopy[]): FetchRequest[] {
  const out: FetchRequest[] = [];
  for (const e of events) {
    out.push(...eventSnapshotFetches({ organizationId: e.organizationId, environment: e.environment }, e.resourceType));
    const def = e.resourceType ? kindDef(e.resourceType) : undefined;
    if (!def || !e.resourceId) continue;
    const f = { organizationId: e.organizationId, environment: e.environment, kind: def.kind, id: e.resourceId };
    if (fetchable(f)) out.push(f);
    out.push(...snapshotFetches(f, def.kind, SNAPSHOT_AFTER_EVENTS_S));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The app's own writes

/** How a write's answer reaches the copy: the object it returns, or the id to fetch. */
export interface WriteTarget {
  kind: string;
  /** The object in the answer (default: the answer itself). */
  object?: (answer: Obj) => unknown;
  /** The id to fetch when the answer holds no storable object (an id only, or no `id` field). */
  fetchId?: (answer: Obj, path: string) => string | null;
  /** A snapshot the answer carries as it stands after the write (a balance move's balances): stored instead of read again. */
  carries?: { kind: string; object: (answer: Obj) => unknown };
  /**
   * `kind` is a snapshot the write changed (a saved address, a webhook), whose answer is not the
   * whole of it: read again before the write returns, so the page the person goes back to shows it.
   */
  reread?: true;
}

const inData = (a: Obj) => (isObject(a.data) ? a.data : null);
const lastSegment = (path: string) => decodeURIComponent(path.split("/").filter(Boolean).at(-1) ?? "") || null;

/** A balance move's answer carries the balances after it too; they are not part of the move. */
function balanceMove(a: Obj): unknown {
  const d = inData(a);
  if (!d) return null;
  const { balance: _balance, ...move } = d;
  return move;
}

const proWebhooks: WriteTarget = { kind: "pro_webhooks", reread: true };
const savedAddresses: WriteTarget = { kind: "coins_addresses", reread: true };
const withdrawalCreated: WriteTarget = { kind: "withdrawal", object: () => null, fetchId: (a) => text(inData(a)?.transaction_id) };
const proOrder: WriteTarget = { kind: "pro_order", fetchId: (a) => text(a.order_id) };

/**
 * Every write operation of lib/upstream (its `operation` name), and what its answer means for
 * the copy; `null`: the answer is no object the copy keeps (settings, secrets, simulators whose
 * result arrives by webhook). A write missing here fails a test, so none is forgotten. Kinds
 * the copy does not keep yet (Pro and Coins, added in kinds.ts) are skipped until they exist.
 */
export const WRITE_TARGETS: Readonly<Record<string, WriteTarget | null>> = {
  "core.createFundingAccount": { kind: "funding_account" },
  "core.updateFundingAccountSettlement": { kind: "funding_account" },
  "core.simulateDeposit": null,
  "core.createRecipient": { kind: "recipient" },
  "core.createTransfer": { kind: "transfer" },
  "core.transferBalance": { kind: "balance_move", object: balanceMove, carries: { kind: "merchant_balance", object: (a) => inData(a)?.balance } },
  "core.createMerchantWithdrawal": withdrawalCreated,
  "core.withdrawFromBalance": withdrawalCreated,
  "core.setNgnSettlementDestination": { kind: "merchant_funding", object: inData },
  "core.createOnramp": { kind: "onramp" },
  "core.createOfframp": { kind: "offramp" },
  "coins.placeOrder": { kind: "coins_order" },
  "coins.cancelOrder": { kind: "coins_order" },
  "coins.createWithdrawalAddress": savedAddresses,
  "coins.renameWithdrawalAddress": savedAddresses,
  "coins.createCryptoWithdrawal": { kind: "coins_crypto_withdrawal" },
  "coins.createFiatWithdrawal": { kind: "coins_fiat_withdrawal" },
  "pro.placeOrder": proOrder,
  "pro.replaceOrder": proOrder,
  // The answer to a cancellation is not the order: the order is fetched.
  "pro.cancelOrder": { kind: "pro_order", object: () => null, fetchId: (_a, path) => lastSegment(path) },
  "pro.createWebhook": proWebhooks,
  "pro.updateWebhook": proWebhooks,
  "pro.deleteWebhook": proWebhooks,
  // A new secret changes nothing the list shows (the list never holds secrets).
  "pro.rotateWebhookSecret": null,
  "pro.simulateDeposit": null,
};

/** A write the provider answered (or the ledger replayed), as the upstream client reports it. */
export interface WrittenAnswer extends LedgerScope {
  operation: string;
  path: string;
  data: unknown;
  replayed: boolean;
}

/** Stores a snapshot a write's answer carries; the kind stored, or null (then it is read again). */
async function storeCarried(scope: LedgerScope, kind: string, object: unknown): Promise<string | null> {
  if (!isObject(object)) return null;
  try {
    const r = await storeObjects(scope, kind, [object], "write");
    return r.partial.length === 0 ? kind : null;
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), kind }, "a write's snapshot could not be stored in the local copy");
    return null;
  }
}

/**
 * Puts a write's answer into the copy. Never throws: the write went through whatever happens
 * here, and a failed copy write asks for a fetch (the next sweep would find it anyway).
 */
export async function copyWriteAnswer(w: WrittenAnswer): Promise<void> {
  const target = WRITE_TARGETS[w.operation];
  const def = target ? kindDef(target.kind) : undefined;
  if (!target || !def) return;
  const scope = { organizationId: w.organizationId, environment: w.environment };
  if (target.reread) {
    // A dynamic import: page-read reads through lib/upstream, which calls this module.
    const { readSnapshotNow } = await import("./page-read");
    await readSnapshotNow(scope, target.kind).catch(async (err: unknown) => {
      log.warn(
        { err: err instanceof Error ? err.message : String(err), operation: w.operation },
        "a snapshot could not be read again after a write; asked for later",
      );
      await requestFetches([{ ...scope, kind: target.kind, id: SNAPSHOT_ID }]);
    });
    return;
  }
  if (!isObject(w.data)) return;
  const object = target.object ? target.object(w.data) : w.data;
  const fetchId = target.fetchId?.(w.data, w.path) ?? null;
  // By the kind's own id field: a Pro order's answer carries `order_id`, and is stored as it came.
  const storableId = isObject(object) ? idOf(def, object) : null;
  const storable = storableId ? (object as Obj) : null;
  const fetches: FetchRequest[] = [];
  if (storable) {
    try {
      const r = await storeObjects(scope, target.kind, [storable], "write");
      for (const id of r.partial) fetches.push({ ...scope, kind: target.kind, id });
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err), operation: w.operation }, "a write's answer could not be stored in the local copy");
      fetches.push({ ...scope, kind: target.kind, id: storableId! });
    }
  } else if (fetchId) {
    fetches.push({ ...scope, kind: target.kind, id: fetchId });
  }
  const carried = target.carries ? await storeCarried(scope, target.carries.kind, target.carries.object(w.data)) : null;
  fetches.push(...snapshotFetches(scope, target.kind).filter((f) => f.kind !== carried));
  await requestFetches(fetches.filter(fetchable));
}
