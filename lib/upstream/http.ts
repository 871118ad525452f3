/**
 * The one HTTP core for the four upstream surfaces. Every call: the key from the key provider, a
 * request id, the shared rate budget, a timeout, retries where they cannot repeat an effect, the
 * error mapped to `UpstreamError`, and the answer parsed with a drift-tolerant zod schema.
 *
 * Retries: reads (GET) retry on network errors, timeouts, malformed answers, 429 (honouring
 * Retry-After) and 5xx; writes retry on the same conditions only when they carry an idempotency key,
 * and always with that same key, so the provider sees one request however often it is sent.
 *
 * Reads are coalesced (identical concurrent reads share one call) and cached in PostgreSQL; when the
 * provider fails or the budget is spent, a cached answer is served with `stale: true` and its age.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { noteBudgetKey, observeUpstream } from "@/lib/metrics";
import { RateBudget, keyHash } from "./budget";
import { Coalescer, ReadCache, cacheKeyOf, writtenKeyOf, type CachedRead } from "./cache";
import { surfaceBaseUrl } from "./config";
import { UpstreamError, budgetError, errorFromResponse, noKeyError, transportError, type OperationInfo } from "./errors";
import { LedgerError, beginAttempt, finishAttempt } from "./ledger";
import { type CallPriority, currentPacing, currentPriority, isBackground, reserveFor } from "./priority";
import { prismaSql, type SqlRunner } from "./sql";
import type { HttpMethod, KeyProvider, UpstreamEnvironment, UpstreamSurface, WriteAttempt } from "./types";

export interface UpstreamLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: UpstreamLogger = { debug() {}, info() {}, warn() {}, error() {} };

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<S extends z.ZodType> {
  surface: UpstreamSurface;
  environment: UpstreamEnvironment;
  organizationId: string;
  method: HttpMethod;
  /** Relative to the surface's version root: `/deposits`, `/orders/quote`, `/merchant/balance`. */
  path: string;
  query?: Query;
  body?: unknown;
  schema: S;
  /** The X-Idempotency-Key; a write with one may be retried with it, a write without never is. */
  idempotency?: { key: string };
  /**
   * Whether a failed attempt may be sent again. Defaults: reads yes, writes only with an
   * idempotency key. `false` for writes whose key the provider is not documented to honour.
   */
  retry?: boolean;
  timeoutMs?: number;
  /**
   * GET only: how long an answer counts as fresh (default 10 s). `{ ttlMs: 0 }` (ALWAYS_ASK) always
   * asks the provider but keeps the answer to show, with its age, when the provider cannot be
   * asked; `false` skips the shared cache altogether (a check right before a write).
   */
  cache?: { ttlMs: number } | false;
  /**
   * The call's class in the budget order (priority.ts); defaults to the one set by `withPriority`
   * around it. Without either, a write takes the whole budget and a read follows the page rule below.
   */
  priority?: CallPriority;
}

/** Always ask the provider; fall back to the last answer, marked stale, when it cannot be asked. */
export const ALWAYS_ASK = { ttlMs: 0 } as const;
/**
 * Lists of what the provider supports (withdrawable assets with their network fees, deposit and
 * withdrawal options): they change with the provider, not with what people do on a page, so one
 * read a minute serves everyone (a write still asks again).
 */
export const REFERENCE_DATA = { ttlMs: 60_000 } as const;

const tenantOf = (o: { organizationId: string; environment: string }) => `${o.organizationId}:${o.environment}`;

/**
 * The share of each minute's budget that refreshes of cached reads (prices, mostly) leave to reads
 * with nothing to show, to the watched lists' sweeps and to writes (33 of 95). At 20% (19), under
 * 100 people the price refreshes took a third of the key's minute and the lists fell 30 s behind.
 */
export const REFRESH_RESERVE_SHARE = 0.35;

export type WriteOptions<S extends z.ZodType> = Omit<RequestOptions<S>, "idempotency" | "cache"> & {
  /** Names the write in the ledger, e.g. `core.createTransfer`. */
  operation: string;
  attempt: WriteAttempt;
  /** Puts the idempotency key into the body too, for APIs that take it there (Pro client_order_id). */
  prepareBody?: (idempotencyKey: string) => unknown;
};

export interface UpstreamResult<T> extends CachedRead<T> {
  status: number;
  /** The provider's request id when it sent one, else ours. */
  requestId: string | null;
  /** A write answered from the ledger: it had already gone through. */
  replayed?: boolean;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts after this much time has passed since the first attempt. */
  readMaxTotalMs: number;
  writeMaxTotalMs: number;
}

export interface UpstreamClientOptions {
  /** The idempotency ledger's database (durable writes). */
  db: PrismaClient;
  /** Budget and read cache; defaults to `db`. Production passes a pool with asynchronous commit (see sql.ts). */
  sql?: SqlRunner;
  keys: KeyProvider;
  fetch?: typeof fetch;
  baseUrl?: (surface: UpstreamSurface, environment: UpstreamEnvironment) => string;
  /** Requests per minute per key; the provider allows 100, so the default keeps a margin of 5. */
  budgetLimit?: number;
  /** Tests: the span background classes spread their share over (budget.ts). */
  budgetPaceWindowMs?: number;
  /** Share of the budget a refresh of an already cached read may not take (default REFRESH_RESERVE_SHARE). */
  refreshReserveShare?: number;
  /** A call that finds the budget spent waits for the next slot if it comes within this long. */
  maxBudgetWaitMs?: number;
  retry?: Partial<RetryPolicy>;
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
  defaultCacheTtlMs?: number;
  logger?: UpstreamLogger;
  /**
   * The id of the request being served (the browser's call), sent as X-Request-Id so one id
   * follows a call from the browser to the provider and back; a fresh id when there is none.
   */
  requestId?: () => string | undefined | Promise<string | undefined>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * Told of every write that went through (a replay from the ledger too), before `write` returns:
   * the app puts the answer into its local copy of the provider's objects (lib/ledger/feed.ts), so
   * the next page view shows it. Must not throw.
   */
  onWritten?: (w: WrittenAnswer) => Promise<void>;
}

/** A write the provider accepted, as `onWritten` hears of it. */
export interface WrittenAnswer {
  organizationId: string;
  environment: UpstreamEnvironment;
  surface: UpstreamSurface;
  /** The write's ledger name, e.g. `core.createTransfer`. */
  operation: string;
  path: string;
  data: unknown;
  replayed: boolean;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2_000, readMaxTotalMs: 12_000, writeMaxTotalMs: 30_000 };

interface Raw {
  data: unknown;
  status: number;
  requestId: string | null;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function queryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The ledger keeps answers for replays, never one-time secrets (Pro webhook signing secrets). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (isObj(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (/secret|api_key|password/i.test(k)) continue;
      out[k] = withoutSecrets(v);
    }
    return out;
  }
  return value;
}

export class UpstreamClient {
  readonly budget: RateBudget;
  readonly cache: ReadCache;
  private readonly coalescer: Coalescer;
  /** When each tenant's last write through this client settled (see read coalescing). */
  private readonly lastWriteAt = new Map<string, number>();
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: (surface: UpstreamSurface, environment: UpstreamEnvironment) => string;
  private readonly retry: RetryPolicy;
  private readonly log: UpstreamLogger;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly usedAt = new Map<string, number>();
  /**
   * Per key: until when a refresh of an aged read is known to be refused. Room in the budget comes
   * back only as its seconds age out (another instance can only spend more), so asking the
   * database again before the refusal's retry time is refused again; under a hundred people that
   * was three statements a price read. A refresh has its cached answer to show meanwhile.
   */
  private readonly refreshRefusedUntil = new Map<string, number>();

  constructor(private readonly opts: UpstreamClientOptions) {
    this.now = opts.now ?? Date.now;
    const sql = opts.sql ?? prismaSql(opts.db);
    this.budget = new RateBudget(sql, { limit: opts.budgetLimit, now: this.now, paceWindowMs: opts.budgetPaceWindowMs });
    this.cache = new ReadCache(sql, this.now);
    this.coalescer = new Coalescer(this.now);
    this.fetchImpl = opts.fetch ?? ((...args) => fetch(...args));
    this.baseUrl = opts.baseUrl ?? surfaceBaseUrl;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.log = opts.logger ?? silentLogger;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.random = opts.random ?? Math.random;
  }

  /** Number of distinct reads in flight in this process (for tests and diagnostics). */
  get inflightReads(): number {
    return this.coalescer.size;
  }

  async request<S extends z.ZodType>(o: RequestOptions<S>): Promise<UpstreamResult<z.output<S>>> {
    const key = await this.opts.keys.getActiveApiKey(o.organizationId, o.environment, o.surface);
    if (!key) throw noKeyError(o.surface, o.environment);
    this.noteKeyUsed(key.id);
    const hash = keyHash(key.key, new URL(this.baseUrl(o.surface, o.environment)).origin);
    noteBudgetKey(hash, { surface: o.surface, environment: o.environment });
    const op: OperationInfo = { surface: o.surface, environment: o.environment, method: o.method, path: o.path };

    if (o.method !== "GET") {
      try {
        const raw = await this.send(o, op, key.key, hash, false);
        return { ...this.parse(o, op, raw, true), source: "upstream", stale: false, fetchedAt: new Date(this.now()) };
      } catch (err) {
        throw err instanceof UpstreamError ? err.withOutcome(err.outcome, true) : err;
      } finally {
        // Even a failed write may have changed something at the provider: reads cached before it,
        // on every instance, ask again (a balance, the settlement, an address list).
        this.lastWriteAt.set(tenantOf(o), this.now());
        await this.cache.markWritten(writtenKeyOf(o.organizationId, o.environment), new Date(this.now())).catch((err: unknown) => {
          this.log.warn({ err: String(err), surface: o.surface, path: o.path }, "upstream cache write marker failed");
        });
      }
    }

    const cacheKey = cacheKeyOf({
      organizationId: o.organizationId,
      environment: o.environment,
      surface: o.surface,
      path: o.path,
      query: o.query,
      keyHash: hash,
    });
    const ttlMs = o.cache === false ? 0 : (o.cache?.ttlMs ?? this.opts.defaultCacheTtlMs ?? 10_000);
    const useCache = o.cache !== false;
    // Identical reads (same tenant, key, path, query and freshness) share one in-flight call and its
    // parse. The freshness is part of it: a read fresh for 30 s may answer from a 25 s old entry, which
    // a read fresh for 10 s must not get as current; and a read that must be current (ALWAYS_ASK, or no
    // cache) never shares one that may answer from the cache.
    const flight = `${cacheKey}:${useCache ? ttlMs : "n"}`;
    const read = async (): Promise<UpstreamResult<z.output<S>>> => {
      let cached = useCache ? await this.cache.get(cacheKey, writtenKeyOf(o.organizationId, o.environment)) : null;
      // An entry the current schema cannot read (written before a change) counts as absent.
      const cachedParse = cached ? o.schema.safeParse(cached.body) : null;
      if (cachedParse && !cachedParse.success) cached = null;
      if (cached && cachedParse?.success && !cached.predatesWrite && this.now() - cached.fetchedAt.getTime() < ttlMs) {
        return { data: cachedParse.data as z.output<S>, status: cached.status, requestId: null, fetchedAt: cached.fetchedAt, stale: false, source: "cache" };
      }
      try {
        // An answer from before the tenant's last write is asked again as a ALWAYS_ASK read is: the
        // person expects to see what they just did.
        const raw = await this.send(o, op, key.key, hash, cached !== null && !cached.predatesWrite);
        // Parsed before caching, so an answer the app cannot read is never stored.
        const parsed = this.parse(o, op, raw, false);
        const fetchedAt = new Date(this.now());
        if (useCache) {
          await this.cache.put(cacheKey, raw.status, raw.data, fetchedAt).catch((err: unknown) => {
            this.log.warn({ err: String(err), surface: o.surface, path: o.path }, "upstream cache write failed");
          });
        }
        return { ...parsed, fetchedAt, stale: false, source: "upstream" };
      } catch (err) {
        if (
          cached &&
          cachedParse?.success &&
          err instanceof UpstreamError &&
          (err.kind === "unavailable" || err.kind === "rate_limited" || err.kind === "bad_response")
        ) {
          this.log.warn({ ...err.toLog(), path: o.path, ageMs: this.now() - cached.fetchedAt.getTime() }, "serving a stale cached read");
          return {
            data: cachedParse.data as z.output<S>,
            status: cached.status,
            requestId: err.requestId,
            fetchedAt: cached.fetchedAt,
            stale: true,
            source: "cache",
          };
        }
        throw err;
      }
    };
    // Nor does any read share a call that left before this tenant's last write through this process.
    return this.coalescer.runAfter(flight, this.lastWriteAt.get(tenantOf(o)) ?? 0, read);
  }

  /**
   * Whether a call of this class to the surface would find room in its key's budget now (nothing
   * is taken); null when the surface has no key. Lets "Refresh" say at once that it must wait.
   */
  async budgetRoom(target: { organizationId: string; environment: UpstreamEnvironment }, surface: UpstreamSurface, priority: CallPriority) {
    const hash = await this.budgetKey(target, surface);
    if (!hash) return null;
    // A person asks (Refresh): the class's share, unpaced, as the sweep it enqueues reads.
    return this.budget.peek(hash, { reserve: reserveFor(priority, this.budget.limit) });
  }

  /** Which budget the surface's calls take (the key's hash with its host), or null when it has no key: surfaces sharing a key share it. */
  async budgetKey(target: { organizationId: string; environment: UpstreamEnvironment }, surface: UpstreamSurface): Promise<string | null> {
    const key = await this.opts.keys.getActiveApiKey(target.organizationId, target.environment, surface);
    return key ? keyHash(key.key, new URL(this.baseUrl(surface, target.environment)).origin) : null;
  }

  /**
   * A write recorded in the idempotency ledger: the attempt's key is stored before the call and
   * reused by every retry of the same attempt; an attempt that already went through is answered
   * from the ledger without calling the provider.
   */
  async write<S extends z.ZodType>(o: WriteOptions<S>): Promise<UpstreamResult<z.output<S>>> {
    const began = await beginAttempt(this.opts.db, {
      organizationId: o.organizationId,
      environment: o.environment,
      surface: o.surface,
      operation: o.operation,
      attemptKey: o.attempt.attemptKey,
      requestBody: { path: o.path, query: o.query ?? null, body: o.body ?? null },
      userId: o.attempt.userId ?? null,
    });
    const op: OperationInfo = { surface: o.surface, environment: o.environment, method: o.method, path: o.path };
    if (began.kind === "replay") {
      this.log.info({ operation: o.operation, ledgerId: began.id, surface: o.surface }, "write already done: answered from the ledger");
      const parsed = this.parse(o, op, { data: began.responseBody, status: began.responseStatus, requestId: null }, true);
      await this.written(o, parsed.data, true);
      return { ...parsed, fetchedAt: new Date(this.now()), stale: false, source: "cache", replayed: true };
    }
    const body = o.prepareBody ? o.prepareBody(began.idempotencyKey) : o.body;
    try {
      const { operation: _op, attempt: _attempt, prepareBody: _prepare, ...rest } = o;
      const result = await this.request({ ...rest, body, idempotency: { key: began.idempotencyKey } });
      await finishAttempt(this.opts.db, began.id, { status: "succeeded", responseStatus: result.status, responseBody: withoutSecrets(result.data) });
      await this.written(o, result.data, false);
      return result;
    } catch (caught) {
      if (caught instanceof UpstreamError) {
        const refused = caught.outcome === "refused" || caught.outcome === "not_sent";
        // The provider is not documented to honour the key here, so a resubmission is not proven safe.
        const err =
          !refused && o.retry === false
            ? caught.withUserMessage("The provider did not confirm this request, so its outcome is unknown. Check the list for it before submitting again.")
            : caught;
        await finishAttempt(this.opts.db, began.id, {
          status: refused ? "failed" : "unknown",
          responseStatus: err.status || null,
          responseBody: { code: err.code, message: err.message, fields: err.fieldErrors },
        }).catch((e: unknown) => this.log.error({ err: String(e), ledgerId: began.id }, "ledger update failed"));
        throw err;
      }
      throw caught;
    }
  }

  private async written(o: WriteOptions<z.ZodType>, data: unknown, replayed: boolean): Promise<void> {
    if (!this.opts.onWritten) return;
    const { organizationId, environment, surface, operation, path } = o;
    // The write went through: a failure to note it must not turn it into an error.
    await this.opts.onWritten({ organizationId, environment, surface, operation, path, data, replayed }).catch((err: unknown) => {
      this.log.warn({ err: String(err), operation }, "a write's answer could not be noted");
    });
  }

  private parse<S extends z.ZodType>(o: RequestOptions<S> | Omit<RequestOptions<S>, "idempotency" | "cache">, op: OperationInfo, raw: Raw, isWrite: boolean) {
    const parsed = o.schema.safeParse(raw.data);
    if (!parsed.success) {
      // Paths and messages only: values may be account details or a one-time secret.
      const issues = parsed.error.issues.slice(0, 10).map((i) => `${i.path.join(".")}: ${i.message}`);
      this.log.error({ surface: op.surface, method: op.method, path: op.path, requestId: raw.requestId, issues }, "upstream answer has an unexpected shape");
      const err = transportError(op.surface, "UNEXPECTED_SHAPE", `unexpected response shape: ${issues.join("; ")}`, raw.requestId, true);
      throw isWrite ? err.withOutcome("done", true) : err;
    }
    return { data: parsed.data as z.output<S>, status: raw.status, requestId: raw.requestId };
  }

  private noteKeyUsed(id: string): void {
    // Once a minute per key is enough for "last used"; a write per call would cost every request.
    const now = this.now();
    if (now - (this.usedAt.get(id) ?? 0) < 60_000) return;
    this.usedAt.set(id, now);
    void this.opts.keys.markKeyUsed(id).catch((err: unknown) => this.log.warn({ err: String(err) }, "could not record key use"));
  }

  private backoff(attempt: number): number {
    // Full jitter: spreads retries of many clients instead of synchronising them.
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.floor(this.random() * ceiling);
  }

  /** Sends with budget, timeout and retries; returns the unwrapped payload or throws UpstreamError. */
  private async send(o: RequestOptions<z.ZodType>, op: OperationInfo, apiKey: string, hash: string, hasStale: boolean): Promise<Raw> {
    const isRead = o.method === "GET";
    const mayRetry = o.retry ?? (isRead || o.idempotency !== undefined);
    const started = this.now();
    const maxTotal = isRead ? this.retry.readMaxTotalMs : this.retry.writeMaxTotalMs;
    const timeoutMs = o.timeoutMs ?? (isRead ? (this.opts.readTimeoutMs ?? 5_000) : (this.opts.writeTimeoutMs ?? 15_000));
    const url = `${this.baseUrl(o.surface, o.environment)}${o.path}${queryString(o.query)}`;
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    // Set once an attempt may have reached the provider without a definitive answer: from then on
    // a write's outcome is unknown unless a later answer settles it.
    let uncertain = false;
    let last: UpstreamError | undefined;
    const settle = (e: UpstreamError): UpstreamError =>
      uncertain && (e.outcome === "not_sent" || (e.outcome === "refused" && e.kind === "rate_limited")) ? e.withOutcome("unknown", !isRead) : e;

    const requestId = (await this.opts.requestId?.()) || randomUUID();
    for (let attempt = 1; attempt <= this.retry.maxAttempts; attempt++) {
      let taken: { priority: CallPriority | null; paced: boolean };
      try {
        taken = await this.takeBudget(o, hash, hasStale);
      } catch (err) {
        throw err instanceof UpstreamError ? settle(err) : err;
      }

      const headers: Record<string, string> = { Accept: "application/json", "X-Api-Key": apiKey, "X-Request-Id": requestId };
      if (payload !== undefined) headers["Content-Type"] = "application/json";
      if (o.idempotency) headers["X-Idempotency-Key"] = o.idempotency.key;

      const t0 = this.now();
      // One attempt's metrics: its status (null when no answer came), the error code when it failed, its time.
      const observe = (status: number | null, code?: string) =>
        observeUpstream({ surface: o.surface, environment: o.environment, method: o.method, status, code, seconds: (this.now() - t0) / 1000 });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let res: Response;
      let text: string;
      try {
        res = await this.fetchImpl(url, { method: o.method, headers, body: payload, signal: controller.signal });
        text = await res.text();
      } catch (err) {
        clearTimeout(timer);
        const timedOut = controller.signal.aborted;
        // A refused connection never carried the request; anything else may have.
        const cause = (err as { cause?: { code?: string } })?.cause?.code;
        const reached = timedOut || cause !== "ECONNREFUSED";
        if (reached) uncertain = true;
        last = transportError(
          o.surface,
          timedOut ? "TIMEOUT" : "NETWORK",
          timedOut ? `no answer within ${timeoutMs} ms` : `network error: ${cause ?? (err instanceof Error ? err.message : String(err))}`,
          requestId,
          reached,
        );
        this.log.warn({ requestId, surface: o.surface, method: o.method, path: o.path, attempt, code: last.code, ms: this.now() - t0 }, "upstream call failed");
        observe(null, last.code);
        if (mayRetry && (await this.pause(attempt, started, maxTotal))) continue;
        throw settle(last);
      }
      clearTimeout(timer);
      const upstreamId = res.headers.get("x-request-id") ?? requestId;
      this.log.info(
        {
          requestId,
          upstreamRequestId: upstreamId,
          surface: o.surface,
          method: o.method,
          path: o.path,
          status: res.status,
          attempt,
          ms: this.now() - t0,
          ...taken,
        },
        "upstream call",
      );

      let body: unknown;
      let malformed = false;
      try {
        body = text === "" ? null : JSON.parse(text);
      } catch {
        malformed = true;
      }

      if (res.ok && malformed) {
        last = transportError(o.surface, "MALFORMED_JSON", `answer is not JSON (HTTP ${res.status})`, upstreamId, true);
        observe(res.status, last.code);
        // A write that got a success status went through; a retry with its key replays the answer.
        if (!isRead) last = last.withOutcome("done", true);
      } else if (!res.ok || (isObj(body) && body.success === false)) {
        last = errorFromResponse({
          op,
          status: res.ok ? 400 : res.status,
          body: malformed ? null : body,
          requestId: upstreamId,
          retryAfterHeader: res.headers.get("retry-after"),
        });
        observe(res.status, last.code);
        if (!last.retryable) throw settle(last);
        if (last.outcome === "unknown") uncertain = true;
      } else {
        observe(res.status);
        const data = o.surface !== "core" && isObj(body) && "success" in body ? body.data : body;
        return { data: data ?? null, status: res.status, requestId: upstreamId };
      }

      this.log.warn({ ...last.toLog(), method: o.method, path: o.path, attempt }, "upstream call failed");
      if (!mayRetry) throw settle(last);
      const wait = last.kind === "rate_limited" && last.retryAfterSeconds !== null ? last.retryAfterSeconds * 1000 : undefined;
      if (await this.pause(attempt, started, maxTotal, wait)) continue;
      throw settle(last);
    }
    throw settle(last ?? transportError(o.surface, "NETWORK", "no attempt made", null, false));
  }

  /** Sleeps before the next attempt; false when no attempt is left or it would exceed the time bound. */
  private async pause(attempt: number, started: number, maxTotal: number, atLeastMs?: number): Promise<boolean> {
    if (attempt >= this.retry.maxAttempts) return false;
    const delay = Math.max(this.backoff(attempt), atLeastMs ?? 0);
    if (this.now() - started + delay > maxTotal) return false;
    await this.sleep(delay);
    return true;
  }

  /** Takes the call's unit of the key's budget; returns the class it was taken under (for the call's log line), or throws the refusal. */
  private async takeBudget(o: RequestOptions<z.ZodType>, hash: string, hasStale: boolean): Promise<{ priority: CallPriority | null; paced: boolean }> {
    const priority = o.priority ?? currentPriority() ?? (o.method === "GET" ? undefined : "write");
    if (priority) {
      // Background work spreads its share over the minute (budget.ts, pacing).
      const pace = o.priority ? isBackground(priority) : currentPacing();
      const taken = { priority, paced: pace };
      const decision = await this.budget.take(hash, { reserve: reserveFor(priority, this.budget.limit), pace });
      if (decision.allowed) return taken;
      if (!isBackground(priority) && decision.retryAfterMs <= (this.opts.maxBudgetWaitMs ?? 5_000)) {
        await this.sleep(decision.retryAfterMs);
        const again = await this.budget.take(hash, { reserve: reserveFor(priority, this.budget.limit), pace });
        if (again.allowed) return taken;
      }
      this.log.warn({ surface: o.surface, method: o.method, path: o.path, priority, retryAfterMs: decision.retryAfterMs }, "budget share spent");
      throw budgetError(o.surface, decision.retryAfterMs / 1000);
    }
    // Refreshing a read only because its answer has aged leaves the last part of the minute to
    // reads with nothing to show, to ALWAYS_ASK reads (asked because the data changed, so the person
    // expects to see the change) and to writes: many people browsing never leave a page empty.
    const latest = o.cache !== false && o.cache?.ttlMs === 0;
    const refresh = o.method === "GET" && hasStale && !latest;
    const reserve = refresh ? Math.floor(this.budget.limit * (this.opts.refreshReserveShare ?? REFRESH_RESERVE_SHARE)) : 0;
    const refusedUntil = refresh ? (this.refreshRefusedUntil.get(hash) ?? 0) : 0;
    if (this.now() < refusedUntil) throw budgetError(o.surface, (refusedUntil - this.now()) / 1000);
    // A refresh is paced like background work: a hundred people arriving at once would otherwise
    // spend the minute on prices in its first seconds and leave the lists' sweeps none for the rest.
    let decision = await this.budget.take(hash, { reserve, pace: refresh });
    const taken = { priority: null, paced: refresh };
    if (decision.allowed) return taken;
    if (refresh) this.refreshRefusedUntil.set(hash, this.now() + decision.retryAfterMs);
    const maxWait = this.opts.maxBudgetWaitMs ?? 5_000;
    // A read with a cached answer shows that at once instead of making someone wait.
    if (!refresh && decision.retryAfterMs <= maxWait) {
      await this.sleep(decision.retryAfterMs);
      decision = await this.budget.take(hash);
      if (decision.allowed) return taken;
    }
    const err = budgetError(o.surface, decision.retryAfterMs / 1000);
    this.log.warn({ surface: o.surface, method: o.method, path: o.path, retryAfterMs: decision.retryAfterMs }, "shared rate budget spent");
    throw err;
  }
}

export { LedgerError };
