/**
 * The merchant's NGN settlement destination: the two values the provider takes and what each does in
 * plain words (spec, "PATCH /v1/merchant/funding/settlement-destination"). Imports no zod, so the
 * settlement page ships without it; the change form's rules are in `schema.ts`.
 */
export const DESTINATIONS = ["USD_BALANCE", "NGN_BALANCE"] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const DESTINATION_INFO: Record<Destination, { label: string; effect: string }> = {
  USD_BALANCE: {
    label: "USD withdrawal balance",
    effect: "Each NGN deposit to your permanent NGN account is converted to USD at the current rate and credited to the USD withdrawal balance.",
  },
  NGN_BALANCE: {
    label: "NGN withdrawal balance",
    effect: "Each NGN deposit to your permanent NGN account is kept in naira, with no conversion, and credited to the NGN withdrawal balance.",
  },
};

export const FUTURE_ONLY = "Only deposits that arrive after the change are affected; existing balances and settled deposits stay as they are.";

export const destinationLabel = (value: string | null | undefined) => (value ? (DESTINATION_INFO[value as Destination]?.label ?? value) : "Not set");

export const confirmationMessage = (destination: string) => `Type ${destination} exactly to confirm the change.`;
