/**
 * The authorisation matrix: every server action and every route handler, found on disk, called
 * directly as each role and signed out, is allowed exactly when lib/auth/permissions.ts says so.
 *
 * Each call goes through the real check with input that passes the check but fails validation, so
 * an allowed role gets a validation answer (nothing runs), a refused one gets the refusal sentence.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { approveRequest } from "@/lib/approvals/approve-request";
import { actionDefinition } from "@/lib/server-actions/safe-action";
import { isControlKind, requestControlChange } from "@/lib/approvals/controls";
import { listExecutors } from "@/lib/approvals/executors/index";
import { holdApiKey } from "@/lib/vault";
import { PERMISSIONS, ROLES, can, type Role } from "@/lib/auth/permissions";
import { routeDefinition } from "@/lib/http/route";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { HTTP_METHODS, PUBLIC_ACTIONS, PUBLIC_ROUTES, ROOT, actionModules, fieldNames, load, routeModules, routePath } from "@/test/surface";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";

const SIGNED_OUT = "Your session has ended. Sign in again.";
const REFUSED = "Your role does not allow this. Ask an admin if you need it.";
const INVALID = "Some fields need attention.";

let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (who: Role | "signed out") => {
  if (who === "signed out") return signOutTest();
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
};
const CALLERS = ["signed out", ...ROLES] as const;

beforeAll(async () => {
  team = await createTeam();
});

const actionFiles = actionModules();
const routeFiles = routeModules();

describe("discovery", () => {
  it("finds the server actions and route handlers on disk", () => {
    expect(actionFiles.length).toBeGreaterThan(20);
    expect(actionFiles).toContain("lib/withdrawals/create-withdrawal.ts");
    expect(actionFiles).toContain("lib/withdrawals/withdraw-from-balance.ts");
    expect(routeFiles).toContain("app/api/withdrawals/route.ts");
    expect(routeFiles).toContain("app/api/live/route.ts");
  });

  it("lists only public entry points that still exist", async () => {
    for (const key of Object.keys(PUBLIC_ACTIONS)) {
      const [file, name] = key.split("#") as [string, string];
      expect(fs.existsSync(path.join(ROOT, file)), key).toBe(true);
      expect(typeof (await load(file))[name], key).toBe("function");
    }
    for (const file of Object.keys(PUBLIC_ROUTES)) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});

/** An input the schema refuses, so an allowed caller is stopped by validation before anything runs. */
function refusedInput(schema: z.ZodType): unknown {
  const candidates: unknown[] = [{}, null, Object.fromEntries(fieldNames(schema).map((k) => [k, { not: "a value" }]))];
  const found = candidates.find((c) => !schema.safeParse(c).success);
  if (found === undefined) throw new Error("no input found that this schema refuses");
  return found;
}

describe.each(actionFiles)("server actions in %s", (file) => {
  it("declare a permission from the table for every exported action", async () => {
    const mod = await load(file);
    const undeclared = Object.entries(mod)
      .filter(([name, fn]) => typeof fn === "function" && !actionDefinition(fn) && !(`${file}#${name}` in PUBLIC_ACTIONS))
      .map(([name]) => name);
    // A new action must go through defineAction (or be added to PUBLIC_ACTIONS with its reason).
    expect(undeclared).toEqual([]);
    for (const fn of Object.values(mod)) {
      const def = actionDefinition(fn);
      if (def) expect(PERMISSIONS).toContain(def.permission);
    }
  });

  it.each(CALLERS)("allow exactly what the table says when called %s", async (who) => {
    const mod = await load(file);
    await as(who);
    for (const [name, fn] of Object.entries(mod)) {
      const def = actionDefinition(fn);
      if (!def) continue;
      const result = await (fn as (i: unknown) => Promise<{ ok: boolean; error?: string }>)(refusedInput(def.input));
      const expected = who === "signed out" ? SIGNED_OUT : can(who, def.permission) ? INVALID : REFUSED;
      expect({ action: name, permission: def.permission, ok: result.ok, error: result.error }).toEqual({
        action: name,
        permission: def.permission,
        ok: false,
        error: expected,
      });
    }
  });
});

/** A query the route's schema refuses, when there is one (else the handler itself runs). */
function refusedQuery(schema: z.ZodType | undefined): string {
  if (!schema) return "";
  for (const field of fieldNames(schema)) {
    for (const value of ["not-a-valid-value", "-1", "x".repeat(5_000), "9".repeat(400)]) {
      if (!schema.safeParse({ [field]: value }).success) return `?${new URLSearchParams({ [field]: value })}`;
    }
  }
  return "";
}

async function callRoute(file: string, handler: unknown, query: string) {
  const { url, params } = routePath(file, () => "not-a-real-id");
  const abort = new AbortController();
  const res = await (handler as (r: Request, c: unknown) => Promise<Response>)(
    new Request(`http://localhost${url}${query}`, { headers: { "x-request-id": "authz-matrix" }, signal: abort.signal }),
    { params: Promise.resolve(params) },
  );
  const type = res.headers.get("content-type") ?? "";
  const body = type.includes("json") ? ((await res.json()) as { error?: string }) : null;
  abort.abort(); // ends a live stream that opened
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, body };
}

describe.each(routeFiles.filter((f) => !(f in PUBLIC_ROUTES)))("route handlers in %s", (file) => {
  it("declare a permission from the table for every exported method", async () => {
    const mod = await load(file);
    const methods = HTTP_METHODS.filter((m) => typeof mod[m] === "function");
    expect(methods.length).toBeGreaterThan(0);
    // A new route must go through defineRoute (or be added to PUBLIC_ROUTES with its reason).
    expect(methods.filter((m) => !routeDefinition(mod[m]))).toEqual([]);
    for (const m of methods) expect(PERMISSIONS).toContain(routeDefinition(mod[m])!.permission);
  });

  it.each(CALLERS)("allow exactly what the table says when called %s", async (who) => {
    const mod = await load(file);
    await as(who);
    for (const method of HTTP_METHODS) {
      const def = routeDefinition(mod[method]);
      if (!def) continue;
      const query = refusedQuery(def.query);
      const { status, body } = await callRoute(file, mod[method], query);
      const label = `${method} ${file}${query ? " (invalid query)" : ""}`;
      if (who === "signed out") expect({ label, status, error: body?.error }).toEqual({ label, status: 401, error: SIGNED_OUT });
      else if (!can(who, def.permission)) expect({ label, status, error: body?.error }).toEqual({ label, status: 403, error: REFUSED });
      else if (query) expect({ label, status }).toEqual({ label, status: 400 });
      else expect([401, 403, 500], `${label}: ${status} ${body?.error ?? ""}`).not.toContain(status);
    }
  });
});

/**
 * Who may loosen each control. The "asks" column is the action's own permission (checked above);
 * nobody applies a loosening alone: it waits for a different person who may decide approvals
 * ("approves"), or, with no such person, applies after an announced delay (lib/approvals/controls.ts).
 * Tightening (a lower limit, a role taken away, a disabled user) applies at once for "asks".
 */
const LOOSENING: { file: string; control: string; loosening: string; asks: Role[]; approves: Role[]; via?: string }[] = [
  {
    file: "lib/approvals/set-threshold.ts",
    control: "approval limit",
    loosening: "raise, or remove a kind's limit under a higher one",
    asks: ["admin"],
    approves: ["approver", "admin"],
  },
  { file: "lib/team/change-role.ts", control: "role", loosening: "grant approver or admin", asks: ["admin"], approves: ["approver", "admin"] },
  {
    file: "lib/team/add-user.ts",
    control: "role",
    loosening: "add someone as approver or admin (starts as viewer)",
    asks: ["admin"],
    approves: ["approver", "admin"],
  },
  {
    file: "lib/team/issue-invite.ts",
    control: "sign-in link",
    loosening: "new link for an active approver or admin",
    asks: ["admin"],
    approves: ["approver", "admin"],
  },
  { file: "lib/approvals/set-velocity-limit.ts", control: "24-hour limit", loosening: "raise or remove one", asks: ["admin"], approves: ["approver", "admin"] },
  {
    file: "lib/review/set-outbound-webhook.ts",
    control: "outbound webhook address",
    loosening: "set or change the address",
    asks: ["admin"],
    approves: ["approver", "admin"],
  },
  {
    file: "lib/vault/add-api-key.ts",
    control: "API key",
    loosening: "add a key",
    asks: ["admin"],
    approves: ["approver", "admin"],
    via: "lib/vault/hold.ts",
  },
  {
    file: "lib/vault/replace-api-key.ts",
    control: "API key",
    loosening: "replace a key",
    asks: ["admin"],
    approves: ["approver", "admin"],
    via: "lib/vault/hold.ts",
  },
];

describe.each(LOOSENING)("loosening $control in $file", ({ file, asks, approves, via }) => {
  it("is asked for by exactly the roles in the table and approved by exactly the deciding roles", async () => {
    const mod = await load(file);
    const defs = Object.values(mod)
      .map((fn) => actionDefinition(fn))
      .filter((d) => d !== undefined);
    expect(defs.length).toBe(1);
    expect(ROLES.filter((r) => can(r, defs[0]!.permission))).toEqual(asks);
    expect(ROLES.filter((r) => can(r, "approval:decide"))).toEqual(approves);
  });

  it("goes through the dual-control request rather than applying at once", () => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    if (!via) return expect(source).toContain("requestControlChange(");
    // Through one helper that files it (the API key actions hold the key in the vault first).
    expect(source).toContain(`from "@/${via.replace(/\.ts$/, "")}"`);
    expect(fs.readFileSync(path.join(ROOT, via), "utf8")).toContain("requestControlChange(");
  });
});

/**
 * Every control kind, filed by an admin: who may approve it is decided by the same check whatever
 * the kind. The requester may not, nor may the person a change is about, nor a role that does not
 * decide approvals; a deciding role other than the requester may. A new control kind without a
 * sample here fails the first test.
 */
const SAMPLES: Record<string, (t: typeof team, subjectId: string) => Promise<unknown>> = {
  control_threshold: async () => ({ kind: "*", kindLabel: "any-kind", currency: "USD", amount: "5000" }),
  control_velocity: async () => ({ scope: "organization", currency: "USD", before: "100", amount: "5000" }),
  control_role: async (_t, subjectId) => ({ userId: subjectId, name: "Subject", from: "approver", role: "admin" }),
  control_invite: async (_t, subjectId) => ({ userId: subjectId, name: "Subject", role: "approver" }),
  control_outbound_webhook: async () => ({ environment: "sandbox", url: "https://93.184.216.34/hooks", enabled: true, before: null }),
  control_api_key: async (t) => {
    const held = await testDb().$transaction((tx) =>
      holdApiKey(tx as never, {
        organizationId: t.org.id,
        environment: "sandbox",
        surface: "core",
        key: "sk_sandbox_matrix_0123456789",
        scopes: ["Read"],
        actorId: t.admin.id,
      }),
    );
    return { heldId: held.id, environment: "sandbox", surface: "core", scopes: ["Read"], last4: held.last4, replacesId: null, replacesLast4: null };
  },
};

describe("who may approve each control kind", () => {
  const controlKinds = listExecutors()
    .map((e) => e.kind)
    .filter(isControlKind)
    .sort();

  it("has a sample for every control kind", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(controlKinds);
  });

  it.each(controlKinds)("%s: not the requester, not the subject, not a non-deciding role; a deciding role may", async (kind) => {
    const t = await createTeam();
    const subject = await testDb().user.create({
      data: { organizationId: t.org.id, email: `subject-${t.tag}@test.example`, name: "Subject", role: "approver" },
    });
    const filed = await requestControlChange({
      kind,
      payload: await SAMPLES[kind]!(t, subject.id),
      user: { id: t.admin.id, email: t.admin.email, organizationId: t.org.id },
      environment: "sandbox",
      request: { requestId: "authz-matrix", ip: null, userAgent: null },
    });
    const approveAs = async (id: string) => {
      signInAs(await testDb().user.findUniqueOrThrow({ where: { id } }));
      return approveRequest({ requestId: filed.requestId });
    };
    expect(await approveAs(t.admin.id)).toEqual({ ok: false, error: "You requested this, so someone else must approve it." });
    for (const role of ROLES.filter((r) => !can(r, "approval:decide"))) {
      expect(await approveAs(t[role].id), role).toEqual({ ok: false, error: REFUSED });
    }
    if (kind === "control_role" || kind === "control_invite") {
      expect(await approveAs(subject.id)).toEqual({ ok: false, error: "This change is about you, so someone else must approve it." });
    }
    const decided = await approveAs(t.approver.id);
    expect(decided).toMatchObject({ ok: true, data: { requestId: filed.requestId } });
    expect((await testDb().approvalRequest.findUniqueOrThrow({ where: { id: filed.requestId } })).decidedById).toBe(t.approver.id);
    signOutTest();
  });
});
