/**
 * Secrets for local use (auth secret, vault master key), generated on first run into the ignored
 * `.data/local.env`, and kept across runs so sessions and encrypted data survive a restart. Not
 * `.env.local`: Next loads that file by itself into every app it starts here, including the test
 * run's, which must see only the settings it passes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const FILE = path.resolve(__dirname, "../.data/local.env");

export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  return out;
}

export function ensureLocalEnv(extra: Record<string, string> = {}): Record<string, string> {
  const current = fs.existsSync(FILE) ? parseEnvFile(fs.readFileSync(FILE, "utf8")) : {};
  const wanted: Record<string, string> = {
    AUTH_SECRET: current.AUTH_SECRET ?? crypto.randomBytes(32).toString("base64"),
    VAULT_MASTER_KEY: current.VAULT_MASTER_KEY ?? crypto.randomBytes(32).toString("base64"),
    VAULT_MASTER_KEY_ID: current.VAULT_MASTER_KEY_ID ?? "local-1",
    ...current,
    ...extra,
  };
  const changed = Object.keys(wanted).some((k) => wanted[k] !== current[k]);
  if (changed) {
    const body = Object.entries(wanted)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n");
    fs.mkdirSync(path.dirname(FILE), { recursive: true });
    fs.writeFileSync(FILE, `# Generated for local use by \`npm run dev\`; never commit this file.\n${body}\n`, { mode: 0o600 });
  }
  return wanted;
}
