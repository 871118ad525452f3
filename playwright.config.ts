import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./scripts/machine/chromium";

// `npm test` starts the built app, the emulator and a fresh database, and passes E2E_BASE_URL;
// `npm run test:e2e` alone runs against an app already up (e.g. `npm run dev`).
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3000";

/**
 * The specs share one database, one emulator (its clock, faults, rate limit and webhook target)
 * and the seeded users, so they are sorted into two projects, and `npm test` runs every spec one at
 * a time. "shared-read" could run in parallel on a machine with more cores
 * (`npx playwright test --project=shared-read --workers=4`); on two cores, two workers made each test
 * two to four times slower and timed some out, for no gain in the whole run.
 *
 * "shared-read": specs that only read, or change only objects they create
 * (a deposit, a recipient, a teammate of their own) and no setting another spec can see. a11y,
 * headers and screenshots (most of the suite's tests) read page after page and also run their
 * own tests in parallel. Their counts never depend on another spec's objects.
 *
 * "exclusive": specs with an effect another spec would see; never beside another spec.
 * - api-keys, secrets: replace API keys and rotate the vault; production keys.
 * - approvals, balances, coins, transfers: approval thresholds (coins and transfers also the emulator's clock).
 * - deposits, stocks, withdrawals: move the emulator's clock.
 * - drills, funding-accounts: emulator faults; funding-accounts also freezes the merchant.
 * - notifications: the shared admins' mail preferences.
 * - overview: ages the demo Coins key; counts today's deposits (so no deposit may be added meanwhile).
 * - pro: the Pro key (read-only, then back), the clock and a fault.
 * - production, shell: the production switch of shared users; shell also their theme.
 * - review-queue: the outbound webhook address and the emulator's webhook target.
 * - scale-out: a second app instance, the emulator's webhook target, and it spends the rate budget.
 * - settlement: the settlement destination.
 * - sign-in: wrong passwords count against the address every spec signs in from.
 * - team: demotes, disables and re-roles users; the last-admin rule.
 */
const SHARED_READ = ["a11y", "drift", "events", "headers", "icons", "legacy", "live", "recipients", "roles", "screenshots", "search", "security", "time-zone"];
const sharedRead = new RegExp(`(^|/)(${SHARED_READ.join("|")})\\.spec\\.ts$`);
const chrome = { ...devices["Desktop Chrome"], channel: undefined };
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // Animations off (the CSS honours the setting): axe must not measure a toast or dialog mid-fade.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "shared-read", testMatch: sharedRead, use: chrome, dependencies: ["setup"] },
    { name: "exclusive", testMatch: /\.spec\.ts$/, testIgnore: sharedRead, use: chrome, dependencies: ["setup"], workers: 1 },
  ],
});
