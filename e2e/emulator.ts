import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

// The emulator's seeded full-access sandbox key for the demo merchant (public test data).
export const DEMO_SANDBOX_KEY = "sk_sandbox_demo_full_4f9c2a7e1b3d";

export function emulatorUrl(): string {
  const url = process.env.E2E_EMULATOR_URL;
  if (!url) throw new Error("E2E_EMULATOR_URL is not set: run this spec through `npm test`, which starts the emulator.");
  return url;
}

/**
 * Simulates a deposit in the emulator, as the provider's sandbox would, and returns its id. A
 * COMPLETED deposit needs an ACTIVE account whose settlement destination is complete, so each
 * ACTIVE account is tried in turn; REQUIRES_REVIEW works on any account.
 */
export async function simulateDeposit(request: APIRequestContext, scenario: "COMPLETED" | "REQUIRES_REVIEW"): Promise<string> {
  const base = emulatorUrl();
  const filter = scenario === "COMPLETED" ? "status=ACTIVE&limit=50" : "limit=20";
  const list = await request.get(`${base}/v1/funding-accounts?${filter}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(list.ok(), await list.text()).toBe(true);
  const accounts = ((await list.json()) as { data: { id: string }[] }).data;
  expect(accounts.length, "the emulator seed has a funding account to use").toBeGreaterThan(0);
  const refusals: string[] = [];
  for (const account of accounts) {
    const res = await request.post(`${base}/v1/sandbox/deposits`, {
      headers: { "X-Api-Key": DEMO_SANDBOX_KEY, "X-Idempotency-Key": randomUUID() },
      data: { funding_account_id: account.id, scenario },
    });
    if (res.status() === 201) {
      const { message } = (await res.json()) as { message: string };
      const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(message)?.[1];
      expect(id, message).toBeTruthy();
      return id!;
    }
    refusals.push(`${account.id}: ${res.status()} ${await res.text()}`);
  }
  throw new Error(`No funding account accepted a ${scenario} deposit:\n${refusals.join("\n")}`);
}

/** How many balance moves the provider holds, and the newest one. */
export async function providerBalanceMoves(request: APIRequestContext): Promise<{ total: number; newest: { id: string; amount_usd: string } | undefined }> {
  const res = await request.get(`${emulatorUrl()}/v1/merchant/balance/transfers?limit=1`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { total: number; data: { id: string; amount_usd: string }[] };
  return { total: body.total, newest: body.data[0] };
}
