/**
 * The whole EmulatorState is one JSON document on disk. Writes are debounced (many requests, one
 * write), atomic (temp file + rename, so a crash never leaves half a file) and flushed on close.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { EmulatorState } from "./contract";

export const STATE_VERSION = 1;
export const STATE_FILE = "state.json";

export type LoadResult = { kind: "loaded"; state: EmulatorState } | { kind: "missing" } | { kind: "invalid"; reason: string };

function isState(v: unknown): v is EmulatorState {
  if (!v || typeof v !== "object") return false;
  const s = v as Record<string, unknown>;
  return (
    s.version === STATE_VERSION &&
    typeof s.clockOffsetMs === "number" &&
    Array.isArray(s.merchants) &&
    Array.isArray(s.keys) &&
    !!s.surfaces &&
    typeof s.surfaces === "object" &&
    !!s.platform &&
    typeof s.platform === "object"
  );
}

export async function loadState(dataDir: string): Promise<LoadResult> {
  const file = path.join(dataDir, STATE_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    throw err;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isState(parsed)) return { kind: "invalid", reason: `unsupported state document (expected version ${STATE_VERSION})` };
    return { kind: "loaded", state: parsed };
  } catch (err) {
    return { kind: "invalid", reason: `unreadable JSON: ${(err as Error).message}` };
  }
}

export class StateWriter {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private seq = 0;

  constructor(
    private readonly dataDir: string,
    private readonly snapshot: () => EmulatorState,
    private readonly debounceMs = 200,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(this.onError);
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes now if anything changed; waits for any write in progress. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // Chain writes so two renames never race.
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      try {
        await this.write(JSON.stringify(this.snapshot()));
      } catch (err) {
        this.dirty = true;
        throw err;
      }
    });
    await this.writing.catch((err: unknown) => {
      this.writing = Promise.resolve();
      throw err;
    });
  }

  private async write(text: string): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    const file = path.join(this.dataDir, STATE_FILE);
    const tmp = `${file}.${process.pid}.${++this.seq}.tmp`;
    await fs.writeFile(tmp, text, "utf8");
    await fs.rename(tmp, file);
  }

  /** Keeps a copy of a document that could not be loaded, so a reseed never silently loses it. */
  async quarantine(): Promise<void> {
    const file = path.join(this.dataDir, STATE_FILE);
    await fs.rename(file, `${file}.invalid-${Date.now()}`).catch(() => {});
  }
}
