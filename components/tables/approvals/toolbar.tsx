"use client";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { APPROVAL_STATUSES, STATUS_LABEL, type ApprovalStatus } from "@/lib/approvals/schemas";

const ALL = "__all";

/** The history's status filter; the value lives in the URL (see ApprovalsInbox). */
export function ApprovalsToolbar({ status, onStatus }: { status: ApprovalStatus | null; onStatus: (s: ApprovalStatus | null) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="approvals-status">Status</Label>
        <Select value={status ?? ALL} onValueChange={(v) => onStatus(v === ALL ? null : (v as ApprovalStatus))}>
          <SelectTrigger id="approvals-status" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Any status</SelectItem>
            {APPROVAL_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABEL[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {status ? (
        <Button variant="ghost" onClick={() => onStatus(null)}>
          Clear filter
        </Button>
      ) : null}
    </div>
  );
}
