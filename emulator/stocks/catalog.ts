/**
 * The tokenized stock assets of the sandbox: twelve US stocks and ETFs with their disclosures.
 * Each token is a tracker certificate giving economic exposure only (no shares, no votes).
 */

export type StockCategory = "stock" | "etf";
export type StockStatus = "active" | "halted";
export type RiskLevel = "medium" | "high" | "very_high";

export interface StockDef {
  symbol: string;
  name: string;
  subtitle: string;
  category: StockCategory;
  status: StockStatus;
  about_text: string;
  /** Reference price the model moves around. */
  reference_price: string;
  /** Relative amplitude of the price model. */
  volatility: number;
  price_precision: number;
  min_order_usd: string;
  max_order_usd: string;
  is_off_hours_eligible: boolean;
  is_new: boolean;
  customer_risk_level: RiskLevel;
  underlying_exchange: "NASDAQ" | "NYSE" | "NYSE Arca";
  underlying_ticker: string;
  pays_dividends: boolean;
  /** The price feed of this asset stopped: its price is served stale. */
  stale_feed?: boolean;
}

export const ISSUER_ENTITY = "Sandbox Tokenized Securities Ltd (Jersey)";
export const LEGAL_FORM = "tracker_certificate";
const LOGO_BASE = "https://assets.sandbox.emulator.local/logos";

const stock = (
  d: Omit<StockDef, "price_precision" | "min_order_usd" | "max_order_usd"> & Partial<Pick<StockDef, "price_precision" | "min_order_usd" | "max_order_usd">>,
): StockDef => ({
  price_precision: 2,
  min_order_usd: "1.00",
  max_order_usd: d.category === "etf" ? "250000.00" : "100000.00",
  ...d,
});

export const STOCKS: readonly StockDef[] = [
  stock({
    symbol: "AAPL",
    name: "Apple Inc.",
    subtitle: "Consumer electronics and services",
    category: "stock",
    status: "active",
    about_text: "Apple designs iPhone, Mac, iPad and wearables and runs services such as the App Store, iCloud and Apple Pay.",
    reference_price: "228.50",
    volatility: 0.03,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "AAPL",
    pays_dividends: true,
  }),
  stock({
    symbol: "TSLA",
    name: "Tesla, Inc.",
    subtitle: "Electric vehicles and energy storage",
    category: "stock",
    status: "active",
    about_text: "Tesla builds electric vehicles, battery storage and solar products, and develops driver-assistance software.",
    reference_price: "342.10",
    volatility: 0.07,
    is_off_hours_eligible: true,
    is_new: false,
    customer_risk_level: "very_high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "TSLA",
    pays_dividends: false,
  }),
  stock({
    symbol: "NVDA",
    name: "NVIDIA Corporation",
    subtitle: "Accelerated computing and GPUs",
    category: "stock",
    status: "active",
    about_text: "NVIDIA designs graphics processors and data-centre accelerators used for gaming, AI training and inference.",
    reference_price: "182.40",
    volatility: 0.06,
    is_off_hours_eligible: true,
    is_new: false,
    customer_risk_level: "very_high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "NVDA",
    pays_dividends: true,
  }),
  stock({
    symbol: "MSFT",
    name: "Microsoft Corporation",
    subtitle: "Software and cloud",
    category: "stock",
    status: "active",
    about_text: "Microsoft sells Windows, Office and Azure cloud services, and owns LinkedIn, GitHub and Xbox.",
    reference_price: "512.30",
    volatility: 0.025,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "MSFT",
    pays_dividends: true,
  }),
  stock({
    symbol: "AMZN",
    name: "Amazon.com, Inc.",
    subtitle: "E-commerce and cloud",
    category: "stock",
    status: "active",
    about_text: "Amazon runs an online marketplace, logistics network and Amazon Web Services.",
    reference_price: "221.70",
    volatility: 0.035,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "AMZN",
    pays_dividends: false,
  }),
  stock({
    symbol: "GOOGL",
    name: "Alphabet Inc. Class A",
    subtitle: "Search, advertising and cloud",
    category: "stock",
    status: "active",
    about_text: "Alphabet owns Google Search, YouTube, Android and Google Cloud.",
    reference_price: "251.90",
    volatility: 0.03,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "GOOGL",
    pays_dividends: true,
  }),
  stock({
    symbol: "META",
    name: "Meta Platforms, Inc.",
    subtitle: "Social networks and advertising",
    category: "stock",
    status: "active",
    about_text: "Meta runs Facebook, Instagram, WhatsApp and Messenger and builds virtual-reality hardware.",
    reference_price: "705.20",
    volatility: 0.04,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "META",
    pays_dividends: true,
  }),
  stock({
    symbol: "NFLX",
    name: "Netflix, Inc.",
    subtitle: "Streaming entertainment",
    category: "stock",
    status: "active",
    about_text: "Netflix is a subscription streaming service for films and series.",
    reference_price: "1180.00",
    volatility: 0.04,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "NFLX",
    pays_dividends: false,
  }),
  stock({
    symbol: "COIN",
    name: "Coinbase Global, Inc.",
    subtitle: "Crypto exchange",
    category: "stock",
    status: "active",
    about_text: "Coinbase operates a cryptocurrency exchange and custody platform.",
    reference_price: "318.40",
    volatility: 0.08,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "very_high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "COIN",
    pays_dividends: false,
    stale_feed: true,
  }),
  stock({
    symbol: "PLTR",
    name: "Palantir Technologies Inc.",
    subtitle: "Data analytics software",
    category: "stock",
    status: "active",
    about_text: "Palantir builds data integration and analytics platforms for governments and companies.",
    reference_price: "178.00",
    volatility: 0.08,
    is_off_hours_eligible: true,
    is_new: true,
    customer_risk_level: "very_high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "PLTR",
    pays_dividends: false,
  }),
  stock({
    symbol: "MSTR",
    name: "Strategy Inc",
    subtitle: "Bitcoin treasury company",
    category: "stock",
    status: "halted",
    about_text: "Strategy holds bitcoin as its primary treasury reserve asset and sells business-intelligence software.",
    reference_price: "296.50",
    volatility: 0.09,
    is_off_hours_eligible: false,
    is_new: true,
    customer_risk_level: "very_high",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "MSTR",
    pays_dividends: false,
  }),
  stock({
    symbol: "SPY",
    name: "SPDR S&P 500 ETF Trust",
    subtitle: "S&P 500 index ETF",
    category: "etf",
    status: "active",
    about_text: "SPY tracks the S&P 500 index of large US companies.",
    reference_price: "668.20",
    volatility: 0.015,
    is_off_hours_eligible: true,
    is_new: false,
    customer_risk_level: "medium",
    underlying_exchange: "NYSE Arca",
    underlying_ticker: "SPY",
    pays_dividends: true,
  }),
  stock({
    symbol: "QQQ",
    name: "Invesco QQQ Trust",
    subtitle: "Nasdaq-100 index ETF",
    category: "etf",
    status: "active",
    about_text: "QQQ tracks the Nasdaq-100 index of large non-financial Nasdaq companies.",
    reference_price: "602.80",
    volatility: 0.02,
    is_off_hours_eligible: false,
    is_new: false,
    customer_risk_level: "medium",
    underlying_exchange: "NASDAQ",
    underlying_ticker: "QQQ",
    pays_dividends: true,
  }),
];

export function findStock(symbol: string): StockDef | undefined {
  const s = symbol.trim().toUpperCase();
  return STOCKS.find((d) => d.symbol === s);
}

export function logoUrl(d: StockDef): string {
  return `${LOGO_BASE}/${d.symbol.toLowerCase()}.svg`;
}

/** The disclosure fields of an asset (the same legal wrapper for every token). */
export function disclosures(d: StockDef) {
  const exchangeUrl =
    d.underlying_exchange === "NASDAQ"
      ? `https://www.nasdaq.com/market-activity/${d.category === "etf" ? "etf" : "stocks"}/${d.underlying_ticker.toLowerCase()}`
      : `https://www.nyse.com/quote/ARCX:${d.underlying_ticker}`;
  return {
    issuer_entity: ISSUER_ENTITY,
    legal_form: LEGAL_FORM,
    underlying_exchange: d.underlying_exchange,
    underlying_ticker: d.underlying_ticker,
    underlying_reference_url: exchangeUrl,
    economic_exposure_only: true,
    ownership_rights: "none",
    voting_rights: "none",
    dividend_policy: d.pays_dividends
      ? "Cash dividends of the underlying are reinvested: the token's exposure is increased on the ex-dividend date, net of withholding tax."
      : "The underlying pays no regular dividend; any distribution would be reinvested into the token's exposure.",
    shareholder_rights_disclosure: `Holders of this token do not own ${d.name} shares and have no shareholder rights (no votes, no meeting attendance, no direct claims on the company). The token is a debt instrument of ${ISSUER_ENTITY} that tracks the price of ${d.underlying_ticker}.`,
  };
}
