/**
 * The API keys page rendered on the server as each role, against a real database: what reaches
 * the HTML is masks and metadata, never a key or a secret.
 */
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ApiKeysPage from "@/app/(dashboard)/settings/api-keys/page";
import { db } from "@/lib/db";
import * as vault from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${to}`), { digest: `NEXT_REDIRECT;${to}` });
  },
  usePathname: () => "/settings/api-keys",
  useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }),
  useSearchParams: () => new URLSearchParams(),
}));

const FULL = "sk_sandbox_demo_full_4f9c2a7e1b3d";
const SECRET_OLD = "whsec_page_old_secret_0000aaaa";
const SECRET_NEW = "whsec_page_new_secret_1111bbbb";
let team: Awaited<ReturnType<typeof createTeam>>;

async function render(search = ""): Promise<string> {
  const element = await ApiKeysPage();
  return renderToStaticMarkup(<NuqsTestingAdapter searchParams={search}>{element}</NuqsTestingAdapter>);
}

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("API keys page", () => {
  it("sends roles without keys:manage to the forbidden page", async () => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[role].id } }));
      await expect(render()).rejects.toThrow("NEXT_REDIRECT /forbidden");
    }
  });

  it("shows empty slots and the empty state before any key is added", async () => {
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));
    const html = await render();
    expect(html).toContain('data-testid="keys-empty-sandbox"');
    expect(html.match(/Not set/g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain("Add the Sandbox Core key");
  });

  it("shows masks, scopes, who added and the rotation window, and never a value", async () => {
    await db.$transaction(async (tx) => {
      await vault.addApiKey(tx, {
        organizationId: team.org.id,
        environment: "sandbox",
        surface: "core",
        key: FULL,
        scopes: ["Read", "Write"],
        actorId: team.admin.id,
      });
      await vault.setWebhookSecret(tx, { organizationId: team.org.id, environment: "sandbox", surface: "pro", secret: SECRET_OLD, actorId: team.admin.id });
      await vault.setWebhookSecret(tx, { organizationId: team.org.id, environment: "sandbox", surface: "pro", secret: SECRET_NEW, actorId: team.admin.id });
    });
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team.admin.id } }));
    const html = await render("?env=sandbox");
    expect(html).toContain("sk_sandbox_…1b3d");
    expect(html).toContain("whsec_…bbbb");
    expect(html).toContain("whsec_…aaaa");
    expect(html).toContain("still accepted until");
    expect(html).toContain(team.admin.name);
    expect(html).toContain("Replace the Sandbox Core key");
    expect(html).not.toContain('data-testid="keys-empty-sandbox"');
    for (const secret of [FULL, SECRET_OLD, SECRET_NEW]) expect(html).not.toContain(secret);
  });
});
