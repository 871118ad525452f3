import { describe, expect, it } from "vitest";
import { REJECTION_SENTENCES } from "@/lib/upstream/error-codes";
import { rejectionPlacement } from "./labels";

// The ticket shows a rejected order's reason where the person can fix it, never "Order placed."
describe("rejectionPlacement", () => {
  it("puts a price or quantity rejection on that field", () => {
    expect(rejectionPlacement("invalid_price")).toEqual({ field: "price", sentence: REJECTION_SENTENCES.invalid_price });
    expect(rejectionPlacement("invalid_quantity")).toEqual({ field: "quantity", sentence: REJECTION_SENTENCES.invalid_quantity });
    expect(rejectionPlacement("insufficient_balance").field).toBe("quantity");
  });

  it("shows an order-wide reason above the form", () => {
    expect(rejectionPlacement("market_closed")).toEqual({ field: null, sentence: REJECTION_SENTENCES.market_closed });
  });

  it("names an undocumented reason raw, and a missing one plainly", () => {
    expect(rejectionPlacement("risk_check_failed")).toEqual({ field: null, sentence: 'The provider gave the reason "risk_check_failed".' });
    expect(rejectionPlacement(null).sentence).toBe("The provider rejected the order without giving a reason.");
  });
});
