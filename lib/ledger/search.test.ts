/**
 * Search over the local copy against a real PostgreSQL: what is found, in which order and group,
 * and that nothing of another organization or environment is; then GET /api/search as each role.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/search/route";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { searchCopy } from "./search";
import type { SearchAnswer } from "./search-kinds";
import { type LedgerScope, storeObjects } from "./store";

type Who = "viewer" | "operator" | "approver" | "admin";
let team: Awaited<ReturnType<typeof createTeam>>;
let scope: LedgerScope;

const HASH = `0x${"ab12".repeat(16)}`;
const deposit = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  type: "CRYPTO_DEPOSIT",
  amount: "150.00",
  currency: "USDC",
  status: "COMPLETED",
  funding_account_id: "fa_main",
  customer_id: "cus_77",
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  ...over,
});
const recipient = (id: string, first: string, last: string, account: string, created: string) => ({
  id,
  type: "BANK_ACCOUNT",
  first_name: first,
  last_name: last,
  customer_id: "cus_77",
  bank_account: { account_name: `${first} ${last}`, account_number: account, bank_code: "058" },
  created_at: created,
});
const transfer = (id: string, reference: string, created: string) => ({
  id,
  reference,
  status: "COMPLETED",
  currency: "NGN",
  amount: "25000.00",
  recipient: { id: "rcp_ada", type: "BANK_ACCOUNT" },
  created_at: created,
});

beforeEach(async () => {
  team = await createTeam();
  scope = { organizationId: team.org.id, environment: "sandbox" };
  signOutTest();
  await storeObjects(
    scope,
    "deposit",
    [
      deposit("dep_Abc123", { tx_hash: HASH }),
      deposit("dep_abc1234", { created_at: "2026-11-22T10:00:00.000Z", updated_at: "2026-11-22T10:00:00.000Z" }),
      deposit("dep_old_abc123", { created_at: "2026-10-01T10:00:00.000Z", updated_at: "2026-10-01T10:00:00.000Z" }),
      deposit("dep_x100%_1", { customer_id: "cus_other" }),
      deposit("dep_x1000_1", { customer_id: "cus_other" }),
    ],
    "sweep",
  );
  await storeObjects(
    scope,
    "recipient",
    [
      recipient("rcp_ada", "Ada", "Lovelace", "0123456789", "2026-11-01T09:00:00.000Z"),
      recipient("rcp_adaeze", "Adaeze", "Okafor", "9876543210", "2026-11-02T09:00:00.000Z"),
    ],
    "sweep",
  );
  await storeObjects(scope, "transfer", [transfer("tr_1", "INV-2026-abc123", "2026-11-23T09:00:00.000Z")], "write");
});

const ids = (groups: Awaited<ReturnType<typeof searchCopy>>) => groups.map((g) => [g.kind, g.hits.map((h) => h.id)]);

describe("searchCopy", () => {
  it("ranks the exact id first, then a value starting with the query, then one containing it, newest first", async () => {
    const groups = await searchCopy(scope, "DEP_ABC123");
    expect(ids(groups)).toEqual([["deposit", ["dep_Abc123", "dep_abc1234"]]]);
    // A substring inside a word comes after every word starting with it, however new.
    expect(ids(await searchCopy(scope, "abc123"))).toEqual([
      ["transfer", ["tr_1"]],
      ["deposit", ["dep_abc1234", "dep_Abc123", "dep_old_abc123"]],
    ]);
  });

  it("finds hashes, references, account numbers and names, by prefix and substring, and says what matched", async () => {
    const [byHash] = await searchCopy(scope, HASH.slice(10, 30).toUpperCase());
    expect(byHash).toMatchObject({ kind: "deposit", heading: "Deposits", hits: [{ id: "dep_Abc123", matched: HASH, href: "/deposits/dep_Abc123" }] });
    expect(byHash!.hits[0]!.detail).toBe("COMPLETED · 150 USDC · 2026-11-20");
    const [byRef] = await searchCopy(scope, "inv-2026");
    expect(byRef).toMatchObject({ kind: "transfer", hits: [{ id: "tr_1", matched: "inv-2026-abc123", href: "/transfers/tr_1" }] });
    const [byAccount] = await searchCopy(scope, "3456");
    expect(byAccount).toMatchObject({ kind: "recipient", hits: [{ id: "rcp_ada", title: "Ada Lovelace", matched: "0123456789" }] });
    expect(ids(await searchCopy(scope, "ada lov"))).toEqual([["recipient", ["rcp_ada"]]]);
    // The whole word "ada" first, then a word starting with it (though newer), then inside a word
    // (the transfer to rcp_ada).
    expect(ids(await searchCopy(scope, "ada"))).toEqual([
      ["recipient", ["rcp_ada", "rcp_adaeze"]],
      ["transfer", ["tr_1"]],
    ]);
  });

  it("groups by kind, the group with the best hit first, at most `limit` per kind", async () => {
    // Every hit is an exact value: the newest (a deposit of 22 November) puts its group first.
    const groups = await searchCopy(scope, "cus_77", { limit: 2 });
    expect(groups.map((g) => g.heading)).toEqual(["Deposits", "Recipients"]);
    expect(groups.map((g) => g.hits.length)).toEqual([2, 2]);
    expect(ids(await searchCopy(scope, "cus_77", { kinds: ["deposit"], limit: 10 }))).toEqual([["deposit", ["dep_abc1234", "dep_Abc123", "dep_old_abc123"]]]);
  });

  it("finds a customer by email or name, and opens the funding accounts opened for it", async () => {
    await storeObjects(
      scope,
      "customer",
      [{ id: "cus_77", first_name: "Chidi", last_name: "Eze", email: "chidi.eze@example.ng", kyc_tier: 2, created_at: "2026-11-01T09:00:00.000Z" }],
      "sweep",
    );
    for (const q of ["chidi.eze@exa", "example.ng", "chidi eze"]) {
      const groups = await searchCopy(scope, q);
      expect(
        groups.find((g) => g.kind === "customer"),
        q,
      ).toMatchObject({
        heading: "Customers",
        hits: [{ id: "cus_77", title: "Chidi Eze", href: "/funding-accounts?customer=cus_77" }],
      });
    }
  });

  it("treats % and _ as themselves, not as wildcards", async () => {
    expect(ids(await searchCopy(scope, "x100%"))).toEqual([["deposit", ["dep_x100%_1"]]]);
    // "_" would match any character: "dep_x1000_1" must not be found by "x100_".
    expect(ids(await searchCopy(scope, "x100_"))).toEqual([]);
  });

  it("matches ids only, by prefix, below three characters", async () => {
    expect(ids(await searchCopy(scope, "tr"))).toEqual([["transfer", ["tr_1"]]]);
    // "ab" is inside many values but starts no id.
    expect(await searchCopy(scope, "ab")).toEqual([]);
    expect(await searchCopy(scope, "   ")).toEqual([]);
  });

  it("never finds another organization's objects, nor this one's in the other environment", async () => {
    const other = await createTeam();
    await storeObjects({ organizationId: other.org.id, environment: "sandbox" }, "deposit", [deposit("dep_theirs_abc123")], "sweep");
    await storeObjects({ ...scope, environment: "production" }, "deposit", [deposit("dep_prod_abc123")], "sweep");
    const found = (await searchCopy(scope, "abc123", { limit: 50 })).flatMap((g) => g.hits.map((h) => h.id));
    expect(found).not.toContain("dep_theirs_abc123");
    expect(found).not.toContain("dep_prod_abc123");
    expect(ids(await searchCopy({ ...scope, environment: "production" }, "abc123"))).toEqual([["deposit", ["dep_prod_abc123"]]]);
  });
});

describe("GET /api/search", () => {
  const as = async (who: Who) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
  const get = async (qs: string) => {
    const res = await GET(new Request(`http://app.test/api/search${qs}`));
    return { status: res.status, body: (await res.json()) as SearchAnswer & { error?: string } };
  };

  it("needs a session", async () => {
    expect((await get("?q=abc123")).status).toBe(401);
  });

  it.each(["viewer", "operator", "approver", "admin"] as const)("answers a %s from its own organization's copy, grouped by kind", async (who) => {
    await as(who);
    const { status, body } = await get("?q=abc123");
    expect(status).toBe(200);
    expect(body.query).toBe("abc123");
    expect(body.groups.map((g) => g.kind)).toEqual(["transfer", "deposit"]);
    expect(body.groups[1]!.hits[0]).toMatchObject({ id: "dep_abc1234", href: "/deposits/dep_abc1234" });
  });

  it("looks in one kind when asked, and refuses unknown kinds and oversized queries", async () => {
    await as("viewer");
    expect((await get("?q=abc123&kind=deposit")).body.groups.map((g) => g.kind)).toEqual(["deposit"]);
    expect((await get("?q=abc123&kind=secrets")).status).toBe(400);
    expect((await get(`?q=${"a".repeat(101)}`)).status).toBe(400);
    expect((await get("?q=")).body.groups).toEqual([]);
  });

  it("searches the environment the user is in", async () => {
    await storeObjects({ ...scope, environment: "production" }, "deposit", [deposit("dep_prod_zz9")], "sweep");
    await as("viewer");
    expect((await get("?q=zz9")).body.groups).toEqual([]);
    await testDb().user.update({ where: { id: team.viewer.id }, data: { environment: "production" } });
    await as("viewer");
    expect((await get("?q=zz9")).body.groups.flatMap((g) => g.hits.map((h) => h.id))).toEqual(["dep_prod_zz9"]);
  });
});
