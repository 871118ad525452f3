"use client";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { APPROVAL_STATUSES, STATUS_LABEL, type ApprovalStatus } from "@/lib/approvals/schemas";

const statusOptions = APPROVAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }));

/** The history's status filter; the value lives in the URL (see ApprovalsInbox). */
export function ApprovalsToolbar({ status, onStatus }: { status: ApprovalStatus | null; onStatus: (s: ApprovalStatus | null) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect
        id="approvals-status"
        label="Status"
        className="w-56"
        value={status}
        all="Any status"
        options={statusOptions}
        onChange={(v) => onStatus(v as ApprovalStatus | null)}
      />
      {status ? (
        <Button variant="ghost" onClick={() => onStatus(null)}>
          Clear filter
        </Button>
      ) : null}
    </div>
  );
}
