"use server";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { SIMULATE_PRODUCTION_REFUSAL, simulateDepositSchema } from "@/lib/funding-accounts/schema";
import { EmulatorControlError, sandboxEmulatorUrl, setNextSimulatedAmount } from "@/lib/upstream/emulator-control";

const DEPOSIT_ID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
const NO_AMOUNT_UPSTREAM =
  "The provider's sandbox simulator does not take an amount: it uses the account's expected amount or its default. Leave the amount empty.";

/**
 * Sandbox only: asks the provider's simulator for a deposit on one funding account, with a scenario
 * or the production-like default flow. Refused in production even if a form were forged, since the
 * real provider has no simulator and the call could only fail or mislead.
 *
 * The simulator documents `funding_account_id` and `scenario` only, and that is all it is sent. A
 * chosen amount is an emulator-only choice: when the sandbox is the local emulator it is set first
 * through the emulator's control API; against the provider's sandbox it is refused at the field.
 */
export const simulateDeposit = defineAction(
  { name: "simulate-deposit", permission: "funding:create", input: simulateDepositSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<{ depositId: string | null; message: string }> => {
    if (user.environment !== "sandbox") throw new ActionError(SIMULATE_PRODUCTION_REFUSAL);
    const emulator = input.amount !== "" ? sandboxEmulatorUrl() : null;
    if (input.amount !== "" && !emulator) throw new ActionError(NO_AMOUNT_UPSTREAM, { amount: NO_AMOUNT_UPSTREAM });
    const body: { funding_account_id: string; scenario?: string } = { funding_account_id: input.funding_account_id };
    if (input.scenario !== "default") body.scenario = input.scenario;

    if (emulator) {
      try {
        await setNextSimulatedAmount(emulator, input.funding_account_id, input.amount);
      } catch (err) {
        if (err instanceof EmulatorControlError) throw new ActionError(err.message, { amount: err.message });
        throw err;
      }
    }
    let r;
    try {
      r = await upstream.core.simulateDeposit(body, attempt!);
    } finally {
      // A deposit that was made used the amount; one that failed, or a replay of an earlier
      // submission, did not, and the amount must not linger for the account's next deposit.
      if (emulator) await setNextSimulatedAmount(emulator, input.funding_account_id, null).catch(() => undefined);
    }
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
