"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";
import { retryMessage } from "@/lib/notifications/dispatch";
import { MAIL_DISPATCH } from "@/lib/notifications/jobs";
import { retryMailSchema } from "@/lib/notifications/schemas";

/** An admin's "retry now" for a mail that gave up after its retries: it is tried again at once. */
export const retryMail = defineAction({ name: "retry-mail", permission: "settings:manage", input: retryMailSchema }, async ({ input, user, audit }) => {
  const ok = await db.$transaction(async (tx) => {
    if (!(await retryMessage(user.organizationId, input.id, tx))) return false;
    await audit(tx, { action: "mail.retry_requested", targetType: "mail_message", targetId: input.id });
    return true;
  });
  if (!ok) throw new ActionError("This mail is no longer waiting for a retry. Reload the page to see its state.");
  await enqueue(MAIL_DISPATCH);
  revalidatePath("/settings/notifications");
  return { id: input.id };
});
