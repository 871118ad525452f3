import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Upstream } from "@/lib/upstream";
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
      if (id === "fa-7") throw new Error("provider hiccup");
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
  return { upstream: { core } as unknown as Upstream, calls, maxInFlight: () => maxInFlight };
}

describe("the review queue's accounts and customers", () => {
  it("reads exactly the accounts and customers its deposits name, each once, so no label or expected amount goes missing", async () => {
    const team = await createTeam();
    const fake = fakeProvider(250);
    const q = await loadQueue({ organizationId: team.org.id, environment: "sandbox" }, fake.upstream);
    expect(q.items).toHaveLength(250);
    expect(fake.calls.lists).toBe(0);
    expect(new Set(fake.calls.account).size).toBe(250);
    expect(fake.calls.account).toHaveLength(250);
    expect(fake.calls.customer).toHaveLength(250);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(8); // four accounts and four customers at a time
    const last = q.items.find((i) => i.fundingAccount?.id === "fa-249")!;
    expect(last.fundingAccount?.label).toBe("Temporary NGN account");
    expect(last.expectedAmount).toBe("1000.00");
    expect(last.difference).toBe("500.00");
    expect(last.customer?.name).toBe("Ada cus-249");
    // One account the provider failed to return keeps a generic label; the rest of the queue loads.
    const failed = q.items.find((i) => i.fundingAccount?.id === "fa-7")!;
    expect(failed.fundingAccount).toMatchObject({ label: "Funding account", type: null });
    expect(failed.expectedAmount).toBeNull();
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
