"use server";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { SIMULATE_PRODUCTION_REFUSAL, simulateDepositSchema } from "@/lib/funding-accounts/schema";

const DEPOSIT_ID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/**
 * Sandbox only: asks the provider's simulator for a deposit on one funding account, with a scenario
 * or the production-like default flow. Refused in production even if a form were forged, since the
 * real provider has no simulator and the call could only fail or mislead.
 */
export const simulateDeposit = defineAction(
  { name: "simulate-deposit", permission: "funding:create", input: simulateDepositSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<{ depositId: string | null; message: string }> => {
    if (user.environment !== "sandbox") throw new ActionError(SIMULATE_PRODUCTION_REFUSAL);
    const body: { funding_account_id: string; scenario?: string; amount?: string } = { funding_account_id: input.funding_account_id };
    if (input.scenario !== "default") body.scenario = input.scenario;
    if (input.amount !== "") body.amount = input.amount;
    const r = await upstream.core.simulateDeposit(body, attempt!);
    const message = r.data.message ?? "The simulated deposit was sent.";
    const depositId = DEPOSIT_ID.exec(message)?.[1] ?? null;
    if (!r.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "deposit.simulated",
          targetType: "funding_account",
          targetId: input.funding_account_id,
          environment: user.environment,
          after: { scenario: input.scenario, amount: input.amount || null, deposit_id: depositId },
        }),
      );
    }
    return { depositId, message };
  },
);
