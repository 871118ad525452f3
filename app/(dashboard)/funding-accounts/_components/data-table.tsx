"use client";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { useLiveList } from "@/components/list/use-live-list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { type FundingAccountFilters, serializeFundingAccountFilters } from "@/lib/funding-accounts/filters";
import { railLabel, settlementLabel, typeLabel } from "@/lib/funding-accounts/labels";
import type { FundingAccountListView } from "@/lib/funding-accounts/views";
import { formatMoney } from "@/lib/money";
import type { FundingAccount } from "@/lib/upstream/schemas/core";

/** What a customer pays into, in one line: the bank account number or the wallet address. */
function receiveSummary(a: FundingAccount): string {
  const i = a.instructions[0];
  if (!i) return "—";
  if (i.account_number) return `${i.bank_name ?? "Bank"} ${i.account_number}`;
  if (i.address) return `${i.chain ?? a.chain ?? ""} ${i.address.slice(0, 8)}…${i.address.slice(-4)}`.trim();
  return "—";
}

function amountOf(a: FundingAccount): string {
  if (a.amount) return formatMoney(a.amount, a.currency ?? "NGN");
  return a.rail === "CRYPTO_ADDRESS" ? `Any ${a.asset ?? a.currency ?? ""}`.trim() : "Any amount";
}

const columnsFor = (customerNames: Record<string, string>): Column<FundingAccount>[] => [
  {
    key: "account",
    header: "Account",
    cell: (a) => (
      <Link href={`/funding-accounts/${a.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
        {a.id.slice(0, 8)}
        <span className="sr-only"> funding account {a.id}</span>
      </Link>
    ),
  },
  {
    key: "customer",
    header: "Customer",
    className: "text-sm",
    cell: (a) =>
      a.customer_id ? (
        (customerNames[a.customer_id] ?? <span className="font-mono text-xs">{a.customer_id}</span>)
      ) : (
        <span className="text-muted-foreground">Merchant&apos;s own</span>
      ),
  },
  {
    key: "rail",
    header: "Rail and type",
    className: "text-sm",
    cell: (a) => (
      <>
        {railLabel(a.rail)}
        <div className="text-xs text-muted-foreground">{typeLabel(a.type)}</div>
      </>
    ),
  },
  { key: "pays-into", header: "Pays into", className: "font-mono text-xs", cell: receiveSummary },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: amountOf },
  {
    key: "settles",
    header: "Settles to",
    className: "text-sm",
    cell: (a) => (a.settlement_destination ? settlementLabel(a.settlement_destination.type) : "—"),
  },
  { key: "status", header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: (a) => <DateTime value={a.created_at ?? null} /> },
];

/**
 * The funding accounts for the URL's filters: hydrated by the server's read, refreshed when the
 * live stream reports a funding-account change (or by polling while the stream is down).
 */
export function FundingAccountsTable({
  initial,
  filters,
  canCreate,
}: {
  initial: FundingAccountListView;
  filters: Partial<FundingAccountFilters>;
  canCreate: boolean;
}) {
  const query = serializeFundingAccountFilters(filters);
  const { data: view, refresh } = useLiveList({
    kind: "funding_account",
    query,
    url: `/api/funding-accounts${query}`,
    initial,
    errorMessage: "The funding accounts could not be loaded. Try again in a moment.",
  });
  const filtered = Boolean(filters.rail || filters.type || filters.status || filters.customer);
  return (
    <DataList
      caption="Funding accounts, newest first"
      columns={columnsFor(view.customerNames)}
      rows={view.rows}
      rowKey={(a) => a.id}
      rowProps={() => ({ "data-testid": "funding-account-row" })}
      stale={view}
      refresh={refresh}
      empty={
        <ListEmptyState
          testId="funding-accounts-empty"
          title={filtered ? "No funding accounts match these filters" : "No funding accounts yet"}
          hint={
            filtered
              ? "Clear a filter to see more."
              : canCreate
                ? "Open one to give a customer bank details or a wallet address to pay into."
                : "Accounts opened by your team appear here."
          }
          action={!filtered && canCreate ? <ListEmptyLink href="/funding-accounts/new">New funding account</ListEmptyLink> : undefined}
        />
      }
      pager={
        <Pager
          label="Funding account pages"
          noun={["account", "accounts"]}
          page={view.page}
          pages={view.pages}
          total={view.total}
          to={(page) => serializeFundingAccountFilters("/funding-accounts", { ...filters, page })}
        />
      }
    />
  );
}
