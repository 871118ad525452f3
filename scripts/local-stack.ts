/**
 * What the local orchestrators (`npm run dev`, `npm run scale-out`) share: a demo database made
 * ready (embedded PostgreSQL unless DATABASE_URL is set, migrations, seed, approval limits), the
 * processes they started, and one way to stop all of it on Ctrl-C or when a process dies.
 */
import { migrate } from "../lib/db/migrate";
import { startEmbeddedDb, type EmbeddedDb } from "./embedded-db";
import type { Managed } from "./processes";
import { generateClient } from "./prisma";

export class LocalStack {
  readonly started: Managed[] = [];
  private db: Promise<EmbeddedDb> | undefined;
  private stopping = false;

  constructor(private readonly opts: { verbose?: boolean } = {}) {
    // package.json runs us as `node --import tsx`, not through the tsx command: that command stands
    // between npm and us and kills us outright when we do not acknowledge a Ctrl-C within 30 ms,
    // which a busy machine misses, and then nothing stops the children.
    process.on("SIGINT", () => void this.stop(0));
    process.on("SIGTERM", () => void this.stop(0));
  }

  /** Stops every process and the embedded database, then exits with `code`. */
  async stop(code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.opts.verbose) console.log("\nStopping...");
    // In parallel and quickly: on Ctrl-C, npm and tsx above us may not wait long.
    await Promise.all(this.started.map((p) => p.stop()));
    // Also a database still starting when Ctrl-C came.
    await (await this.db?.catch(() => undefined))?.stop();
    if (this.opts.verbose) console.log("Stopped.");
    process.exit(code);
  }

  /** For startProcess's onExit: a process that dies on its own takes the rest down with it. */
  onExit(name: string) {
    return (code: number | null) => {
      if (!this.stopping) {
        console.error(`${name} exited (code ${code}); stopping the rest.`);
        void this.stop(1);
      }
    };
  }

  /**
   * The database ready for the demo; the embedded one when DATABASE_URL is unset, its data in
   * `dataDir` (as root, in a folder of its own outside the checkout: the returned `dataDir`).
   */
  async demoDatabase(dataDir: string, port: number): Promise<{ databaseUrl: string; applied: string[]; seeded: boolean; dataDir?: string }> {
    generateClient();
    let databaseUrl = process.env.DATABASE_URL;
    let keptIn: string | undefined;
    if (!databaseUrl) {
      this.db = startEmbeddedDb({ dataDir, port, database: "merchant_ops" });
      const db = await this.db;
      databaseUrl = db.url;
      keptIn = db.dataDir;
    }
    const migrated = await migrate(databaseUrl);
    // Imported after generateClient(): the seed needs the generated Prisma client.
    const { seed } = await import("../prisma/seed");
    const seeded = await seed(databaseUrl);
    const { seedDemoThresholds } = await import("../lib/approvals/seed-demo");
    await seedDemoThresholds(databaseUrl);
    return { databaseUrl, applied: migrated.applied, seeded: seeded.created, dataDir: keptIn };
  }
}
