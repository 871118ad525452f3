"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction, type FieldErrors } from "@/lib/server-actions/safe-action";
import { createRecipientSchema, fieldSentence, formPathOf, MESSAGES, toRecipientBody, type RecipientType } from "@/lib/recipients/schema";
import { db } from "@/lib/db";
import { UpstreamError } from "@/lib/upstream/errors";

/** `existing`: the provider matched these account details to a recipient it already had (fingerprint). */
export type CreateRecipientResult = { status: "created" | "existing"; id: string; replayed: boolean };

/**
 * The provider's field errors as sentences on the form's fields. Only the chosen type's fields and
 * the customer are on screen; anything else is named in the form's sentence, so nothing is lost.
 */
function refusal(err: UpstreamError, type: RecipientType): ActionError {
  const typeKey = type.toLowerCase();
  const fieldErrors: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const name = formPathOf(path);
    if (name === "customer_id") {
      fieldErrors[name] ??= /tier 2/i.test(message)
        ? MESSAGES.tier2
        : /banking.partner/i.test(message)
          ? MESSAGES.bankingPartner
          : fieldSentence(path, message);
    } else if (name.startsWith(`${typeKey}.`)) fieldErrors[name] ??= fieldSentence(path, message);
    else elsewhere.push(fieldSentence(path, message));
  }
  const error = elsewhere.length > 0 ? `${err.userMessage} The provider also said: ${elsewhere.join(" ")}` : err.userMessage;
  return new ActionError(error, fieldErrors);
}

/**
 * Saves a recipient with the provider. The form's attempt key is the idempotency key, so a double
 * click or a retry never sends twice. The provider deduplicates by the account details: when it
 * answers with a recipient it already had (200, not 201), that is said and nothing is audited,
 * since nothing changed.
 */
export const createRecipient = defineAction(
  { name: "create-recipient", permission: "recipient:create", input: createRecipientSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<CreateRecipientResult> => {
    const body = toRecipientBody(input);
    let saved;
    try {
      saved = await upstream.core.createRecipient(body, attempt!);
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === "validation") throw refusal(err, input.type);
      throw err;
    }
    const recipient = saved.data;
    const replayed = saved.replayed ?? false;
    const existing = saved.status === 200;
    // A replayed attempt was audited when it first went through.
    if (!existing && !replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "recipient.created",
          targetType: "recipient",
          targetId: recipient.id,
          environment: user.environment,
          after: {
            type: recipient.type,
            customer_id: recipient.customer_id ?? null,
            first_name: recipient.first_name ?? null,
            last_name: recipient.last_name ?? null,
          },
        }),
      );
    }
    revalidatePath("/recipients");
    return { status: existing ? "existing" : "created", id: recipient.id, replayed };
  },
);
