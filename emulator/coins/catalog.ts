/**
 * Static reference data of the Coins surface: assets, markets, withdrawal rails, banks and fiat
 * deposit options. Everything here is the same for every merchant; per-merchant data lives in the
 * state slice (state.ts).
 */

export type AssetSymbol = "BTC" | "ETH" | "USDT" | "USDC" | "SOL" | "NGN" | "USD";

export interface AssetInfo {
  symbol: AssetSymbol;
  display_name: string;
  /** Decimals used for amounts of this asset in responses and for rounding. */
  decimals: number;
  /** CAIP-19 style identifier: `<namespace>:<identifier>`. */
  caid: string;
  fiat: boolean;
}

export const ASSETS: Record<AssetSymbol, AssetInfo> = {
  BTC: { symbol: "BTC", display_name: "Bitcoin", decimals: 8, caid: "bip122:000000000019d6689c085ae165831e93/slip44:0", fiat: false },
  ETH: { symbol: "ETH", display_name: "Ether", decimals: 8, caid: "eip155:1/slip44:60", fiat: false },
  USDT: { symbol: "USDT", display_name: "Tether USD", decimals: 6, caid: "eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7", fiat: false },
  USDC: { symbol: "USDC", display_name: "USD Coin", decimals: 6, caid: "eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", fiat: false },
  SOL: { symbol: "SOL", display_name: "Solana", decimals: 8, caid: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501", fiat: false },
  NGN: { symbol: "NGN", display_name: "Nigerian Naira", decimals: 2, caid: "iso4217:NGN", fiat: true },
  USD: { symbol: "USD", display_name: "US Dollar", decimals: 2, caid: "iso4217:USD", fiat: true },
};

/** Display order of balances and portfolio rows. */
export const ASSET_ORDER: readonly AssetSymbol[] = ["NGN", "USD", "BTC", "ETH", "USDT", "USDC", "SOL"];

export function isAssetSymbol(s: string): s is AssetSymbol {
  return Object.hasOwn(ASSETS, s);
}

export interface MarketDef {
  base: AssetSymbol;
  quote: AssetSymbol;
  fee_bps: number;
  /** Minimum order size, in the quote asset. */
  min_quote_amount: string;
  /** Decimals of the price. */
  price_decimals: number;
  /** Typical 24 h traded volume in the quote asset, moved by the price model. */
  base_volume_quote: string;
  /**
   * Depth of the sandbox book in the quote asset: an order worth more than this fails at execution
   * with `insufficient_liquidity` (a deterministic way to see a failed order).
   */
  liquidity_quote: string;
  /** The feed of this market stopped: its price_fetched_at lags by more than an hour. */
  stale_feed?: boolean;
}

export const MARKETS: readonly MarketDef[] = [
  { base: "BTC", quote: "USD", fee_bps: 50, min_quote_amount: "5.00", price_decimals: 2, base_volume_quote: "18250000.00", liquidity_quote: "250000.00" },
  { base: "ETH", quote: "USD", fee_bps: 50, min_quote_amount: "5.00", price_decimals: 2, base_volume_quote: "9400000.00", liquidity_quote: "250000.00" },
  { base: "SOL", quote: "USD", fee_bps: 50, min_quote_amount: "5.00", price_decimals: 2, base_volume_quote: "2100000.00", liquidity_quote: "100000.00" },
  { base: "USDT", quote: "USD", fee_bps: 10, min_quote_amount: "5.00", price_decimals: 4, base_volume_quote: "31000000.00", liquidity_quote: "1000000.00" },
  { base: "USDC", quote: "USD", fee_bps: 10, min_quote_amount: "5.00", price_decimals: 4, base_volume_quote: "27500000.00", liquidity_quote: "1000000.00" },
  {
    base: "BTC",
    quote: "NGN",
    fee_bps: 75,
    min_quote_amount: "2000.00",
    price_decimals: 2,
    base_volume_quote: "4100000000.00",
    liquidity_quote: "150000000.00",
  },
  {
    base: "ETH",
    quote: "NGN",
    fee_bps: 75,
    min_quote_amount: "2000.00",
    price_decimals: 2,
    base_volume_quote: "2300000000.00",
    liquidity_quote: "150000000.00",
  },
  {
    base: "SOL",
    quote: "NGN",
    fee_bps: 75,
    min_quote_amount: "2000.00",
    price_decimals: 2,
    base_volume_quote: "610000000.00",
    liquidity_quote: "50000000.00",
    stale_feed: true,
  },
  {
    base: "USDT",
    quote: "NGN",
    fee_bps: 40,
    min_quote_amount: "2000.00",
    price_decimals: 2,
    base_volume_quote: "9800000000.00",
    liquidity_quote: "500000000.00",
  },
  {
    base: "USDC",
    quote: "NGN",
    fee_bps: 40,
    min_quote_amount: "2000.00",
    price_decimals: 2,
    base_volume_quote: "3200000000.00",
    liquidity_quote: "1000000.00",
  },
];

export function findMarket(base: string, quote: string): MarketDef | undefined {
  return MARKETS.find((m) => m.base === base && m.quote === quote);
}

/** Reference USD prices the model moves around (emulated late 2026). */
export const USD_REFERENCE: Record<Exclude<AssetSymbol, "NGN" | "USD">, { price: string; volatility: number }> = {
  BTC: { price: "96500.00", volatility: 0.035 },
  ETH: { price: "3420.00", volatility: 0.045 },
  SOL: { price: "182.40", volatility: 0.06 },
  USDT: { price: "1.0000", volatility: 0.0008 },
  USDC: { price: "1.0000", volatility: 0.0004 },
};
/** NGN per USD around which the naira rate moves. */
export const NGN_PER_USD = { price: "1465.00", volatility: 0.012 };

// ---- crypto withdrawal rails ----

export type ChainFamily = "evm" | "bitcoin" | "solana" | "tron";

export interface ChainInfo {
  blockchain: string;
  blockchain_name: string;
  family: ChainFamily;
  icon: string;
}

const ICON_BASE = "https://assets.sandbox.emulator.local/icons";

export const CHAINS: Record<string, ChainInfo> = {
  bitcoin: { blockchain: "bitcoin", blockchain_name: "Bitcoin", family: "bitcoin", icon: `${ICON_BASE}/chains/bitcoin.svg` },
  ethereum: { blockchain: "ethereum", blockchain_name: "Ethereum", family: "evm", icon: `${ICON_BASE}/chains/ethereum.svg` },
  base: { blockchain: "base", blockchain_name: "Base", family: "evm", icon: `${ICON_BASE}/chains/base.svg` },
  polygon: { blockchain: "polygon", blockchain_name: "Polygon PoS", family: "evm", icon: `${ICON_BASE}/chains/polygon.svg` },
  solana: { blockchain: "solana", blockchain_name: "Solana", family: "solana", icon: `${ICON_BASE}/chains/solana.svg` },
  tron: { blockchain: "tron", blockchain_name: "Tron", family: "tron", icon: `${ICON_BASE}/chains/tron.svg` },
};

export interface WithdrawalRail {
  chain: string;
  caid: string;
  contract_address: string | null;
  /** Network fee charged on top of the amount, in the asset. */
  network_fee: string;
  /** Smallest amount that may be sent on this rail. */
  min_amount: string;
}

export interface WithdrawableAsset {
  symbol: AssetSymbol;
  rails: WithdrawalRail[];
}

export const WITHDRAWABLE: readonly WithdrawableAsset[] = [
  {
    symbol: "BTC",
    rails: [{ chain: "bitcoin", caid: ASSETS.BTC.caid, contract_address: null, network_fee: "0.00015", min_amount: "0.0005" }],
  },
  {
    symbol: "ETH",
    rails: [
      { chain: "ethereum", caid: ASSETS.ETH.caid, contract_address: null, network_fee: "0.0012", min_amount: "0.005" },
      { chain: "base", caid: "eip155:8453/slip44:60", contract_address: null, network_fee: "0.00005", min_amount: "0.002" },
    ],
  },
  {
    symbol: "USDT",
    rails: [
      { chain: "ethereum", caid: ASSETS.USDT.caid, contract_address: "0xdac17f958d2ee523a2206206994597c13d831ec7", network_fee: "4.50", min_amount: "10" },
      {
        chain: "tron",
        caid: "tron:0x2b6653dc/trc20:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        network_fee: "1.00",
        min_amount: "5",
      },
      {
        chain: "polygon",
        caid: "eip155:137/erc20:0xc2132d05d31c914a87c6611c10748aeb04b58e8f",
        contract_address: "0xc2132d05d31c914a87c6611c10748aeb04b58e8f",
        network_fee: "0.20",
        min_amount: "2",
      },
    ],
  },
  {
    symbol: "USDC",
    rails: [
      { chain: "ethereum", caid: ASSETS.USDC.caid, contract_address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", network_fee: "4.50", min_amount: "10" },
      {
        chain: "base",
        caid: "eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
        contract_address: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
        network_fee: "0.10",
        min_amount: "2",
      },
      {
        chain: "polygon",
        caid: "eip155:137/erc20:0x3c499c542cef5e3811e1192ce70d8cc03d5c3359",
        contract_address: "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359",
        network_fee: "0.20",
        min_amount: "2",
      },
      {
        chain: "solana",
        caid: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        contract_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        network_fee: "0.05",
        min_amount: "2",
      },
    ],
  },
  {
    symbol: "SOL",
    rails: [{ chain: "solana", caid: ASSETS.SOL.caid, contract_address: null, network_fee: "0.001", min_amount: "0.05" }],
  },
];

export function findRail(asset: string, chain: string): WithdrawalRail | undefined {
  return WITHDRAWABLE.find((a) => a.symbol === asset)?.rails.find((r) => r.chain === chain);
}

export function assetIcon(symbol: AssetSymbol): string {
  return `${ICON_BASE}/assets/${symbol.toLowerCase()}.svg`;
}

// ---- fiat ----

/** Nigerian banks accepted for NGN withdrawals (CBN codes). */
export const BANKS: Readonly<Record<string, string>> = {
  "044": "Access Bank",
  "058": "Guaranty Trust Bank",
  "011": "First Bank of Nigeria",
  "033": "United Bank for Africa",
  "057": "Zenith Bank",
  "232": "Sterling Bank",
  "070": "Fidelity Bank",
  "50211": "Kuda Microfinance Bank",
  "999992": "OPay",
};

export const FIAT_WITHDRAWAL = {
  currency: "NGN" as const,
  min_amount: "1000.00",
  max_amount: "10000000.00",
  /** Flat transfer fee charged on top of the amount. */
  fee: "50.00",
};
