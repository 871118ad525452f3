/** Response schemas of the Coins surface (`/coins/v1`): the `data` of each envelope. */
import { z } from "zod";
import { COINS_ORDER_STATUSES, COINS_WITHDRAWAL_STATUSES } from "./coins-values";
import { decimal, int, obj, openEnum, optDecimal, optStr, optTimestamp, str } from "./common";

export const market = obj({
  base_asset: str,
  base_caid: optStr,
  quote_asset: str,
  quote_caid: optStr,
  price: decimal,
  price_fetched_at: optTimestamp,
  change_pct_24h: optDecimal,
  volume_quote_24h: optDecimal,
  fee_bps: int.nullish(),
  min_quote_amount: optDecimal,
});
export const markets = obj({ markets: z.array(market) });

export const order = obj({
  id: str,
  side: openEnum(["buy", "sell"]),
  status: openEnum(COINS_ORDER_STATUSES),
  base_asset: str,
  base_amount: optDecimal,
  quote_asset: str,
  quote_amount: optDecimal,
  executed_price: optDecimal,
  filled_quantity: optDecimal,
  fee: optDecimal,
  fee_asset: optStr,
  failure_reason: optStr,
  client_order_id: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const orders = obj({ orders: z.array(order), next_cursor: optStr });

export const balance = obj({ asset: str, display_name: optStr, caid: optStr, available: decimal, locked: optDecimal, total: optDecimal });
export const balances = obj({ balances: z.array(balance) });

export const transaction = obj({
  id: str,
  type: openEnum(["deposit", "withdrawal", "trade", "fee", "fiat_deposit", "fiat_withdrawal"]),
  direction: openEnum(["credit", "debit"]).nullish(),
  asset: str,
  amount: decimal,
  status: openEnum(["pending", "completed", "failed"]),
  reference_type: optStr,
  reference_id: optStr,
  description: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const transactions = obj({ transactions: z.array(transaction), next_cursor: optStr });

export const portfolio = obj({
  total_value_usd: decimal,
  assets: z.array(obj({ asset: str, display_name: optStr, balance: decimal, price_usd: optDecimal, value_usd: optDecimal, allocation_pct: optDecimal })),
  updated_at: optTimestamp,
});

export const withdrawableAsset = obj({
  symbol: str,
  display_name: optStr,
  decimals: int.nullish(),
  icon: optStr,
  chains: z.array(
    obj({ blockchain: str, blockchain_name: optStr, caid: optStr, contract_address: optStr, icon: optStr, network_fee: optDecimal, min_amount: optDecimal }),
  ),
});
export const withdrawableAssets = z.array(withdrawableAsset);

export const address = obj({ id: str, address: str, asset: str, chain: str, label: z.string().nullish(), created_at: optTimestamp, updated_at: optTimestamp });
export const addresses = z.array(address);

export const cryptoWithdrawal = obj({
  id: str,
  address_id: optStr,
  address: optStr,
  asset: str,
  chain: optStr,
  amount: decimal,
  fee: optDecimal,
  fee_asset: optStr,
  total_debit: optDecimal,
  status: openEnum(COINS_WITHDRAWAL_STATUSES),
  tx_hash: optStr,
  failure_reason: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
  completed_at: optTimestamp,
});
export const cryptoWithdrawals = obj({ withdrawals: z.array(cryptoWithdrawal), next_cursor: optStr });

export const fiatWithdrawal = obj({
  id: str,
  currency: str,
  amount: decimal,
  fee: optDecimal,
  total_debit: optDecimal,
  bank_code: optStr,
  bank_name: optStr,
  account_number: optStr,
  account_name: optStr,
  narration: optStr,
  reference: optStr,
  status: openEnum(COINS_WITHDRAWAL_STATUSES),
  failure_reason: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
  completed_at: optTimestamp,
});
export const fiatWithdrawals = obj({ withdrawals: z.array(fiatWithdrawal), next_cursor: optStr });

export const fiatDepositOption = obj({
  currency: str,
  display_name: optStr,
  min_amount: optDecimal,
  account: obj({
    account_name: optStr,
    account_number: optStr,
    bank_code: optStr,
    bank_name: optStr,
    provider: optStr,
    status: openEnum(["active", "inactive"]).nullish(),
  }).nullish(),
});
export const fiatDepositOptions = z.array(fiatDepositOption);

export type CoinsOrder = z.output<typeof order>;
export type Market = z.output<typeof market>;
