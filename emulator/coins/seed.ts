/**
 * Initial Coins state of a merchant: funded by deposits ten days ago, then a short history of
 * orders (completed, failed and cancelled) and withdrawals, all produced by the same engine code
 * the API uses, so the ledger, balances and records agree from the start.
 */
import type { Merchant, Rng } from "../lib/contract";
import { toDecimal } from "../lib/money";
import { findMarket, type AssetSymbol } from "./catalog";
import { advance, cancelOrder, createCryptoWithdrawal, createFiatWithdrawal, placeOrder, recordDeposit } from "./engine";
import { emptyBalances, nextSeq, type CoinsSlice, type SavedAddress } from "./state";

const DAY = 86_400_000;
const HOUR = 3_600_000;

const OPENING_DEPOSITS: ReadonlyArray<[AssetSymbol, string, string]> = [
  ["NGN", "5000000.00", "NGN bank deposit"],
  ["USD", "2500.00", "USD wire deposit"],
  ["BTC", "0.05", "BTC on-chain deposit"],
  ["ETH", "1.2", "ETH on-chain deposit"],
  ["USDT", "1500", "USDT on-chain deposit (tron)"],
  ["USDC", "800", "USDC on-chain deposit (base)"],
  ["SOL", "12", "SOL on-chain deposit"],
];

export function seedCoins(merchant: Merchant, rng: Rng, now: number): CoinsSlice {
  const newId = () => rng.uuid();
  const digits = (n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join("");
  const slice: CoinsSlice = {
    seq: 0,
    balances: emptyBalances(),
    orders: [],
    transactions: [],
    addresses: [],
    cryptoWithdrawals: [],
    fiatWithdrawals: [],
    depositAccounts: {
      NGN: { account_name: `${merchant.name} / Coins`, account_number: `98${digits(8)}`, bank_code: "035", bank_name: "Wema Bank", provider: "wema" },
      USD: {
        account_name: merchant.name,
        account_number: `40${digits(8)}`,
        bank_code: "026009593",
        bank_name: "Sandbox Community Bank",
        provider: "sandbox_us_rails",
      },
    },
  };
  // Whole seconds, so seeded timestamps look like real ones.
  const start = Math.floor(now / 1000) * 1000 - 10 * DAY;
  for (const [asset, amount, description] of OPENING_DEPOSITS) recordDeposit(slice, newId, start, asset, toDecimal(amount), description);

  const order = (at: number, side: "buy" | "sell", base: AssetSymbol, quoteAsset: AssetSymbol, amount: string, clientOrderId: string | null) => {
    const market = findMarket(base, quoteAsset);
    if (!market) throw new Error(`seed uses unknown market ${base}/${quoteAsset}`);
    const r = placeOrder(slice, newId, at, { side, market, amount: toDecimal(amount), client_order_id: clientOrderId });
    if (!r.ok) throw new Error(`seed order ${base}/${quoteAsset} refused: ${r.kind}`);
    return r.order;
  };
  const address = (at: number, addr: string, asset: AssetSymbol, chain: string, label: string): SavedAddress => {
    const a: SavedAddress = { id: newId(), seq: nextSeq(slice), address: addr, asset, chain, label, created_at: at, updated_at: at };
    slice.addresses.push(a);
    return a;
  };
  // Chronological order, so every list (newest first by sequence) is also newest first by time.
  const tronTreasury = address(start + HOUR, "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "USDT", "tron", "Treasury (Tron)");
  address(start + 2 * HOUR, "0x4c2a1b7e9d3f5a6b8c0d1e2f3a4b5c6d7e8f9a0b", "USDC", "base", "Ops hot wallet");
  order(start + 3 * DAY, "buy", "BTC", "NGN", "750000.00", "seed-btc-ngn-1");
  advance(slice, newId, start + 3 * DAY + HOUR);
  const cw = createCryptoWithdrawal(slice, newId, start + 4 * DAY, tronTreasury, toDecimal("200"));
  if (!cw.ok) throw new Error(`seed crypto withdrawal refused: ${cw.kind}`);
  advance(slice, newId, start + 4 * DAY + HOUR);
  order(start + 5 * DAY, "sell", "ETH", "USD", "0.25", null);
  advance(slice, newId, start + 5 * DAY + HOUR);
  const fw = createFiatWithdrawal(slice, newId, start + 6 * DAY, {
    amount: toDecimal("250000.00"),
    bank_code: "044",
    account_number: "0690000031",
    narration: "Supplier settlement",
  });
  if (!fw.ok) throw new Error(`seed fiat withdrawal refused: ${fw.kind}`);
  advance(slice, newId, start + 6 * DAY + HOUR);
  order(start + 7 * DAY, "buy", "USDT", "NGN", "300000.00", "seed-usdt-ngn-1");
  advance(slice, newId, start + 7 * DAY + HOUR);
  // Fails: the SOL/NGN feed is stale.
  order(start + 8 * DAY, "buy", "SOL", "NGN", "50000.00", null);
  advance(slice, newId, start + 8 * DAY + HOUR);
  // Fails: deeper than the USDC/NGN sandbox book.
  order(start + 9 * DAY, "buy", "USDC", "NGN", "1200000.00", null);
  advance(slice, newId, start + 9 * DAY + HOUR);
  const cancelled = order(start + 9 * DAY + 2 * HOUR, "sell", "BTC", "USD", "0.001", null);
  cancelOrder(slice, cancelled, start + 9 * DAY + 2 * HOUR + 1000);
  return slice;
}
