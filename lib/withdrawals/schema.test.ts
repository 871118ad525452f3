import { describe, expect, it } from "vitest";
import { addressHint, addressProblem, chainFamily } from "./address";
import { loadWithdrawalFilters } from "./filters";
import { chainsFor, isEnabledRail, WITHDRAWAL_TOKENS } from "./rails";
import { createWithdrawalSchema, MESSAGES, withdrawalFormSchema, withdrawalPayloadSchema } from "./schema";

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";
const valid = { amount: "250.00", token: "USDT", chain: "POLYGON", destination_address: EVM };

const fieldErrors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("address check per chain family", () => {
  it.each([
    ["POLYGON", EVM],
    ["ethereum", "0x000000000000000000000000000000000000dEaD"],
    ["TRON", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"],
    ["SOLANA", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"],
    ["APTOS", "0x1"],
  ])("accepts a %s address", (chain, address) => {
    expect(addressProblem(chain, address)).toBeNull();
  });

  it.each([
    ["POLYGON", "", "Enter the destination address."],
    ["POLYGON", "0x52908400098527886E0F7030069857D2E4169E", "This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters."],
    ["POLYGON", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL", "This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters."],
    ["POLYGON", "0xZZ908400098527886E0F7030069857D2E4169EE7", "This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters."],
    ["TRON", EVM, "This is not a TRON address. Enter T followed by 33 base58 characters."],
    ["SOLANA", "0OIl" + "1".repeat(36), "This is not a SOLANA address. Enter 32 to 44 base58 characters."],
    ["DOGE", "D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD", "Addresses on DOGE cannot be checked here. Choose one of the listed chains."],
  ])("refuses on %s: %j", (chain, address, message) => {
    expect(addressProblem(chain, address)).toBe(message);
  });

  it("knows each family and says what an address looks like", () => {
    expect(chainFamily("Polygon")).toBe("evm");
    expect(chainFamily("TRON")).toBe("tron");
    expect(chainFamily("BITCOIN")).toBeNull();
    expect(addressHint("POLYGON")).toBe("A POLYGON address: 0x followed by 40 hexadecimal characters.");
    expect(addressHint("")).toBe("The address on the chosen chain.");
  });
});

describe("enabled rails (docs: only USDT on POLYGON today)", () => {
  it("lists USDT on POLYGON and nothing else", () => {
    expect(WITHDRAWAL_TOKENS).toEqual(["USDT"]);
    expect(chainsFor("USDT")).toEqual(["POLYGON"]);
    expect(chainsFor("USDC")).toEqual([]);
    expect(isEnabledRail("USDT", "POLYGON")).toBe(true);
    expect(isEnabledRail("USDC", "POLYGON")).toBe(false);
    expect(isEnabledRail("USDT", "ETHEREUM")).toBe(false);
  });
});

describe("withdrawal form schema", () => {
  it("accepts a complete withdrawal and trims the address", () => {
    const r = withdrawalFormSchema.safeParse({ ...valid, destination_address: `  ${EVM} ` });
    expect(r.success).toBe(true);
    expect(r.data?.destination_address).toBe(EVM);
  });

  it.each([
    [{ amount: "" }, { amount: MESSAGES.amount }],
    [{ amount: "0" }, { amount: "Enter an amount above zero." }],
    [{ amount: "12.345" }, { amount: "Enter an amount in US dollars with at most two decimals, for example 2500.00." }],
    [{ amount: "-4" }, { amount: "Enter an amount in US dollars with at most two decimals, for example 2500.00." }],
    [{ token: "" }, { token: MESSAGES.token }],
    [{ chain: "" }, { chain: MESSAGES.chain }],
    [{ token: "USDC" }, { chain: MESSAGES.rail }],
    [{ chain: "ETHEREUM" }, { chain: MESSAGES.rail }],
    [{ destination_address: "" }, { destination_address: "Enter the destination address." }],
    [
      { destination_address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" },
      { destination_address: "This is not a POLYGON address. Enter 0x followed by 40 hexadecimal characters." },
    ],
  ])("refuses %j on the right field", (patch, errors) => {
    const r = withdrawalFormSchema.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    expect(fieldErrors(r)).toEqual(errors);
  });

  it("the action's schema also needs the form's attempt key", () => {
    expect(fieldErrors(createWithdrawalSchema.safeParse(valid))).toEqual({ attemptKey: "This form has expired. Reload the page and submit it again." });
    expect(createWithdrawalSchema.safeParse({ ...valid, attemptKey: crypto.randomUUID() }).success).toBe(true);
  });

  it("the stored payload uses the provider's names and refuses stray fields", () => {
    const payload = { amount_usd: "250.00", token: "USDT", chain: "POLYGON", destination_address: EVM };
    expect(withdrawalPayloadSchema.safeParse(payload).success).toBe(true);
    expect(withdrawalPayloadSchema.safeParse({ ...payload, extra: 1 }).success).toBe(false);
    expect(fieldErrors(withdrawalPayloadSchema.safeParse({ ...payload, chain: "TRON" }))).toEqual({ chain: MESSAGES.rail });
  });
});

describe("list filters from the URL", () => {
  it("keeps a known status and a page, drops anything else", () => {
    expect(loadWithdrawalFilters({ status: "FAILED", page: "3" })).toEqual({ status: "FAILED", page: 3 });
    expect(loadWithdrawalFilters({ status: "failed", page: "0" })).toEqual({ status: null, page: 1 });
    expect(loadWithdrawalFilters({ status: ["SETTLED", "FAILED"], page: "x" })).toEqual({ status: "SETTLED", page: 1 });
  });
});
