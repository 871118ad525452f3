import { describe, expect, it } from "vitest";
import { TenantResolver, type TenantSecrets } from "@/lib/webhooks/tenants";
import { hmacDigest } from "@/lib/webhooks/verify";

const body = new TextEncoder().encode('{"event":"deposit.received"}');

function fakeLoader(initial: TenantSecrets[]) {
  const state = { tenants: initial, loads: 0, checks: 0 };
  return {
    state,
    load: async () => (state.loads++, state.tenants.map((t) => ({ ...t, secrets: [...t.secrets] }))),
    // Stands in for the metadata fingerprint: it changes whenever the secrets do.
    fingerprint: async () => (state.checks++, JSON.stringify(state.tenants)),
  };
}

describe("TenantResolver", () => {
  it("finds the organization whose secret verifies, and says whether it was the current or a previous one", async () => {
    const { load, fingerprint } = fakeLoader([
      { organizationId: "org-a", secrets: ["a-new", "a-old"] },
      { organizationId: "org-b", secrets: ["b-1"] },
    ]);
    const r = new TenantResolver(load, 5_000, Date.now, fingerprint);
    expect(await r.resolve("sandbox", "core", body, hmacDigest("a-new", body))).toEqual({ organizationId: "org-a", signature: "current" });
    expect(await r.resolve("sandbox", "core", body, hmacDigest("a-old", body))).toEqual({ organizationId: "org-a", signature: "previous" });
    expect(await r.resolve("sandbox", "core", body, hmacDigest("b-1", body))).toEqual({ organizationId: "org-b", signature: "current" });
    expect(await r.resolve("sandbox", "core", body, hmacDigest("nobody", body))).toBeNull();
  });

  it("calls every active secret current when an organization has several (one per Pro webhook)", async () => {
    const { load, fingerprint } = fakeLoader([{ organizationId: "org-a", secrets: ["hook-1", "hook-2", "hook-1-old"], active: 2 }]);
    const r = new TenantResolver(load, 5_000, Date.now, fingerprint);
    expect(await r.resolve("sandbox", "pro", body, hmacDigest("hook-2", body))).toEqual({ organizationId: "org-a", signature: "current" });
    expect(await r.resolve("sandbox", "pro", body, hmacDigest("hook-1-old", body))).toEqual({ organizationId: "org-a", signature: "previous" });
  });

  it("serves from memory within the TTL, and re-reads when a signature does not verify and the secrets changed", async () => {
    let now = 1_000;
    const { state, load, fingerprint } = fakeLoader([{ organizationId: "org-a", secrets: ["s1"] }]);
    const r = new TenantResolver(load, 5_000, () => now, fingerprint);
    await r.resolve("sandbox", "core", body, hmacDigest("s1", body));
    await r.resolve("sandbox", "core", body, hmacDigest("s1", body));
    expect(state.loads).toBe(1);

    // Rotated a moment ago: the first verify misses, the re-read finds it.
    state.tenants = [{ organizationId: "org-a", secrets: ["s2", "s1"] }];
    now += 10;
    expect(await r.resolve("sandbox", "core", body, hmacDigest("s2", body))).toEqual({ organizationId: "org-a", signature: "current" });
    expect(state.loads).toBe(2);

    // A bad signature costs a fingerprint check, no re-read (see tenants.security.test.ts).
    now += 10;
    expect(await r.resolve("sandbox", "core", body, hmacDigest("forged", body))).toBeNull();
    expect(state.loads).toBe(2);

    // After the TTL the cache is read again; environments and surfaces are cached apart.
    now += 6_000;
    await r.resolve("sandbox", "core", body, hmacDigest("s2", body));
    expect(state.loads).toBe(3);
    await r.resolve("sandbox", "pro", body, hmacDigest("s2", body));
    expect(state.loads).toBe(4);
  });

  it("does not cache a failed read", async () => {
    let fail = true;
    const r = new TenantResolver(
      async () => {
        if (fail) throw new Error("database unavailable");
        return [{ organizationId: "org-a", secrets: ["s1"] }];
      },
      5_000,
      Date.now,
      async () => "v1",
    );
    await expect(r.resolve("sandbox", "core", body, hmacDigest("s1", body))).rejects.toThrow("database unavailable");
    fail = false;
    expect(await r.resolve("sandbox", "core", body, hmacDigest("s1", body))).toMatchObject({ organizationId: "org-a" });
  });
});
