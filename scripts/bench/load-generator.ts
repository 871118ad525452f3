import { spawn } from "node:child_process";

/**
 * Starts a benchmark's load generator (a script for `node -e`, which reads `data` from
 * BENCH_WORKER_DATA) in a process of its own, so its work is not counted in this process's CPU
 * time. Resolves with the one message it sends when it is done.
 */
export function runLoadGenerator<T>(script: string, data: unknown): Promise<T> {
  const child = spawn(process.execPath, ["-e", script], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BENCH_WORKER_DATA: JSON.stringify(data) },
  });
  return new Promise<T>((resolve, reject) => {
    child.once("message", (m) => resolve(m as T));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`load generator exited with ${code} before reporting`)));
  });
}
