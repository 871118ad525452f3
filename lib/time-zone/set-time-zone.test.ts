import { beforeEach, describe, expect, it, vi } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest, testSession } from "@/test/session";
import { BROWSER_ZONE_COOKIE } from "./zones";

// The browser's zone arrives in a cookie; each test sets what the browser reported.
const jar = vi.hoisted(() => ({ browser: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(testSession.headers),
  cookies: async () => ({
    get: (name: string) => (name === BROWSER_ZONE_COOKIE && jar.browser !== undefined ? { name, value: jar.browser } : undefined),
    set: () => undefined,
    delete: () => undefined,
  }),
}));

const { setTimeZone } = await import("./set-time-zone");
const { viewerTimeZone } = await import("./current");

let team: Awaited<ReturnType<typeof createTeam>>;
const signIn = async (who: "viewer" | "admin") => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
const stored = async (who: "viewer" | "admin") => (await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } })).timeZone;

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
  jar.browser = undefined;
});

describe("the time-zone setting", () => {
  it("refuses without a session and changes nothing", async () => {
    expect(await setTimeZone({ timeZone: "Africa/Lagos" })).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
    expect(await stored("viewer")).toBeNull();
  });

  it.each([
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["a zone in the wrong case", "africa/lagos"],
    ["an offset", "GMT+1"],
    ["an injection", "Africa/Lagos; DROP TABLE users"],
    ["a path", "../../etc/localtime"],
    ["an oversized value", "x".repeat(10_000)],
  ])("refuses %s at the field", async (_, timeZone) => {
    await signIn("viewer");
    const r = await setTimeZone({ timeZone });
    expect(r).toMatchObject({ ok: false, fieldErrors: { timeZone: "Choose a time zone from the list." } });
    expect(JSON.stringify(r)).not.toContain(timeZone.slice(0, 40));
    expect(await stored("viewer")).toBeNull();
  });

  it("lets any role choose its own zone, audited, and go back to the browser's", async () => {
    await signIn("viewer");
    expect(await setTimeZone({ timeZone: "Pacific/Auckland" })).toEqual({ ok: true, data: { timeZone: "Pacific/Auckland" } });
    expect(await stored("viewer")).toBe("Pacific/Auckland");
    expect(await stored("admin")).toBeNull(); // one person's choice only
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { action: "user.time_zone_set", actorId: team.viewer.id } });
    expect(audit).toMatchObject({ targetId: team.viewer.id, before: { timeZone: null }, after: { timeZone: "Pacific/Auckland" } });

    expect(await setTimeZone({ timeZone: "" })).toEqual({ ok: true, data: { timeZone: null } });
    expect(await stored("viewer")).toBeNull();
  });

  it("shows the setting first, else the browser's zone, else UTC; a forged cookie is ignored", async () => {
    const viewer = { timeZone: null };
    expect(await viewerTimeZone(viewer)).toEqual({ zone: "UTC", setting: null, browser: null });
    jar.browser = "America/New_York";
    expect(await viewerTimeZone(viewer)).toEqual({ zone: "America/New_York", setting: null, browser: "America/New_York" });
    jar.browser = "<script>alert(1)</script>";
    expect(await viewerTimeZone(viewer)).toEqual({ zone: "UTC", setting: null, browser: null });
    jar.browser = "Not/A_Zone";
    expect((await viewerTimeZone(viewer)).zone).toBe("UTC");

    await signIn("viewer");
    await setTimeZone({ timeZone: "Africa/Lagos" });
    jar.browser = "America/New_York";
    // The setting reaches pages with the session check (lib/auth/callbacks.ts reads the user's row).
    expect(await viewerTimeZone({ timeZone: await stored("viewer") })).toEqual({ zone: "Africa/Lagos", setting: "Africa/Lagos", browser: "America/New_York" });
  });
});
