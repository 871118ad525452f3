"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { defineAction } from "@/lib/server-actions/safe-action";
import { switchEnvironmentSchema } from "@/lib/team/schemas";

/** Per user: every page reads the environment from the session, so nothing crosses between the two. */
export const switchEnvironment = defineAction(
  { name: "switch-environment", permission: "data:read", input: switchEnvironmentSchema },
  async ({ input, user, audit }) => {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { environment: input.environment } });
      await audit(tx, {
        action: "user.environment_switched",
        targetType: "user",
        targetId: user.id,
        before: { environment: user.environment },
        after: { environment: input.environment },
      });
    });
    revalidatePath("/", "layout");
    return { environment: input.environment };
  },
);
