import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../server";
import { SEED_KEYS } from "../testing";

const root = path.resolve(__dirname, "../..");

describe("emulator process", () => {
  it("prints its URL, serves, and flushes state on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "emulator-proc-"));
    try {
      const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "emulator/server.ts"], {
        cwd: root,
        env: { ...process.env, EMULATOR_PORT: "0", EMULATOR_DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m?.[1]) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.on("exit", (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/__emulator/health`)).status).toBe(200);
      await fetch(`${url}/__emulator/clock`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"advance_ms":12345}' });
      const exitCode = await new Promise<number | null>((resolve) => {
        child.on("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      });
      expect(exitCode).toBe(0);
      const state = JSON.parse(await readFile(path.join(dataDir, "state.json"), "utf8")) as { clockOffsetMs: number };
      expect(state.clockOffsetMs).toBe(12345);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("real surfaces", () => {
  let emu: RunningEmulator;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "emulator-real-"));
    emu = await startEmulator({ port: 0, dataDir });
  });
  afterAll(async () => {
    await emu.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("registers all four surfaces, each behind auth with its own error shape", async () => {
    const names = emu.platform.modules.map((m) => m.name).sort();
    expect(names).toEqual(["coins", "core", "pro", "stocks"]);
    const core = await fetch(`${emu.url}/v1/banks`);
    expect(core.status).toBe(401);
    expect(await core.json()).toMatchObject({ error: { code: "unauthorized" } });
    for (const p of ["/coins/v1/markets", "/stocks/v1/prices", "/pro/public/v1/webhooks"]) {
      const res = await fetch(`${emu.url}${p}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, error: { code: "API_KEY_INVALID" } });
    }
    const unknown = await fetch(`${emu.url}/v1/definitely-not-a-route`, { headers: { "X-Api-Key": SEED_KEYS.full } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("seeds a slice for every surface and merchant", () => {
    for (const surface of ["core", "coins", "stocks", "pro"] as const) {
      for (const m of emu.ctx.state.merchants) expect(emu.ctx.state.surfaces[surface]?.[m.id]).toBeDefined();
    }
  });
});
