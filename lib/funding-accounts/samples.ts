/**
 * A provider's funding account for the render and page tests: Amaka Obi's permanent NGN virtual
 * account, active, paid into at Wema Bank and settling to the merchant's balance. Tests change
 * what they need with a spread.
 */
export const SAMPLE_NGN_ACCOUNT = {
  object: "funding_account",
  id: "0b6c1f0e-1111-4a2b-8c3d-9e8f7a6b5c4d",
  type: "PERMANENT",
  status: "ACTIVE",
  rail: "NGN_VIRTUAL_ACCOUNT",
  customer_id: "3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  currency: "NGN",
  settlement_destination: { type: "INTERNAL_BALANCE" },
  instructions: [
    {
      type: "BANK_TRANSFER",
      status: "ACTIVE",
      currency: "NGN",
      bank_name: "Wema Bank",
      bank_code: "035",
      account_number: "7812345678",
      account_name: "Demo Merchant / Amaka Obi",
    },
  ],
  created_at: "2026-11-22T05:00:00.000Z",
};
