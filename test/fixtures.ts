/**
 * Set-up the integration tests share: an emulator the app's sandbox points at, a team whose
 * organization holds a provider key, signing in as one of the team, and calling a route handler.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { StartEmulatorOptions } from "@/emulator/server";
import { SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import type { CreateTransferInput } from "@/lib/transfers/schema";
import { addApiKey } from "@/lib/vault";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb } from "./factories";
import { signInAs, signOutTest } from "./session";

export type Team = Awaited<ReturnType<typeof createTeam>>;
export type Who = "viewer" | "operator" | "approver" | "admin";
type KeyOptions = Partial<Omit<Parameters<typeof addApiKey>[1], "organizationId" | "actorId">>;

/**
 * A fresh emulator without a rate limit, with the app's sandbox addresses pointed at it. env() is
 * read lazily on first use, so setting the addresses before the first call is enough.
 */
export async function startSandbox(opts: Omit<StartEmulatorOptions, "port"> = {}): Promise<TestEmulator> {
  const emu = await withEmulator({ rateLimitPerMinute: 0, logLevel: "silent", ...opts });
  process.env.UPSTREAM_SANDBOX_CORE_URL = emu.url;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${emu.url}/pro`;
  return emu;
}

/**
 * The file's sandbox, started before its tests and closed after them, and before each test a fresh
 * team with a key and no one signed in. The hooks fill the fields in, so read them inside tests and
 * hooks only; hooks the file adds later run after these.
 */
export function sandboxAndTeamPerTest(): { emu: TestEmulator; team: Team } {
  const s = {} as { emu: TestEmulator; team: Team };
  beforeAll(async () => {
    s.emu = await startSandbox();
  });
  afterAll(async () => {
    await s.emu?.close();
  });
  beforeEach(async () => {
    s.team = await createTeamWithKey();
    signOutTest();
  });
  return s;
}

/** Stores a provider key for the organization as its admin would: by default the demo merchant's full sandbox core key. */
export async function storeApiKey(team: Pick<Team, "org" | "admin">, opts: KeyOptions = {}): Promise<void> {
  const { environment = "sandbox", surface = "core", key = SEED_KEYS.full, scopes = ["Read", "Write", "Trade"] } = opts;
  await testDb().$transaction((tx) => addApiKey(tx as never, { organizationId: team.org.id, environment, surface, key, scopes, actorId: team.admin.id }));
}

/** A fresh team (one user per role) whose organization holds a key, as `storeApiKey` stores it. */
export async function createTeamWithKey(opts: KeyOptions = {}): Promise<Team> {
  const team = await createTeam();
  await storeApiKey(team, opts);
  return team;
}

/** Signs in as one of the team, read again from the database so a changed session version counts. */
export async function signInAsMember(team: Pick<Team, Who>, who: Who): Promise<void> {
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
}

/** Calls a route handler as the browser would (with the dynamic segment's params, if any) and reads its JSON. */
export async function callRoute<T>(
  handler: (r: Request, c?: { params?: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  params?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const res = await handler(new Request(`http://app.test${path}`), params ? { params: Promise.resolve(params) } : undefined);
  return { status: res.status, body: (await res.json()) as T };
}

/** A Pro webhook delivery to the sandbox intake as the provider sends it: signed with `secret`, named by the body's type, with this delivery id. */
export function proDelivery(secret: string, body: string, webhookId: string, headers: Record<string, string> = {}): Request {
  return new Request("http://app.test/api/webhooks/sandbox/pro", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": signBody("pro", secret, body),
      "x-webhook-event": (JSON.parse(body) as { type: string }).type,
      "x-webhook-id": webhookId,
      ...headers,
    },
    body,
  });
}

/** A UK bank account held by an individual, Jane Smith, as a SWIFT recipient's `swift_bank_account` that the provider accepts. */
export const JANE_SMITH_SWIFT_ACCOUNT = {
  account_owner_name: "Jane Smith",
  account_owner_type: "individual",
  first_name: "Jane",
  last_name: "Smith",
  account_country: "GBR",
  iban: "GB82 WEST 1234 5698 7654 32",
  bic: "NWBKGB2L",
  category: "client",
  purpose_of_funds: ["invoice_for_goods_and_services"],
  short_business_description: "Consulting",
  address: { street_line_1: "1 Churchill Place", city: "London", postal_code: "E14 5HP", country: "GBR" },
  bank_address: { street_line_1: "250 Bishopsgate", city: "London", postal_code: "EC2M 4AA", country: "GBR" },
} as const;

/** A transfer's input paying a new NGN bank account the emulator's bank look-up knows (Funmilayo Bello at Access Bank). */
export function toNewBankAccount(amount: string): CreateTransferInput {
  return {
    attemptKey: randomUUID(),
    recipient_mode: "new",
    bank_code: "044",
    account_number: "0690000036",
    account_name: "Funmilayo Bello",
    currency: "NGN",
    amount,
  };
}

/** Requests waiting for a second person (balance moves of USD 1.00 the operator filed), as the approval queues count them. */
export function filePendingApprovals(team: Pick<Team, "org" | "operator">, count: number) {
  return testDb().approvalRequest.createMany({
    data: Array.from({ length: count }, () => ({
      organizationId: team.org.id,
      environment: "sandbox" as const,
      kind: "balance_move",
      payload: {},
      summary: "Move USD 1.00",
      amount: "1",
      currency: "USD",
      requestedById: team.operator.id,
      attemptKey: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  });
}
