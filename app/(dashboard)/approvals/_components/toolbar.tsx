"use client";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { APPROVAL_STATUSES, type ApprovalStatus, INBOX_KINDS, type InboxKind, KIND_LABEL, STATUS_LABEL, serializeInboxFilters } from "@/lib/approvals/filters";

const statusOptions = APPROVAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }));
const kindOptions = INBOX_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }));

/** What waits, by kind (money movements, control changes, review decisions): narrows the open lists. */
export function KindToolbar({ kind, pending, onKind }: { kind: InboxKind | null; pending: boolean; onKind: (k: InboxKind | null) => void }) {
  return (
    <ListToolbar testId="approvals-kind-toolbar" pending={pending} onClear={kind ? () => onKind(null) : undefined}>
      <FilterSelect id="approvals-kind" label="Kind" width="w-64" value={kind} all="Any kind" options={kindOptions} onChange={onKind} />
    </ListToolbar>
  );
}

/** The history's status filter; the value lives in the URL (see ApprovalsInbox). `pending` while the new page loads. */
export function ApprovalsToolbar({
  status,
  pending,
  onStatus,
}: {
  status: ApprovalStatus | null;
  pending: boolean;
  onStatus: (s: ApprovalStatus | null) => void;
}) {
  return (
    <ListToolbar pending={pending} onClear={status ? () => onStatus(null) : undefined} exportHref={serializeInboxFilters("/api/approvals/export", { status })}>
      <FilterSelect id="approvals-status" label="Status" width="w-56" value={status} all="Any status" options={statusOptions} onChange={onStatus} />
    </ListToolbar>
  );
}
