"use client";
import { useCoinsCopyQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { cursorSteps, serializeWithdrawalFilters, type WithdrawalFilters, withdrawalPageLinks } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import { type CryptoWithdrawal, type CursorPage, type FiatWithdrawal, isMovingWithdrawal, type WithdrawalKind, withdrawalHref } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";

/** The row's short id, linking to the withdrawal's detail page. */
function IdLink({ kind, id }: { kind: WithdrawalKind; id: string }) {
  return (
    <Link href={withdrawalHref(kind, id)} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
      {id.slice(0, 8)}
      <span className="sr-only">
        {" "}
        {kind} withdrawal {id}
      </span>
    </Link>
  );
}

function StatusCell({ w }: { w: { status: string; failure_reason?: string | null } }) {
  return (
    <>
      <StatusBadge status={w.status} />
      {w.failure_reason ? <div className="mt-1 font-mono text-xs text-muted-foreground">{w.failure_reason}</div> : null}
    </>
  );
}

const when = (key: "created" | "completed", header: string) => ({
  key,
  header,
  className: "text-sm whitespace-nowrap",
  cell: (w: { created_at?: string | null; completed_at?: string | null }) => <DateTime value={(key === "created" ? w.created_at : w.completed_at) ?? null} />,
});

/** Crypto withdrawals: amount, network fee and total debit in the asset, address, chain, tx hash. */
const cryptoColumns: Column<CryptoWithdrawal>[] = [
  { key: "id", header: "Withdrawal", cell: (w) => <IdLink kind="crypto" id={w.id} /> },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.amount, w.asset) },
  { key: "fee", header: "Network fee", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.fee, w.fee_asset ?? w.asset) },
  { key: "total", header: "Total debit", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.total_debit, w.asset) },
  {
    key: "to",
    header: "To",
    cell: (w) => (
      <>
        <div className="font-mono text-xs break-all">{w.address ?? w.address_id ?? "—"}</div>
        <div className="text-xs text-muted-foreground">
          {w.asset} on {w.chain ?? "—"}
        </div>
      </>
    ),
  },
  { key: "status", header: "Status", cell: (w) => <StatusCell w={w} /> },
  {
    key: "hash",
    header: "Transaction hash",
    className: "max-w-40 truncate font-mono text-xs",
    cell: (w) => <span title={w.tx_hash ?? undefined}>{w.tx_hash ?? "Not on chain yet"}</span>,
  },
  when("created", "Created"),
  when("completed", "Completed"),
];

/** Fiat withdrawals: amount, fee and total debit, the bank account paid, reference and status. */
const fiatColumns: Column<FiatWithdrawal>[] = [
  { key: "id", header: "Withdrawal", cell: (w) => <IdLink kind="fiat" id={w.id} /> },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.amount, w.currency) },
  { key: "fee", header: "Fee", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.fee, w.currency) },
  { key: "total", header: "Total debit", numeric: true, className: "text-sm", cell: (w) => formatAsset(w.total_debit, w.currency) },
  {
    key: "bank",
    header: "Bank account",
    className: "text-sm",
    cell: (w) => (
      <>
        <div>{w.account_name ?? "—"}</div>
        <div className="font-mono text-xs text-muted-foreground">
          {w.account_number ?? "—"} · {w.bank_name ?? w.bank_code ?? "—"}
          {w.bank_name && w.bank_code ? ` (${w.bank_code})` : ""}
        </div>
      </>
    ),
  },
  {
    key: "narration",
    header: "Narration and reference",
    className: "text-sm",
    cell: (w) => (
      <>
        <div>{w.narration ?? "—"}</div>
        <div className="font-mono text-xs text-muted-foreground">{w.reference ?? ""}</div>
      </>
    ),
  },
  { key: "status", header: "Status", cell: (w) => <StatusCell w={w} /> },
  when("created", "Created"),
  when("completed", "Completed"),
];

/**
 * One withdrawal list's page, polled while a withdrawal on it is still on its way (no webhooks on
 * Coins). `here` is the page's URL, so paging this list keeps the other list's filters and place.
 */
function WithdrawalsList<Row extends { id: string; status: string }>({
  kind,
  columns,
  initial,
  filters,
  here,
  empty,
}: {
  kind: WithdrawalKind;
  columns: Column<Row>[];
  initial: CursorPage<Row>;
  filters: WithdrawalFilters;
  here: string;
  empty: { title: string; hint: string };
}) {
  const query = serializeWithdrawalFilters(filters);
  const q = useCoinsCopyQuery({ list: `coins_${kind}_withdrawal`, query }, `/api/coins/withdrawals/${kind}${query}`, initial, {
    moving: (d) => d.rows.some((w) => isMovingWithdrawal(w.status)),
  });
  const view = q.data;
  const label = kind === "crypto" ? "Crypto" : "Fiat";
  return (
    <DataList
      caption={`${label} withdrawals, newest first`}
      columns={columns}
      rows={view.rows}
      rowKey={(w) => w.id}
      rowProps={() => ({ "data-testid": `coins-${kind}-withdrawal-row` })}
      stale={view}
      refresh={q.refresh}
      empty={<ListEmptyState testId={`coins-${kind}-withdrawals-empty`} title={empty.title} hint={empty.hint} />}
      pager={
        <Pager
          label={`${label} withdrawal pages`}
          noun={["withdrawal", "withdrawals"]}
          shown={view.rows.length}
          {...cursorSteps(filters, view.nextCursor, (place) => withdrawalPageLinks[kind](here, place))}
        />
      }
    />
  );
}

export function CryptoWithdrawalsTable(props: { initial: CursorPage<CryptoWithdrawal>; filters: WithdrawalFilters; here: string }) {
  const filtered = Boolean(props.filters.status || props.filters.asset);
  const empty = filtered
    ? { title: "No crypto withdrawals match these filters", hint: "Clear a filter to see more." }
    : { title: "No crypto withdrawals yet", hint: "Crypto sent to saved addresses appears here." };
  return <WithdrawalsList kind="crypto" columns={cryptoColumns} empty={empty} {...props} />;
}

export function FiatWithdrawalsTable(props: { initial: CursorPage<FiatWithdrawal>; filters: WithdrawalFilters; here: string }) {
  const empty = props.filters.status
    ? { title: "No fiat withdrawals with this status", hint: "Clear the filter to see more." }
    : { title: "No fiat withdrawals yet", hint: "Naira paid out to bank accounts appears here." };
  return <WithdrawalsList kind="fiat" columns={fiatColumns} empty={empty} {...props} />;
}
