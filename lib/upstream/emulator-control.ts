/**
 * The local emulator's control API, for emulator-only choices the provider's API does not offer.
 * Today one: the amount of a simulated deposit. The provider's simulator (`POST /v1/sandbox/deposits`)
 * takes `funding_account_id` and `scenario` only, so the app never sends it an amount; when the
 * sandbox is the emulator, the amount is set beforehand through `PUT /__emulator/sandbox-deposits/next-amount`.
 */
import "server-only";
import { env, type Env } from "@/lib/env";

const NEXT_AMOUNT_PATH = "/__emulator/sandbox-deposits/next-amount";
const CONTROL_TIMEOUT_MS = 5_000;

/**
 * The emulator's address when the sandbox core API is served by it (EMULATOR_URL set, same origin
 * as UPSTREAM_SANDBOX_CORE_URL); null against the provider's real sandbox.
 */
export function sandboxEmulatorUrl(e: Pick<Env, "EMULATOR_URL" | "UPSTREAM_SANDBOX_CORE_URL"> = env()): string | null {
  if (!e.EMULATOR_URL) return null;
  try {
    const emulator = new URL(e.EMULATOR_URL);
    return emulator.origin === new URL(e.UPSTREAM_SANDBOX_CORE_URL).origin ? emulator.origin : null;
  } catch {
    return null;
  }
}

export class EmulatorControlError extends Error {}

/** Sets (or, with null, withdraws) the amount of the account's next simulated deposit. */
export async function setNextSimulatedAmount(emulatorUrl: string, fundingAccountId: string, amount: string | null): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${emulatorUrl}${NEXT_AMOUNT_PATH}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ funding_account_id: fundingAccountId, amount }),
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    });
  } catch {
    throw new EmulatorControlError("The sandbox emulator could not be reached to set the amount. Try again, or leave the amount empty.");
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { error?: { details?: { issues?: { path: string; message: string }[] } } } | null;
  const issue = body?.error?.details?.issues?.find((i) => i.path === "amount");
  throw new EmulatorControlError(
    issue
      ? `The sandbox emulator refused this amount: it ${issue.message}.`
      : `The sandbox emulator did not accept the amount (HTTP ${res.status}). Leave the amount empty to use the default.`,
  );
}
