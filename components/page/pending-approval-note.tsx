import { Link } from "@/components/ui/link";

/**
 * Said after a money movement was filed for a second approver (every four-eyes form shows it):
 * nothing has reached the provider yet. `untouched` says what has not happened, e.g. "sent".
 */
export function PendingApprovalNote({ summary, testId, untouched = "sent" }: { summary: string; testId: string; untouched?: string }) {
  return (
    <div role="status" className="grid gap-1 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm" data-testid={testId}>
      <p className="font-medium">Waiting for a second approver</p>
      <p>
        {summary}. Nothing has been {untouched} yet; a person with the approver role decides in Approvals before the request expires.
      </p>
      <p>
        <Link href="/approvals" className="underline underline-offset-4">
          Open approvals
        </Link>
      </p>
    </div>
  );
}
