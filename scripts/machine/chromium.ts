/**
 * Debian's Chromium, for Playwright and the page and concurrency benchmarks: Playwright cannot
 * download its own browser on our machines, and the background-networking flags stop Chromium
 * calling hosts this network refuses. Listed in scripts/machine/README.md.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
