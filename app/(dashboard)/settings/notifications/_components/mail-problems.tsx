"use client";
import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { retryMail } from "@/lib/notifications/retry-mail";
import type { MailProblem } from "@/lib/notifications/dispatch";
import { DateTime } from "@/components/ui/date-time";

/** For admins: mail that could not be delivered, with the server's last answer and a "retry now" for mail that gave up. */
export function MailProblems({ rows }: { rows: MailProblem[] }) {
  const router = useRouter();
  const [busy, setBusy] = React.useState<string | null>(null);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Every mail was delivered or is on its way.</p>;
  return (
    <Table data-testid="mail-problems">
      <TableHeader>
        <TableRow>
          <TableHead>To</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead align="right">Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.toEmail}</TableCell>
            <TableCell className="max-w-64 truncate" title={r.subject}>
              {r.subject}
            </TableCell>
            <TableCell>
              {r.status === "failed" ? (
                `Gave up after ${r.attempts} attempts`
              ) : (
                <>
                  Retrying (attempt {r.attempts}), next at <DateTime value={r.nextAttemptAt} />
                </>
              )}
            </TableCell>
            <TableCell className="max-w-80 break-words text-sm">{r.lastError}</TableCell>
            <TableCell className="text-right">
              {r.status === "failed" ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === r.id}
                  onClick={async () => {
                    setBusy(r.id);
                    const res = await answerOrFailure(retryMail({ id: r.id }));
                    setBusy(null);
                    if (!res.ok) toast.error(res.error);
                    else toast.success(`Sending again to ${r.toEmail}.`);
                    router.refresh();
                  }}
                >
                  Retry now
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
