import {
  Activity,
  ArrowDownLeft,
  Bell,
  ArrowDownToLine,
  ArrowUpFromLine,
  ArrowUpLeft,
  ArrowUpRight,
  Banknote,
  BookUser,
  CheckCheck,
  ClipboardCheck,
  Clock,
  HandCoins,
  KeyRound,
  Landmark,
  LayoutDashboard,
  ScrollText,
  Send,
  SlidersHorizontal,
  Scale,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import {
  BriefcaseBusiness,
  CandlestickChart,
  ChartCandlestick,
  ChartLine,
  Coins,
  ListOrdered,
  Network,
  PiggyBank,
  ReceiptText,
  WalletCards,
  Webhook,
} from "lucide-react"; // the Pro desk, Coins and Stocks areas
import { can, type Permission, type Role } from "@/lib/auth/permissions";

export type NavItem = {
  title: string;
  href: string;
  icon: LucideIcon;
  /** The permission a role needs to see the link (the page checks it again on the server). */
  permission: Permission;
  /** Extra words the command palette matches, e.g. synonyms people type. */
  keywords?: string[];
};

export type NavArea = {
  title: string;
  items: NavItem[];
};

/**
 * The sidebar and the command palette, declared once. A new page adds one line to its area;
 * a role that lacks the permission never sees the link.
 */
export const NAV: NavArea[] = [
  {
    title: "Dashboard",
    items: [
      { title: "Overview", href: "/", icon: LayoutDashboard, permission: "data:read", keywords: ["home", "balances", "summary"] },
      {
        title: "Balances",
        href: "/balances",
        icon: Wallet,
        permission: "data:read",
        keywords: ["collection", "withdrawal", "move", "balance transfer", "chart"],
      },
      {
        title: "Statement",
        href: "/statement",
        icon: Scale,
        permission: "data:read",
        keywords: ["daily statement", "reconciliation", "reconcile", "closing balance", "opening balance", "books", "csv"],
      },
      {
        title: "Approvals",
        href: "/approvals",
        icon: CheckCheck,
        permission: "data:read",
        keywords: ["four eyes", "second approval", "pending", "inbox", "approve", "reject"],
      },
    ],
  },
  {
    title: "Money in",
    items: [
      {
        title: "Funding accounts",
        href: "/funding-accounts",
        icon: Landmark,
        permission: "data:read",
        keywords: ["virtual account", "deposit address", "wallet address", "receive", "bank details", "simulate deposit"],
      },
      { title: "Deposits", href: "/deposits", icon: ArrowDownToLine, permission: "data:read", keywords: ["received", "incoming", "settlement", "tx hash"] },
      {
        title: "Review queue",
        href: "/deposits/review",
        icon: ClipboardCheck,
        permission: "data:read",
        keywords: ["flagged", "requires review", "late deposit", "four eyes", "decision"],
      },
    ],
  },
  {
    title: "Money out",
    items: [
      {
        title: "Recipients",
        href: "/recipients",
        icon: BookUser,
        permission: "data:read",
        keywords: ["payees", "beneficiaries", "bank account", "wallet address", "iban", "swift", "ach", "wire"],
      },
      {
        title: "Transfers",
        href: "/transfers",
        icon: ArrowUpRight,
        permission: "data:read",
        keywords: ["payout", "send money", "pay recipient", "bank transfer", "quote"],
      },
      {
        title: "Withdrawals",
        href: "/withdrawals",
        icon: ArrowUpFromLine,
        permission: "data:read",
        keywords: ["merchant withdrawal", "send crypto", "usdt", "polygon", "on chain", "payout", "tx hash"],
      },
    ],
  },
  {
    title: "Pro desk",
    items: [
      {
        title: "Order ticket",
        href: "/pro",
        icon: CandlestickChart,
        permission: "data:read",
        keywords: ["pro", "trade", "buy usd", "sell usd", "limit order", "market order", "quote", "ngn usd", "convert"],
      },
      {
        title: "Pro orders",
        href: "/pro/orders",
        icon: ListOrdered,
        permission: "data:read",
        keywords: ["pro", "open orders", "order history", "cancel order", "replace order", "fills"],
      },
      {
        title: "Pro withdrawal options",
        href: "/pro/withdrawal-options",
        icon: Network,
        permission: "data:read",
        keywords: ["pro", "chains", "rails", "network fee", "usdt", "usdc", "on chain"],
      },
      {
        title: "Pro webhooks",
        href: "/pro/webhooks",
        icon: Webhook,
        permission: "settings:manage",
        keywords: ["pro", "webhooks", "signing secret", "rotate secret", "pause", "deliveries"],
      },
    ],
  },
  {
    title: "Coins",
    items: [
      {
        title: "Markets",
        href: "/coins/markets",
        icon: ChartCandlestick,
        permission: "data:read",
        keywords: ["coins", "prices", "crypto", "btc", "eth", "fee", "minimum", "stale price"],
      },
      {
        title: "Coins orders",
        href: "/coins/orders",
        icon: ListOrdered,
        permission: "data:read",
        keywords: ["coins", "buy", "sell", "trade", "place order", "executed price"],
      },
      {
        title: "Coins balances",
        href: "/coins/balances",
        icon: Coins,
        permission: "data:read",
        keywords: ["coins", "portfolio", "holdings", "crypto balance", "usd value"],
      },
      {
        title: "Coins transactions",
        href: "/coins/transactions",
        icon: ReceiptText,
        permission: "data:read",
        keywords: ["coins", "ledger", "history", "credits", "debits", "fees"],
      },
      {
        title: "Coins withdrawals",
        href: "/coins/withdrawals",
        icon: WalletCards,
        permission: "data:read",
        keywords: ["coins", "crypto withdrawal", "fiat withdrawal", "saved addresses", "chains", "send crypto", "bank"],
      },
      {
        title: "Fiat deposits",
        href: "/coins/deposits",
        icon: PiggyBank,
        permission: "data:read",
        keywords: ["coins", "deposit options", "bank account", "fund", "naira", "wire"],
      },
    ],
  },
  {
    title: "Stocks",
    items: [
      {
        title: "Portfolio",
        href: "/stocks",
        icon: BriefcaseBusiness,
        permission: "data:read",
        keywords: ["stocks", "tokenized stocks", "positions", "holdings", "wallet", "portfolio value"],
      },
      {
        title: "Assets",
        href: "/stocks/assets",
        icon: ChartCandlestick,
        permission: "data:read",
        keywords: ["stocks", "etf", "market hours", "disclosures", "risk level", "issuer"],
      },
      {
        title: "Prices",
        href: "/stocks/prices",
        icon: ChartLine,
        permission: "data:read",
        keywords: ["stocks", "stock prices", "convert", "conversion", "stale price", "quotes"],
      },
    ],
  },
  {
    title: "Activity",
    items: [{ title: "Events", href: "/events", icon: Activity, permission: "events:read", keywords: ["webhooks", "event log", "timeline", "deliveries"] }],
  },
  {
    title: "Settings",
    items: [
      { title: "Team", href: "/settings/team", icon: Users, permission: "team:manage", keywords: ["users", "members", "roles", "invite"] },
      {
        title: "API keys",
        href: "/settings/api-keys",
        icon: KeyRound,
        permission: "keys:manage",
        keywords: ["keys", "secrets", "webhook", "credentials", "vault"],
      },
      {
        title: "Outbound webhook",
        href: "/settings/outbound-webhook",
        icon: Send,
        permission: "settings:manage",
        keywords: ["review decisions", "signed webhook", "erp", "delivery log"],
      },
      { title: "Audit log", href: "/settings/audit", icon: ScrollText, permission: "audit:read", keywords: ["history", "changes", "activity"] },
      {
        title: "Approval limits",
        href: "/settings/approvals",
        icon: SlidersHorizontal,
        permission: "settings:manage",
        keywords: ["thresholds", "four eyes", "limits", "approval"],
      },
      {
        title: "Settlement destination",
        href: "/settings/settlement",
        icon: Banknote,
        permission: "data:read",
        keywords: ["ngn balance", "usd balance", "merchant funding", "ngn account", "wallet addresses", "conversion"],
      },
      {
        title: "Notifications",
        href: "/settings/notifications",
        icon: Bell,
        permission: "data:read",
        keywords: ["email", "mail", "digest", "alerts", "preferences"],
      },
      {
        title: "Time zone",
        href: "/settings/time-zone",
        icon: Clock,
        permission: "data:read",
        keywords: ["timezone", "zone", "local time", "date filter", "preferences"],
      },
    ],
  },
  {
    title: "Legacy (read only)",
    items: [
      {
        title: "Payouts",
        href: "/legacy/payouts",
        icon: HandCoins,
        permission: "data:read",
        keywords: ["legacy", "payout", "NGN payout", "crypto payout", "older routes"],
      },
      {
        title: "Onramps",
        href: "/legacy/onramps",
        icon: ArrowDownLeft,
        permission: "data:read",
        keywords: ["legacy", "onramp", "virtual account", "older routes"],
      },
      {
        title: "Offramps",
        href: "/legacy/offramps",
        icon: ArrowUpLeft,
        permission: "data:read",
        keywords: ["legacy", "offramp", "deposit address", "older routes"],
      },
    ],
  },
];

/** What one role may see: items it lacks the permission for are dropped, then empty areas. */
export function navFor(role: Role, nav: readonly NavArea[] = NAV): NavArea[] {
  return nav.map((area) => ({ ...area, items: area.items.filter((item) => can(role, item.permission)) })).filter((area) => area.items.length > 0);
}

// In their own module, free of the icons above, so the shell's client components can mark the
// current link without shipping every navigation icon to the browser.
export { activeHref, matchesHref } from "@/lib/nav-match";
