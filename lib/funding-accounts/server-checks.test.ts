import { describe, expect, it } from "vitest";
import { ActionError } from "@/lib/server-actions/safe-action";
import type { Upstream } from "@/lib/upstream";
import { checkTemporaryNgnAmount, temporaryNgnMinimum } from "./server-checks";
import type { CreateFundingAccountValues } from "./schema";

function provider(rate: () => Promise<{ min_deposit_ngn?: string | null }>) {
  const asked: unknown[] = [];
  const core = {
    getRate: async (q: unknown) => {
      asked.push(q);
      return { data: { rate_id: "r", from: "NGN", to: "USD", side: "BUY", rate: "1500", ...(await rate()) }, fetchedAt: new Date(), stale: false };
    },
  };
  return { upstream: { core } as unknown as Pick<Upstream, "core">, asked };
}

const temporary = (amount: string, extra: Partial<CreateFundingAccountValues> = {}) =>
  ({
    rail: "NGN_VIRTUAL_ACCOUNT",
    type: "TEMPORARY",
    amount,
    settlement_type: "INTERNAL_BALANCE",
    asset: "",
    destination_asset: "",
    ...extra,
  }) as CreateFundingAccountValues;

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ActionError) return err.fieldErrors;
    throw err;
  }
  return null;
}

describe("the temporary NGN minimum", () => {
  it("comes from the current rate of the account's conversion when the provider gives one", async () => {
    const p = provider(async () => ({ min_deposit_ngn: "5000.00" }));
    expect(await temporaryNgnMinimum(p.upstream, temporary("6000", { settlement_type: "ONCHAIN", destination_asset: "USDT" }))).toBe("5000.00");
    expect(p.asked).toEqual([{ from: "NGN", to: "USDT", side: "BUY" }]);
    expect(await refusal(checkTemporaryNgnAmount(p.upstream, temporary("4999")))).toEqual({ amount: "The amount must be at least NGN 5,000." });
    expect(await refusal(checkTemporaryNgnAmount(p.upstream, temporary("5000")))).toBeNull();
  });

  it("falls back to NGN 1,000 when the rate carries no minimum or cannot be read", async () => {
    expect(await temporaryNgnMinimum(provider(async () => ({ min_deposit_ngn: null })).upstream, temporary("1000"))).toBe("1000");
    const down = provider(async () => Promise.reject(new Error("provider down")));
    expect(await temporaryNgnMinimum(down.upstream, temporary("1000"))).toBe("1000");
    expect(await refusal(checkTemporaryNgnAmount(down.upstream, temporary("1500")))).toBeNull();
  });

  it("asks nothing for accounts that take no amount", async () => {
    const p = provider(async () => ({ min_deposit_ngn: "5000.00" }));
    expect(await refusal(checkTemporaryNgnAmount(p.upstream, temporary("", { type: "PERMANENT" })))).toBeNull();
    expect(p.asked).toEqual([]);
  });
});
