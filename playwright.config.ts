import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./scripts/machine/chromium";

// `npm test` starts the built app, the emulator and a fresh database, and passes E2E_BASE_URL;
// `npm run test:e2e` alone runs against an app already up (e.g. `npm run dev`).
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3000";

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
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, dependencies: ["setup"] },
  ],
});
