/**
 * The suite's Playwright fixtures. Specs import `test` and `expect` from here instead of
 * "@playwright/test" (everything else of it is re-exported), and get:
 * - every browser context a test opens closed when it ends, passed or failed (see below);
 * - `pageAs(role)`: a page signed in as that role, in a context of its own;
 * - `axe(page, where)`: the accessibility check (also exported as expectNoViolations for helpers);
 * - `emulator`: the emulator's control API (clock, faults, sandbox deposits).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { emulatorUrl, simulateDeposit } from "./emulator";
import { storageStateOf, type E2ERole } from "./roles";

export * from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * No axe violation on the page as it is now. Legacy mode runs axe.run() in the page itself; the
 * default (runPartial per frame, then finishRun in a new blank page) injects axe's 500 KB twice and
 * opens a page per check, which doubled the check's time. Our pages have no frames for it to visit.
 */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe violations on ${where}`).toEqual([]);
}

/** A fault the emulator injects on matching provider paths (POST /__emulator/faults). */
export type EmulatorFault = Record<string, unknown>;

export interface EmulatorControl {
  url: string;
  /** Moves the emulator's clock on, so provider-side state changes happen now. */
  advanceClock(ms: number): Promise<void>;
  addFault(fault: EmulatorFault): Promise<void>;
  clearFaults(): Promise<void>;
  /** A sandbox deposit, as the provider's sandbox makes one; returns its id. */
  simulateDeposit(scenario: "COMPLETED" | "REQUIRES_REVIEW"): Promise<string>;
}

function emulatorControl(request: APIRequestContext): EmulatorControl {
  const url = emulatorUrl();
  const ok = async (res: Awaited<ReturnType<APIRequestContext["get"]>>) => expect(res.ok(), await res.text()).toBe(true);
  return {
    url,
    advanceClock: async (ms) => ok(await request.post(`${url}/__emulator/clock`, { data: { advance_ms: ms } })),
    addFault: async (fault) => ok(await request.post(`${url}/__emulator/faults`, { data: fault })),
    clearFaults: async () => ok(await request.delete(`${url}/__emulator/faults`)),
    simulateDeposit: (scenario) => simulateDeposit(request, scenario),
  };
}

interface Fixtures {
  /** Signed in as this role, in a context of its own (closed with the test). */
  pageAs: (role: E2ERole, options?: BrowserContextOptions) => Promise<Page>;
  axe: (page: Page, where: string) => Promise<void>;
  emulator: EmulatorControl;
  _closeOpenedContexts: void;
}

export const test = base.extend<Fixtures>({
  // A context a test opens with browser.newContext() or browser.newPage() lives in the worker's
  // browser, which runs the whole suite: one left open (a test that forgot, or failed before its
  // close) kept its pages running to the end, with their live stream, timers and refetches, and
  // was traced again at the start of every later test. Contexts from a beforeAll are left alone:
  // the file's later tests may use them.
  _closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
  pageAs: async ({ browser }, use) => {
    await use(async (role, options) => {
      const context = await browser.newContext({ ...options, storageState: storageStateOf(role) });
      return context.newPage();
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; none here.
  axe: async ({}, use) => use(expectNoViolations),
  emulator: async ({ request }, use) => use(emulatorControl(request)),
});

export { expect };
