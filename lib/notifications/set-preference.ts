"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { kindsForRole } from "@/lib/notifications/kinds";
import { setNotificationPreferenceSchema } from "@/lib/notifications/schemas";

/** Each person chooses for themselves, per kind, whether mail comes at once, in the daily digest, or not at all. */
export const setNotificationPreference = defineAction(
  { name: "set-notification-preference", permission: "data:read", input: setNotificationPreferenceSchema },
  async ({ input, user }) => {
    if (!kindsForRole(user.role).includes(input.kind)) throw new ActionError("Your role does not receive this kind of notification.");
    await db.notificationPreference.upsert({
      where: { userId_kind: { userId: user.id, kind: input.kind } },
      create: { userId: user.id, kind: input.kind, mode: input.mode },
      update: { mode: input.mode },
    });
    revalidatePath("/settings/notifications");
    return { kind: input.kind, mode: input.mode };
  },
);
