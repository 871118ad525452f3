/**
 * Pausing and resuming a Pro webhook are one change with two directions: set its status at the
 * provider, write the audit row, refresh the webhook list.
 */
import "server-only";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import type { ActionContext } from "@/lib/server-actions/safe-action";

const AUDIT_ACTION = { paused: "pro_webhook.paused", active: "pro_webhook.resumed" } as const;

export async function setProWebhookStatus({ input, user, upstream, attempt, audit }: ActionContext<{ id: string }>, status: keyof typeof AUDIT_ACTION) {
  const r = await upstream.pro.updateWebhook(input.id, { status }, attempt!);
  await db.$transaction((tx) =>
    audit(tx, {
      action: AUDIT_ACTION[status],
      targetType: "pro_webhook",
      targetId: input.id,
      environment: user.environment,
      after: { status: r.data.status },
    }),
  );
  revalidatePath("/pro/webhooks");
  return { id: r.data.id, status: r.data.status };
}
