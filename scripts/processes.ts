/** Child processes for the local orchestrator and the test run: started in their own group, stopped together. */
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..");
export const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

/** The pid and all its descendants: `next dev` starts workers in process groups of their own. */
function processTree(pid: number): number[] {
  const out = [pid];
  try {
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((l) => Number(l.trim()))
      .filter(Boolean);
    for (const c of children) out.push(...processTree(c));
  } catch {
    /* no children */
  }
  return out;
}

function signalTree(pids: number[], signal: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited || child.pid === undefined) return resolve();
        const tree = processTree(child.pid);
        const alive = () => tree.filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
        signalTree(tree, "SIGTERM");
        const started = Date.now();
        const poll = setInterval(() => {
          const left = alive();
          if (left.length === 0 || Date.now() - started > 5000) {
            clearInterval(poll);
            signalTree(left, "SIGKILL");
            resolve();
          }
        }, 100);
      }),
  };
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
