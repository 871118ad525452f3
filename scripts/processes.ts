/** Child processes for the local orchestrators and the test run: started in their own group, stopped together. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import treeKill from "tree-kill";

export const ROOT = path.resolve(__dirname, "..");
export const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* the group is gone */
  }
}

export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { quiet?: boolean; logFile?: string; onExit?: (code: number | null) => void } = {},
): Managed {
  const log = opts.logFile ? fs.openSync(opts.logFile, "a") : undefined;
  const stdio = log !== undefined ? (["ignore", log, log] as const) : opts.quiet ? "ignore" : (["ignore", "pipe", "pipe"] as const);
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: stdio as never });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => `[${name}] ${l}\n`)
      .join("");
  child.stdout?.on("data", (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on("data", (c: Buffer) => process.stderr.write(prefix(c)));
  let exited = false;
  child.on("exit", (code) => {
    exited = true;
    opts.onExit?.(code);
  });
  return {
    name,
    child,
    // On Ctrl-C, npm and tsx above us wait only while our event loop answers: the stop never blocks
    // it. tree-kill signals the whole tree (`next dev` starts workers in process groups of their
    // own) on Linux and macOS alike; whatever is still there after 5 s is killed.
    stop: () =>
      new Promise<void>((resolve) => {
        const pid = child.pid;
        if (exited || pid === undefined) return resolve();
        treeKill(pid, "SIGTERM", () => signalGroup(pid, "SIGTERM"));
        const force = setTimeout(() => {
          treeKill(pid, "SIGKILL", () => signalGroup(pid, "SIGKILL"));
        }, 5000);
        child.once("exit", () => {
          clearTimeout(force);
          // Anything of its group that outlived it (its workers were signalled above).
          signalGroup(pid, "SIGKILL");
          resolve();
        });
      }),
  };
}

/**
 * A command run to its end, its output shown, without blocking our event loop (so Ctrl-C can still
 * stop what we started while it runs). It is in our process group, so Ctrl-C reaches it too.
 */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

function listens(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", (err: NodeJS.ErrnoException) => resolve(err.code !== "EADDRINUSE"));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** Whether nothing listens on `port`, on loopback (the database) or on every address (the app, the emulator). */
async function portFree(port: number): Promise<boolean> {
  return (await listens(port, "127.0.0.1")) && (await listens(port));
}

function quiet(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 3000 });
  } catch {
    return "";
  }
}

/** The process listening on `port`, best effort: ss (Linux) or lsof (macOS); another user's is hidden from both. */
function portHolder(port: number): { pid: number; name: string } | undefined {
  const ss = quiet("ss", ["-ltnpH", `sport = :${port}`]).match(/\("([^"]+)",pid=(\d+)/);
  // ss shows a process name cut to 15 characters ("next-server (v1"): the part before the bracket.
  if (ss) return { name: ss[1].split(" (")[0], pid: Number(ss[2]) };
  const lsof = quiet("lsof", ["-nP", `-iTCP:${port}`, "-sTCP:LISTEN", "-Fpc"]);
  const pid = lsof.match(/^p(\d+)$/m);
  if (pid) return { pid: Number(pid[1]), name: lsof.match(/^c(.+)$/m)?.[1] ?? "a process" };
  return undefined;
}

function isDescendant(pid: number, ancestor: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 32; hops++) {
    if (p === ancestor) return true;
    p = Number(quiet("ps", ["-o", "ppid=", "-p", String(p)]).trim());
  }
  return false;
}

/**
 * Before anything starts: each port that is taken gets one sentence naming it, what holds it (as
 * far as can be known; our pid file tells when it is another run of the same command in this
 * checkout) and how to choose another. Returns the sentences; empty when every port is free.
 */
export async function busyPorts(ports: { port: number; variable: string; what: string }[], command: string, pidFile: string): Promise<string[]> {
  let other: number | undefined = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() : NaN);
  try {
    if (other) process.kill(other, 0);
  } catch {
    other = undefined;
  }
  const sentences: string[] = [];
  for (const { port, variable, what } of ports) {
    if (await portFree(port)) continue;
    const holder = portHolder(port);
    const by = !holder
      ? "by another program"
      : other && isDescendant(holder.pid, other)
        ? `by another \`${command}\` of this checkout (${holder.name}, pid ${holder.pid})`
        : `by ${holder.name} (pid ${holder.pid})`;
    sentences.push(
      `Port ${port}, for ${what}, is already in use ${by}: stop it, or choose another port with ${variable}, e.g. ${variable}=${port + 1} ${command}.`,
    );
  }
  return sentences;
}

export async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url} will not come up: its process exited.`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in ${Math.round(timeoutMs / 1000)} s (${last}).`);
}
