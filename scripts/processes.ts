/** Child processes for the local orchestrator and the test run: started in their own group, stopped together. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..");
export const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

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
        child.once("exit", () => resolve());
        try {
          process.kill(-child.pid, "SIGTERM"); // the whole group: next dev has workers of its own
        } catch {
          resolve();
        }
        setTimeout(() => {
          try {
            if (!exited) process.kill(-child.pid!, "SIGKILL");
          } catch {
            /* already gone */
          }
          resolve();
        }, 5000).unref();
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
