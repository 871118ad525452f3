"use client";
import { Link } from "@/components/ui/link";
import { CursorPager } from "@/app/(dashboard)/coins/_components/cursor-pager";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { CoinsTable, useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { serializeWithdrawalFilters, type WithdrawalFilters } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import { isMovingWithdrawal, withdrawalHref, type CryptoWithdrawal, type CursorPage, type FiatWithdrawal, type WithdrawalKind } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";

/** A withdrawal list's page, polled while a withdrawal on it is still on its way (no webhooks on Coins). */
function useWithdrawalPage<T extends { status: string }>(kind: "crypto" | "fiat", initial: CursorPage<T>, filters: WithdrawalFilters) {
  const query = serializeWithdrawalFilters[kind](filters);
  return useCoinsQuery([`${kind}-withdrawals`, query], `/api/coins/withdrawals/${kind}${query}`, initial, {
    moving: (d) => d.rows.some((w) => isMovingWithdrawal(w.status)),
  });
}

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

function Failure({ reason }: { reason: string | null | undefined }) {
  return reason ? <div className="mt-1 font-mono text-xs text-muted-foreground">{reason}</div> : null;
}

/** Crypto withdrawals: amount, network fee and total debit in the asset, address, chain, tx hash. */
export function CryptoWithdrawalsTable({
  initial,
  filters,
  here,
}: {
  initial: CursorPage<CryptoWithdrawal>;
  filters: WithdrawalFilters;
  /** The page's URL, so paging this list keeps the other list's filters and place. */
  here: string;
}) {
  const q = useWithdrawalPage("crypto", initial, filters);
  const view = q.data;
  if (view.rows.length === 0) {
    const filtered = Boolean(filters.status || filters.asset);
    return (
      <CoinsEmptyState
        testId="coins-crypto-withdrawals-empty"
        title={filtered ? "No crypto withdrawals match these filters" : "No crypto withdrawals yet"}
        hint={filtered ? "Clear a filter to see more." : "Crypto sent to saved addresses appears here."}
      />
    );
  }
  return (
    <CoinsTable
      q={q}
      caption="Crypto withdrawals, newest first"
      after={
        <CursorPager
          href={(place) => serializeWithdrawalFilters.crypto(here, place)}
          label="Crypto withdrawal pages"
          page={filters}
          nextCursor={view.nextCursor}
          shown={view.rows.length}
          noun={["withdrawal", "withdrawals"]}
        />
      }
    >
      <TableHeader>
        <TableRow>
          <TableHead>Withdrawal</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Network fee</TableHead>
          <TableHead className="text-right">Total debit</TableHead>
          <TableHead>To</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Transaction hash</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Completed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((w) => (
          <TableRow key={w.id} data-testid="coins-crypto-withdrawal-row">
            <TableCell>
              <IdLink kind="crypto" id={w.id} />
            </TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.amount, w.asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.fee, w.fee_asset ?? w.asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.total_debit, w.asset)}</TableCell>
            <TableCell>
              <div className="font-mono text-xs break-all">{w.address ?? w.address_id ?? "—"}</div>
              <div className="text-xs text-muted-foreground">
                {w.asset} on {w.chain ?? "—"}
              </div>
            </TableCell>
            <TableCell>
              <StatusBadge status={w.status} />
              <Failure reason={w.failure_reason} />
            </TableCell>
            <TableCell className="max-w-40 truncate font-mono text-xs" title={w.tx_hash ?? undefined}>
              {w.tx_hash ?? "Not on chain yet"}
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.created_at ?? null)}</TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.completed_at ?? null)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </CoinsTable>
  );
}

/** Fiat withdrawals: amount, fee and total debit, the bank account paid, reference and status. */
export function FiatWithdrawalsTable({
  initial,
  filters,
  here,
}: {
  initial: CursorPage<FiatWithdrawal>;
  filters: WithdrawalFilters;
  /** The page's URL, so paging this list keeps the other list's filters and place. */
  here: string;
}) {
  const q = useWithdrawalPage("fiat", initial, filters);
  const view = q.data;
  if (view.rows.length === 0) {
    return (
      <CoinsEmptyState
        testId="coins-fiat-withdrawals-empty"
        title={filters.status ? "No fiat withdrawals with this status" : "No fiat withdrawals yet"}
        hint={filters.status ? "Clear the filter to see more." : "Naira paid out to bank accounts appears here."}
      />
    );
  }
  return (
    <CoinsTable
      q={q}
      caption="Fiat withdrawals, newest first"
      after={
        <CursorPager
          href={(place) => serializeWithdrawalFilters.fiat(here, place)}
          label="Fiat withdrawal pages"
          page={filters}
          nextCursor={view.nextCursor}
          shown={view.rows.length}
          noun={["withdrawal", "withdrawals"]}
        />
      }
    >
      <TableHeader>
        <TableRow>
          <TableHead>Withdrawal</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Fee</TableHead>
          <TableHead className="text-right">Total debit</TableHead>
          <TableHead>Bank account</TableHead>
          <TableHead>Narration and reference</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Completed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((w) => (
          <TableRow key={w.id} data-testid="coins-fiat-withdrawal-row">
            <TableCell>
              <IdLink kind="fiat" id={w.id} />
            </TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.amount, w.currency)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.fee, w.currency)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(w.total_debit, w.currency)}</TableCell>
            <TableCell className="text-sm">
              <div>{w.account_name ?? "—"}</div>
              <div className="font-mono text-xs text-muted-foreground">
                {w.account_number ?? "—"} · {w.bank_name ?? w.bank_code ?? "—"}
                {w.bank_name && w.bank_code ? ` (${w.bank_code})` : ""}
              </div>
            </TableCell>
            <TableCell className="text-sm">
              <div>{w.narration ?? "—"}</div>
              <div className="font-mono text-xs text-muted-foreground">{w.reference ?? ""}</div>
            </TableCell>
            <TableCell>
              <StatusBadge status={w.status} />
              <Failure reason={w.failure_reason} />
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.created_at ?? null)}</TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.completed_at ?? null)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </CoinsTable>
  );
}
