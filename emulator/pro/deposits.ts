/**
 * Sandbox Pro deposits: credit NGN or a stablecoin (USDT/USDC, credited to the unified USD balance)
 * at once and report the matching event (deposit.completed or crypto.deposit.completed).
 */
import { D, ngn, parseAmount, qty } from "./decimal";
import type { EngineError, IdSource } from "./engine";
import { depositChains } from "./options";
import { fakeTxHash } from "./seed";
import type { DepositAsset, DepositRecord, ProEvent, ProSlice } from "./types";

const ASSETS: readonly DepositAsset[] = ["NGN", "USDT", "USDC"];

export function depositView(d: DepositRecord, iso: (ms: number) => string) {
  return {
    deposit_id: d.deposit_id,
    asset: d.asset,
    chain: d.chain,
    amount: d.amount,
    credited_asset: d.credited_asset,
    credited_amount: d.credited_asset === "NGN" ? d.amount : qty(new D(d.amount)),
    tx_hash: d.tx_hash,
    status: d.status,
    created_at: iso(d.created_at),
  };
}

export function simulateDeposit(
  slice: ProSlice,
  body: unknown,
  now: number,
  env: { newId: IdSource; iso: (ms: number) => string },
): { ok: true; deposit: DepositRecord; events: ProEvent[] } | EngineError {
  const b = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!b) return { ok: false, status: 400, code: "VALIDATION_ERROR", message: "The request body must be a JSON object." };
  const fields: Record<string, string> = {};
  const asset = b.asset;
  if (typeof asset !== "string" || !(ASSETS as readonly string[]).includes(asset)) fields.asset = "asset must be NGN, USDT or USDC.";
  // NGN in kobo; stablecoins with their 6 on-chain decimals.
  const amount = parseAmount(b.amount, asset === "NGN" ? 2 : 6);
  if (amount === null) fields.amount = `amount must be a decimal string with at most ${asset === "NGN" ? 2 : 6} decimal places.`;
  else if (amount.lte(0)) fields.amount = "amount must be greater than 0.";
  let chain: string | null = null;
  if (asset === "USDT" || asset === "USDC") {
    const chains = depositChains(asset);
    if (b.chain === undefined || b.chain === null) chain = chains[0] ?? null;
    else if (typeof b.chain === "string" && chains.includes(b.chain)) chain = b.chain;
    else fields.chain = `chain must be one of: ${chains.join(", ")}.`;
  } else if (b.chain !== undefined && b.chain !== null) {
    fields.chain = "chain is only used for USDT and USDC deposits.";
  }
  if (Object.keys(fields).length > 0 || amount === null) {
    return { ok: false, status: 400, code: "VALIDATION_ERROR", message: "The deposit is invalid.", fields };
  }

  const id = env.newId();
  const isNgn = asset === "NGN";
  const deposit: DepositRecord = {
    deposit_id: id,
    asset: asset as DepositAsset,
    chain,
    amount: isNgn ? ngn(amount) : amount.toFixed(6),
    credited_asset: isNgn ? "NGN" : "USD",
    tx_hash: isNgn ? null : fakeTxHash(id),
    status: "completed",
    created_at: now,
  };
  if (isNgn) slice.balances.NGN = ngn(new D(slice.balances.NGN).plus(amount));
  else slice.balances.USD = qty(new D(slice.balances.USD).plus(amount));
  slice.deposits.push(deposit);
  return {
    ok: true,
    deposit,
    events: [{ name: isNgn ? "deposit.completed" : "crypto.deposit.completed", data: depositView(deposit, env.iso) }],
  };
}
