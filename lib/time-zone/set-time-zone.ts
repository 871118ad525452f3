"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { defineAction } from "@/lib/server-actions/safe-action";
import { setTimeZoneSchema } from "@/lib/time-zone/schemas";

/** Each person's own: every time they see, and the days their date filters pick, follow it. */
export const setTimeZone = defineAction({ name: "set-time-zone", permission: "data:read", input: setTimeZoneSchema }, async ({ input, user, audit }) => {
  const timeZone = input.timeZone || null;
  await db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { timeZone: true } });
    await tx.user.update({ where: { id: user.id }, data: { timeZone } });
    await audit(tx, { action: "user.time_zone_set", targetType: "user", targetId: user.id, before: { timeZone: before.timeZone }, after: { timeZone } });
  });
  // Every page shows times; the layout provides the zone.
  revalidatePath("/", "layout");
  return { timeZone };
});
