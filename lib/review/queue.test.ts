import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Upstream } from "@/lib/upstream";
import { storeObjects } from "@/lib/ledger/store";
import { createTeam } from "@/test/factories";
import { loadQueue, lookupByIds } from "./queue";

const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
const answer = <T>(data: T) => ({ data, fetchedAt: new Date(), stale: false });

/**
 * A provider with more flagged deposits than one list page of funding accounts (200) or customers
 * (100) holds, each on its own account and customer: every row still needs its label and amount.
 */
function fakeProvider(n: number) {
  const deposits = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    type: "NGN_DEPOSIT",
    status: "REQUIRES_REVIEW",
    amount: "1500.00",
    currency: "NGN",
    funding_account_id: `fa-${i}`,
    customer_id: `cus-${i}`,
    flag_code: "late_deposit",
    created_at: at(i),
  }));
  const calls = { account: [] as string[], customer: [] as string[], lists: 0 };
  let inFlight = 0;
  let maxInFlight = 0;
  const slow = async <T>(v: T) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    return v;
  };
  const core = {
    listDeposits: async (q: { page?: number }) => {
      const page = q.page ?? 1;
      return answer({ data: deposits.slice((page - 1) * 100, page * 100), total: n, total_pages: Math.ceil(n / 100) });
    },
    getFundingAccount: async (id: string) => {
      calls.account.push(id);
      if (id === "fa-107") throw new Error("provider hiccup");
      return slow(answer({ id, type: "TEMPORARY", rail: "NGN_VIRTUAL_ACCOUNT", status: "ACTIVE", amount: "1000.00" }));
    },
    getCustomer: async (id: string) => {
      calls.customer.push(id);
      return slow(answer({ id, first_name: "Ada", last_name: id }));
    },
    listFundingAccounts: async () => {
      calls.lists++;
      return answer({ data: [], total: 0, total_pages: 1 });
    },
    listCustomers: async () => {
      calls.lists++;
      return answer({ data: [], total: 0, total_pages: 1 });
    },
  };
  const account = (i: number) => ({ id: `fa-${i}`, type: "TEMPORARY", rail: "NGN_VIRTUAL_ACCOUNT", status: "ACTIVE", amount: "1000.00" });
  return { upstream: { core } as unknown as Upstream, calls, maxInFlight: () => maxInFlight, deposits, account };
}

describe("the review queue's accounts and customers", () => {
  it("reads the deposits and accounts from the copy, fetches each account the copy lacks once, and every customer its deposits name", async () => {
    const team = await createTeam();
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    const fake = fakeProvider(250);
    // The copy holds every flagged deposit and the first hundred accounts.
    await storeObjects(scope, "deposit", fake.deposits, "sweep");
    await storeObjects(
      scope,
      "funding_account",
      Array.from({ length: 100 }, (_, i) => fake.account(i)),
      "sweep",
    );
    const q = await loadQueue(scope, fake.upstream);
    expect(q.items).toHaveLength(250);
    expect(q.total).toBe(250);
    expect(fake.calls.lists).toBe(0);
    const fetched = new Set(fake.calls.account);
    expect(fetched.size).toBe(150);
    expect(fake.calls.account).toHaveLength(150);
    expect([...fetched].every((id) => Number(id.slice(3)) >= 100)).toBe(true);
    expect(fake.calls.customer).toHaveLength(250);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(8); // four accounts and four customers at a time
    const last = q.items.find((i) => i.fundingAccount?.id === "fa-249")!;
    expect(last.fundingAccount?.label).toBe("Temporary NGN account");
    expect(last.expectedAmount).toBe("1000.00");
    expect(last.difference).toBe("500.00");
    expect(last.customer?.name).toBe("Ada cus-249");
    // One account the provider failed to return keeps a generic label; the rest of the queue loads.
    const failed = q.items.find((i) => i.fundingAccount?.id === "fa-107")!;
    expect(failed.fundingAccount).toMatchObject({ label: "Funding account", type: null });
    expect(failed.expectedAmount).toBeNull();
    // The fetched accounts are in the copy now: the next view asks the provider only for the one that failed.
    fake.calls.account.length = 0;
    await loadQueue(scope, fake.upstream);
    expect(fake.calls.account).toEqual(["fa-107"]);
  });

  it("looks each distinct id up once with bounded concurrency", async () => {
    let now = 0;
    let peak = 0;
    const seen: string[] = [];
    const got = await lookupByIds(
      ["a", "b", "a", "c", "d", "e"],
      async (id) => {
        seen.push(id);
        peak = Math.max(peak, ++now);
        await new Promise((r) => setTimeout(r, 2));
        now--;
        return id.toUpperCase();
      },
      2,
    );
    expect(seen.sort()).toEqual(["a", "b", "c", "d", "e"]);
    expect(peak).toBe(2);
    expect([...got.entries()].sort()).toEqual([
      ["a", "A"],
      ["b", "B"],
      ["c", "C"],
      ["d", "D"],
      ["e", "E"],
    ]);
  });
});
