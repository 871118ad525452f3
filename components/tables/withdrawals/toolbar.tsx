"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { WITHDRAWAL_STATUSES } from "@/lib/withdrawals/schema";

const ALL = "__all";

/** The spec's status filter, in the URL (shareable); changing it goes back to the first page. */
export function WithdrawalsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates({ status: parseAsString, page: parseAsString }, { shallow: false, startTransition: start });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="withdrawals-toolbar">
      <div className="grid gap-1.5">
        <Label htmlFor="wd-status">Status</Label>
        <Select value={f.status ?? ALL} onValueChange={(v) => void setF({ status: v === ALL ? null : v, page: null })}>
          <SelectTrigger id="wd-status" className="w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {WITHDRAWAL_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {f.status ? (
        <Button variant="ghost" onClick={() => void setF({ status: null, page: null })}>
          Clear filter
        </Button>
      ) : null}
    </div>
  );
}
