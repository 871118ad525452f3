"use client";
import { DetailFields, RefreshNotes, type DetailRow } from "@/app/(dashboard)/coins/_components/detail-fields";
import { useCoinsCopyQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { StatusBadge } from "@/components/timeline/status-badge";
import { formatAsset } from "@/lib/coins/format";
import { isMovingWithdrawal, type WithdrawalView } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";

const mono = (v: string | null | undefined) => (v ? <span className="font-mono break-all">{v}</span> : "—");

/** Every field the provider sends for the withdrawal, in the order a reader checks them. */
function fieldsOf(view: WithdrawalView): DetailRow[] {
  const times = (w: { created_at?: string | null; updated_at?: string | null; completed_at?: string | null }): DetailRow[] => [
    ["Created", <DateTime key="created" value={w.created_at ?? null} />],
    ["Updated", <DateTime key="updated" value={w.updated_at ?? null} />],
    ["Completed", w.completed_at ? <DateTime key="completed" value={w.completed_at} /> : "Not completed"],
  ];
  if (view.kind === "crypto") {
    const w = view.withdrawal;
    return [
      ["Amount", formatAsset(w.amount, w.asset)],
      ["Network fee", formatAsset(w.fee, w.fee_asset ?? w.asset)],
      ["Total debit", formatAsset(w.total_debit, w.asset)],
      ["Asset", w.asset],
      ["Chain", w.chain ?? "—"],
      ["To address", mono(w.address)],
      ["Saved address id", mono(w.address_id)],
      ["Transaction hash", w.tx_hash ? mono(w.tx_hash) : "Not on chain yet"],
      ...times(w),
    ];
  }
  const w = view.withdrawal;
  return [
    ["Amount", formatAsset(w.amount, w.currency)],
    ["Fee", formatAsset(w.fee, w.currency)],
    ["Total debit", formatAsset(w.total_debit, w.currency)],
    ["Currency", w.currency],
    ["Account name", w.account_name ?? "—"],
    ["Account number", mono(w.account_number)],
    ["Bank", w.bank_name ?? "—"],
    ["Bank code", mono(w.bank_code)],
    ["Narration", w.narration ?? "—"],
    ["Reference", mono(w.reference)],
    ...times(w),
  ];
}

/** One Coins withdrawal of either kind, polled from its GET route while it is on its way. */
export function CoinsWithdrawalDetail({ initial }: { initial: WithdrawalView }) {
  const { kind, withdrawal } = initial;
  const q = useCoinsCopyQuery({ one: `coins_${kind}_withdrawal`, id: withdrawal.id }, `/api/coins/withdrawals/${kind}/${withdrawal.id}`, initial, {
    moving: (d) => isMovingWithdrawal(d.withdrawal.status),
  });
  const w = q.data.withdrawal;
  return (
    <div className="grid max-w-2xl gap-4">
      <RefreshNotes q={q} id={w.id} />
      <div className="flex flex-wrap items-center gap-3" data-testid="coins-withdrawal-status">
        <span className="text-sm text-muted-foreground">Status</span>
        <StatusBadge status={w.status} />
        {isMovingWithdrawal(w.status) ? <span className="text-xs text-muted-foreground">Checking for updates every few seconds</span> : null}
      </div>
      {w.failure_reason ? (
        <div className="rounded-lg border border-destructive/50 p-4 text-sm" data-testid="coins-withdrawal-failure">
          <p className="font-medium">
            Failed: <span className="font-mono">{w.failure_reason}</span>
          </p>
        </div>
      ) : null}
      <DetailFields rows={fieldsOf(q.data)} testId="coins-withdrawal-fields" />
    </div>
  );
}
