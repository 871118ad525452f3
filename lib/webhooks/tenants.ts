import "server-only";
/**
 * Which organization a delivery belongs to: the one whose webhook secret verifies it. Secrets are
 * read through the vault and kept in memory for a few seconds so intake stays one insert per event;
 * a failed verify re-reads once, so a secret rotated a moment ago works at once.
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

export interface TenantMatch {
  organizationId: string;
  signature: "current" | "previous";
}

interface Entry {
  startedAt: number;
  promise: Promise<TenantSecrets[]>;
}

export class TenantResolver {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly load: LoadTenantSecrets = loadTenantSecrets,
    private readonly ttlMs: number = SECRET_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private read(environment: WebhookEnvironment, surface: WebhookSurface, notBefore?: number): Promise<TenantSecrets[]> {
    const key = `${environment}:${surface}`;
    const t = this.now();
    const cached = this.entries.get(key);
    const fresh = cached && (notBefore === undefined ? t - cached.startedAt < this.ttlMs : cached.startedAt >= notBefore);
    if (cached && fresh) return cached.promise;
    const promise = this.load(environment, surface);
    const entry = { startedAt: t, promise };
    this.entries.set(key, entry);
    // A failed read is not cached: the next delivery tries again.
    promise.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return promise;
  }

  /** The organization whose secret produced `digest` over `body`, or null. */
  async resolve(environment: WebhookEnvironment, surface: WebhookSurface, body: Uint8Array, digest: Buffer): Promise<TenantMatch | null> {
    const arrivedAt = this.now();
    const first = await this.read(environment, surface);
    const hit = match(first, body, digest);
    if (hit) return hit;
    // Re-read once, unless a read that started after this delivery arrived already answered.
    const again = await this.read(environment, surface, arrivedAt);
    return again === first ? null : match(again, body, digest);
  }

  clear(): void {
    this.entries.clear();
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
