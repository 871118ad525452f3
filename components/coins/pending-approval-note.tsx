import Link from "next/link";

/** Said after a money movement was filed for a second approver: nothing has been sent yet. */
export function PendingApprovalNote({ summary, testId }: { summary: string; testId: string }) {
  return (
    <div role="status" className="grid gap-1 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm" data-testid={testId}>
      <p className="font-medium">Waiting for a second approver</p>
      <p>{summary}. Nothing has been sent yet; an approver decides in Approvals.</p>
      <p>
        <Link href="/approvals" className="underline underline-offset-4">
          Open approvals
        </Link>
      </p>
    </div>
  );
}
