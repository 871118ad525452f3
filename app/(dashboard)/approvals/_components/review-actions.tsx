"use client";
import { useQueryClient } from "@tanstack/react-query";
import { SecondApprovalActions } from "@/components/review/second-approval";
import type { Inbox } from "@/lib/approvals/queries";
import { liveKeys } from "@/lib/live/query-keys";
import type { WaitingReviewRow } from "@/lib/review/waiting";

/**
 * A deposit review decision's buttons in the inbox: the review's own confirm / reject (withdraw for
 * its requester), as on the deposit's page and in the review queue. The decided row leaves the
 * open lists at once; the refetch that follows confirms it.
 */
export function ReviewActions({ row, viewerId }: { row: WaitingReviewRow; viewerId: string }) {
  const queryClient = useQueryClient();
  if (!row.canDecide && !row.mine) return <span className="sr-only">No actions</span>;
  return (
    <div className="flex justify-end">
      <SecondApprovalActions
        decision={{
          id: row.id,
          depositId: row.depositId,
          decision: row.decision,
          decidedBy: { id: row.requestedBy?.id ?? "", name: row.requestedBy?.name ?? "a former teammate" },
        }}
        currentUserId={viewerId}
        size="sm"
        context={`on deposit ${row.depositId}`}
        onDecided={() => {
          queryClient.setQueriesData<Inbox>({ queryKey: liveKeys.approvals() }, (inbox) =>
            inbox?.reviews
              ? {
                  ...inbox,
                  reviews: { waiting: inbox.reviews.waiting.filter((r) => r.id !== row.id), mine: inbox.reviews.mine.filter((r) => r.id !== row.id) },
                }
              : inbox,
          );
          void queryClient.invalidateQueries({ queryKey: liveKeys.approvals() });
          void queryClient.invalidateQueries({ queryKey: liveKeys.list("deposit") });
        }}
      />
    </div>
  );
}
