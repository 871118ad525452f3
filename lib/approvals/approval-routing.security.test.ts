/**
 * Security: every server action that reaches the provider passes the one approval check
 * (`submitMoneyMovement` in lib/approvals/submit.ts), directly or through a helper it imports,
 * unless it is listed below with the reason it needs no second person. The actions are found on
 * disk, so an action added later is judged the moment its file exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, actionModules } from "@/test/surface";

/** Actions that reach the provider without the approval check, each with why that is safe. */
const EXEMPT: Record<string, string> = {
  "lib/pro/cancel-order.ts": "cancelling an order reduces exposure; it moves no money",
  "lib/pro/cancel-all-orders.ts": "cancelling orders reduces exposure; it moves no money",
  "lib/coins/cancel-order.ts": "cancelling an order reduces exposure; it moves no money",
  "lib/pro/quote-order.ts": "a quote is a read: nothing is placed",
  "lib/approvals/approve-request.ts": "the second person's approval: it sends only what the check filed and someone else requested",
  "lib/approvals/retry-request.ts": "resends an approved request with its stored attempt key: nothing a second person has not approved",
  "lib/approvals/reject-request.ts": "refuses a filed request; nothing is sent",
  "lib/approvals/cancel-request.ts": "the requester withdraws a filed request; nothing is sent",
  "lib/recipients/resolve-bank-account.ts": "a bank account look-up is a read",
  "lib/review/record-decision.ts": "reads the deposit; the decision itself is confirmed by a second approver (review flow)",
  "lib/funding-accounts/simulate-deposit.ts": "sandbox only: simulates a customer's deposit, no money of the merchant moves",
  "lib/recipients/create-recipient.ts": "saves a payee; paying it is a transfer, which passes the check",
  "lib/coins/create-address.ts": "saves a withdrawal address; sending to it is a Coins withdrawal, which passes the check",
  "lib/coins/rename-address.ts": "changes a saved address's label only",
  "lib/pro/create-webhook.ts": "provider notifications configuration; moves no money",
  "lib/pro/update-webhook.ts": "provider notifications configuration; moves no money",
  "lib/pro/pause-webhook.ts": "provider notifications configuration; moves no money",
  "lib/pro/resume-webhook.ts": "provider notifications configuration; moves no money",
  "lib/pro/delete-webhook.ts": "provider notifications configuration; moves no money",
  "lib/pro/rotate-webhook-secret.ts": "provider notifications configuration; moves no money",
  "lib/vault/add-api-key.ts": "checks a key against the provider (a read); key changes are a control of their own",
  "lib/vault/replace-api-key.ts": "checks a key against the provider (a read); key changes are a control of their own",
  "lib/vault/revoke-api-key.ts": "removes access; moves no money",
  "lib/ledger/refresh-action.ts": "asks the provider for a list or one record again (a read, as a sync job); moves no money",
};

/** Calls that reach the provider: the action context's clients, the upstream module, or an executor. */
const REACHES = [
  /from\s+["']@\/lib\/approvals\/(submit|decide)["']/,
  /\bupstream\.(core|pro|coins|stocks)\.\w+\(/,
  /from\s+["']@\/lib\/upstream(?:["']|\/(?!errors["']|attempt["']|types["'])[\w/-]+["'])/,
  /\b(runExecutor|upstreamFor)\(/,
];
const CHECK = /\bsubmitMoneyMovement\(/;

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** Local modules a file imports ("@/..." or relative), resolved to project paths. */
function imports(file: string): string[] {
  const out: string[] = [];
  for (const m of read(file).matchAll(/from\s+["']((?:@\/|\.\.?\/)[^"']+)["']/g)) {
    const spec = m[1]!;
    const base = spec.startsWith("@/") ? spec.slice(2) : path.posix.join(path.posix.dirname(file), spec);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => fs.existsSync(path.join(ROOT, f)));
    if (found) out.push(found);
  }
  return out;
}

/** Whether a module calls the approval check, itself or through the project modules it imports (not the engine itself). */
function passesCheck(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || file.startsWith("lib/approvals/")) return false;
  seen.add(file);
  if (CHECK.test(read(file))) return true;
  return imports(file).some((f) => passesCheck(f, seen));
}

/** Whether a module reaches the provider, itself or through a non-engine helper it imports. */
function reachesProvider(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  // The engine, client and vault are not followed into, but an action that lives in one of those
  // folders (approving a request, adding a key) is itself still walked.
  const followed = seen.size > 0;
  if (followed && (file.startsWith("lib/approvals/") || file.startsWith("lib/upstream/") || file.startsWith("lib/vault/"))) return false;
  seen.add(file);
  const src = read(file);
  if (REACHES.some((r) => r.test(src))) return true;
  return imports(file)
    .filter((f) => f.startsWith("lib/") && !f.startsWith("lib/server-actions/safe-action"))
    .some((f) => reachesProvider(f, seen));
}

// Every module whose first statement is "use server", wherever its feature keeps it: a folder
// filter here would let an action moved out of that folder skip the check unnoticed.
const actions = actionModules();
const reaching = actions.filter((f) => reachesProvider(f));

/** The money paths by file, so a move that hides one from the walk fails here. */
const MONEY_PATHS = [
  "lib/transfers/create-transfer.ts",
  "lib/withdrawals/create-withdrawal.ts",
  "lib/balances/move-balance.ts",
  "lib/pro/place-order.ts",
  "lib/pro/replace-order.ts",
  "lib/coins/place-order.ts",
  "lib/coins/create-crypto-withdrawal.ts",
  "lib/coins/create-fiat-withdrawal.ts",
  "lib/funding-accounts/create-funding-account.ts",
  "lib/funding-accounts/set-settlement-destination.ts",
  "lib/settlement/set-destination.ts",
  "lib/withdrawals/withdraw-from-balance.ts",
];

describe("every server action that reaches the provider passes the approval check", () => {
  it("finds the money paths on disk", () => {
    for (const f of MONEY_PATHS) expect(reaching, f).toContain(f);
  });

  it.each(reaching)("%s calls the approval check or is exempt with a reason", (file) => {
    if (file in EXEMPT) {
      // An exempt action must not be a money path in disguise: it never sends through the check's executors.
      expect(read(file)).not.toMatch(/\bsubmitMoneyMovement\(/);
      return;
    }
    expect(
      passesCheck(file),
      `${file} reaches the provider without submitMoneyMovement; route it through lib/approvals/submit.ts or add it to EXEMPT with its reason`,
    ).toBe(true);
  });

  it("lists only exempt actions that exist and reach the provider", () => {
    for (const [file, reason] of Object.entries(EXEMPT)) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
    const stale = Object.keys(EXEMPT).filter((f) => !reaching.includes(f) && !/api-key/.test(f));
    expect(stale).toEqual([]);
  });
});
