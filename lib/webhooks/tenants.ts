import "server-only";
/**
 * Which organization a delivery belongs to: the one whose webhook secret verifies it. Secrets are
 * read through the vault and kept in memory for a few seconds so intake stays one insert per event.
 * A failed verify asks the database for a fingerprint of the secrets' metadata (no decryption) and
 * re-reads only when it changed, so a secret rotated a moment ago works at once while a flood of
 * forged signatures costs no decryption per delivery.
 */
import { db } from "@/lib/db";
import { getWebhookSecretSets } from "@/lib/vault";
import { digestMatches, hmacDigest, type WebhookSurface } from "./verify";
import type { WebhookEnvironment } from "./store";

export const SECRET_CACHE_MS = 5_000;

export interface TenantSecrets {
  organizationId: string;
  /** The active secrets first, then those inside their rotation window. */
  secrets: string[];
  /** How many of `secrets`, from the first, are active: one per slot (the unowned one and each Pro webhook's). 1 when absent. */
  active?: number;
}

export type LoadTenantSecrets = (environment: WebhookEnvironment, surface: WebhookSurface) => Promise<TenantSecrets[]>;

export const loadTenantSecrets: LoadTenantSecrets = async (environment, surface) => {
  const now = new Date();
  // Metadata only; the vault decrypts.
  const orgs = await db.vaultSecret.findMany({
    where: {
      environment,
      surface,
      kind: "webhook_secret",
      OR: [{ status: "active" }, { status: "previous", acceptUntil: { gt: now } }],
    },
    distinct: ["organizationId"],
    select: { organizationId: true },
  });
  return Promise.all(
    orgs.map(async (o) => {
      const sets = await getWebhookSecretSets(o.organizationId, environment, surface, now);
      return { organizationId: o.organizationId, secrets: [...sets.active, ...sets.previous], active: sets.active.length };
    }),
  );
};

/** Changes whenever a secret of the slot is added, rotated, revoked or re-windowed. */
export type SecretsFingerprint = (environment: WebhookEnvironment, surface: WebhookSurface) => Promise<string>;

export const secretsFingerprint: SecretsFingerprint = async (environment, surface) => {
  const rows = await db.$queryRaw<{ fp: string | null }[]>`
    SELECT md5(string_agg(id::text || ':' || status::text || ':' || coalesce(accept_until::text, ''), ',' ORDER BY id)) AS fp
      FROM vault_secrets
     WHERE environment = ${environment}::"Environment" AND surface = ${surface}::"Surface"
       AND kind = 'webhook_secret' AND status IN ('active', 'previous')`;
  return rows[0]?.fp ?? "";
};

export interface TenantMatch {
  organizationId: string;
  signature: "current" | "previous";
}

interface Loaded {
  tenants: TenantSecrets[];
  /** Taken before the secrets were read: a change during the read shows as a new fingerprint. */
  fingerprint: string;
}

interface Entry<T> {
  startedAt: number;
  promise: Promise<T>;
}

export class TenantResolver {
  private readonly entries = new Map<string, Entry<Loaded>>();
  private readonly checks = new Map<string, Entry<string>>();

  constructor(
    private readonly load: LoadTenantSecrets = loadTenantSecrets,
    private readonly ttlMs: number = SECRET_CACHE_MS,
    private readonly now: () => number = Date.now,
    private readonly fingerprint: SecretsFingerprint = secretsFingerprint,
  ) {}

  /** The cached value for `key`, or a new one from `start`; `notBefore` asks for one started since. */
  private cached<T>(map: Map<string, Entry<T>>, key: string, start: () => Promise<T>, maxAge: number, notBefore?: number): Promise<T> {
    const t = this.now();
    const cached = map.get(key);
    const fresh = cached && (notBefore === undefined ? t - cached.startedAt < maxAge : cached.startedAt >= notBefore);
    if (cached && fresh) return cached.promise;
    const promise = start();
    const entry = { startedAt: t, promise };
    map.set(key, entry);
    // A failed read is not cached: the next delivery tries again.
    promise.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return promise;
  }

  private read(environment: WebhookEnvironment, surface: WebhookSurface, notBefore?: number): Promise<Loaded> {
    return this.cached(
      this.entries,
      `${environment}:${surface}`,
      async () => {
        const fingerprint = await this.fingerprint(environment, surface);
        return { fingerprint, tenants: await this.load(environment, surface) };
      },
      this.ttlMs,
      notBefore,
    );
  }

  /**
   * The organization whose secret produced `digest` over `body`, or null. `recheck: false` (a
   * source already over its refusal limit) answers from memory alone.
   */
  async resolve(
    environment: WebhookEnvironment,
    surface: WebhookSurface,
    body: Uint8Array,
    digest: Buffer,
    opts: { recheck?: boolean } = {},
  ): Promise<TenantMatch | null> {
    const arrivedAt = this.now();
    const first = await this.read(environment, surface);
    const hit = match(first.tenants, body, digest);
    if (hit || opts.recheck === false) return hit;
    // Unless a check that started after this delivery arrived already answered, ask whether the
    // secrets changed since they were read; only then read (and decrypt) them again.
    const key = `${environment}:${surface}`;
    const now = await this.cached(this.checks, key, () => this.fingerprint(environment, surface), 0, arrivedAt);
    if (now === first.fingerprint) return null;
    const again = await this.read(environment, surface, arrivedAt);
    return again === first ? null : match(again.tenants, body, digest);
  }

  clear(): void {
    this.entries.clear();
    this.checks.clear();
  }
}

function match(tenants: TenantSecrets[], body: Uint8Array, digest: Buffer): TenantMatch | null {
  for (const t of tenants) {
    for (let i = 0; i < t.secrets.length; i++) {
      if (digestMatches(hmacDigest(t.secrets[i]!, body), digest)) {
        return { organizationId: t.organizationId, signature: i < (t.active ?? 1) ? "current" : "previous" };
      }
    }
  }
  return null;
}
