/**
 * Key age against the spec's advice to rotate keys every 90 days: the rule itself, and, against a
 * real PostgreSQL and a real emulator, that an aged key is reminded of and replacing it through
 * the action starts its age again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEmulator } from "@/emulator/testing";
import { environmentViews } from "@/lib/vault/view-model";
import { addApiKey } from "@/lib/vault/add-api-key";
import { replaceApiKey } from "@/lib/vault/replace-api-key";
import { approvedBy } from "@/test/controls";
import { listSecrets } from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { startSandbox } from "@/test/fixtures";
import { signInAs, signOutTest } from "@/test/session";
import { agingKeyLabel, agingKeys, formatKeyAge, keyAgeDays, keyAgeState } from "./key-age";

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe("the key age rule", () => {
  it("counts whole days since the key was added", () => {
    const added = at("2026-01-01T10:00:00Z");
    expect(keyAgeDays(added, at("2026-01-01T23:59:00Z"))).toBe(0);
    expect(keyAgeDays(added, at("2026-01-02T09:59:59Z"))).toBe(0);
    expect(keyAgeDays(added, at("2026-01-02T10:00:00Z"))).toBe(1);
    expect(keyAgeDays(added, new Date(added.getTime() + 80 * DAY))).toBe(80);
    // A clock behind the database never gives a negative age.
    expect(keyAgeDays(added, at("2026-01-01T09:00:00Z"))).toBe(0);
  });

  it("reminds from day 80 and marks a key older than 90 days overdue", () => {
    expect([0, 79, 80, 89, 90, 91, 400].map(keyAgeState)).toEqual(["fresh", "fresh", "due", "due", "due", "overdue", "overdue"]);
    expect([0, 1, 85].map(formatKeyAge)).toEqual(["Added today", "1 day", "85 days"]);
  });

  it("lists only active API keys that need a reminder, oldest first", () => {
    const now = at("2026-06-01T00:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const keys = [
      { kind: "api_key", status: "active", environment: "sandbox" as const, surface: "core" as const, createdAt: ago(81) },
      { kind: "api_key", status: "active", environment: "production" as const, surface: "pro" as const, createdAt: ago(120) },
      { kind: "api_key", status: "active", environment: "sandbox" as const, surface: "coins" as const, createdAt: ago(10) },
      { kind: "api_key", status: "revoked", environment: "sandbox" as const, surface: "stocks" as const, createdAt: ago(200) },
      { kind: "webhook_secret", status: "active", environment: "sandbox" as const, surface: "core" as const, createdAt: ago(200) },
    ];
    const aging = agingKeys(keys, now);
    expect(aging).toEqual([
      { environment: "production", surface: "pro", days: 120, state: "overdue" },
      { environment: "sandbox", surface: "core", days: 81, state: "due" },
    ]);
    expect(aging.map(agingKeyLabel)).toEqual(["Production Pro key, 120 days old (overdue)", "Sandbox Core key, 81 days old"]);
  });
});

describe("replacing a key starts its age again", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startSandbox();
  });
  afterAll(async () => {
    signOutTest();
    await emu.close();
  });

  it("an aged key is reminded of and marked; the replacement is fresh and the reminder is gone", async () => {
    const team = await createTeam();
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));
    // Through a second person's approval, as every key is added (test/controls.ts).
    const added = await approvedBy(team.approver, () =>
      addApiKey({ environment: "sandbox", surface: "core", scopes: ["Read", "Write", "Trade"], key: "sk_sandbox_demo_full_4f9c2a7e1b3d" }),
    );
    if (!added.ok) throw new Error(added.error);
    const core = async () =>
      environmentViews(await listSecrets(team.org.id))
        .find((e) => e.environment === "sandbox")!
        .keys.find((k) => k.surface === "core")!.active!;
    expect(await core()).toMatchObject({ ageDays: 0, age: "fresh" });

    await testDb().$executeRaw`UPDATE vault_secrets SET created_at = now() - interval '92 days' WHERE id = ${added.data.id}::uuid`;
    expect(await core()).toMatchObject({ id: added.data.id, ageDays: 92, age: "overdue" });
    expect(agingKeys(await listSecrets(team.org.id))).toEqual([{ environment: "sandbox", surface: "core", days: 92, state: "overdue" }]);

    const replaced = await approvedBy(team.approver, () => replaceApiKey({ id: added.data.id, scopes: ["Read"], key: "sk_sandbox_demo_readonly_8e2b6d1c" }));
    if (!replaced.ok) throw new Error(replaced.error);
    expect(await core()).toMatchObject({ id: replaced.data.id, ageDays: 0, age: "fresh" });
    expect(agingKeys(await listSecrets(team.org.id))).toEqual([]);
  });
});
