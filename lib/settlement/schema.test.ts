import { describe, expect, it } from "vitest";
import { setSettlementDestinationSchema, settlementFormSchema } from "./schema";
import { destinationLabel } from "./values";

const errors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("settlement destination form", () => {
  it("needs the destination's name typed exactly", () => {
    expect(settlementFormSchema.safeParse({ destination: "NGN_BALANCE", confirmation: " NGN_BALANCE " }).success).toBe(true);
    expect(errors(settlementFormSchema.safeParse({ destination: "NGN_BALANCE", confirmation: "ngn_balance" }))).toEqual({
      confirmation: "Type NGN_BALANCE exactly to confirm the change.",
    });
    expect(errors(settlementFormSchema.safeParse({ destination: "NGN_BALANCE", confirmation: "USD_BALANCE" }))).toEqual({
      confirmation: "Type NGN_BALANCE exactly to confirm the change.",
    });
  });

  it("takes only the provider's two values", () => {
    expect(errors(settlementFormSchema.safeParse({ destination: "EUR_BALANCE", confirmation: "EUR_BALANCE" }))).toMatchObject({
      destination: "Choose USD withdrawal balance or NGN withdrawal balance.",
    });
  });

  it("the action's schema also needs the attempt key", () => {
    expect(setSettlementDestinationSchema.safeParse({ destination: "USD_BALANCE", confirmation: "USD_BALANCE" }).success).toBe(false);
    expect(setSettlementDestinationSchema.safeParse({ destination: "USD_BALANCE", confirmation: "USD_BALANCE", attemptKey: crypto.randomUUID() }).success).toBe(
      true,
    );
  });

  it("labels known values and shows unknown ones raw", () => {
    expect(destinationLabel("USD_BALANCE")).toBe("USD withdrawal balance");
    expect(destinationLabel("GBP_BALANCE")).toBe("GBP_BALANCE");
    expect(destinationLabel(null)).toBe("Not set");
  });
});
