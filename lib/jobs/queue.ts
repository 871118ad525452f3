import "server-only";
/**
 * The app's one job queue: pg-boss in this PostgreSQL (its own schema, `pgboss`, which it creates
 * and migrates itself on start). Every instance starts it from instrumentation.ts; pg-boss hands
 * each job to exactly one worker across instances (SKIP LOCKED), so a queue with the `stately`
 * policy has at most one job waiting and one running at a time: one sender for the whole
 * deployment, however many instances run. Jobs that need a schedule declare it here too.
 *
 * Queues register with `defineJob` before `startJobs()`: mail (lib/notifications/jobs.ts) and the
 * local copy's sync (lib/ledger/jobs.ts).
 */
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export interface JobDefinition<T extends object = object> {
  name: string;
  run: (data: T) => Promise<void>;
  /** Cron expressions (UTC) that enqueue this job, e.g. "* * * * *". */
  cron?: string[];
  /** Queue options: `stately` keeps one waiting and one running (default), `singleton` one running and any number waiting, `standard` no limit. */
  policy?: "standard" | "singleton" | "stately";
  /**
   * Narrows the policy to one key: with `stately` and a key per organization and environment, each
   * of them has at most one run waiting and one running, across every instance.
   */
  singletonKey?: (data: T) => string | undefined;
  retryLimit?: number;
  /** Runs taken at once by a runner (default 1): more for a job whose run may wait, so other keys' runs go on. */
  workers?: number;
  /**
   * How long a run may last before the queue fails it (pg-boss's default: 15 minutes). A run cut
   * off by a crash stays active until then, and with `stately` it holds up its queue's next runs.
   */
  expireInSeconds?: number;
}

/**
 * How often a runner expires overdue runs (pg-boss's default: 2 minutes), so a run a crash left
 * active is failed at most this long after its expiry.
 */
export const MAINTENANCE_SECONDS = 30;

// On globalThis, as the queue is: Next loads this module more than once in one process (the
// instrumentation's copy defines the jobs, a page's copy enqueues them), and a page's copy must see
// the definitions' singleton keys, or its runs would all share the empty key.
const globalForJobs = globalThis as unknown as { jobBoss?: Promise<PgBoss>; jobDefinitions?: Map<string, JobDefinition> };
globalForJobs.jobDefinitions ??= new Map();
const definitions = globalForJobs.jobDefinitions;

export function defineJob<T extends object>(def: JobDefinition<T>): void {
  definitions.set(def.name, def as unknown as JobDefinition);
}

/** Start attempts before giving up, and the pause before the next one (times the attempt). */
const START_ATTEMPTS = 3;
const START_RETRY_MS = 1_000;

/**
 * Starts pg-boss in this process, once: a runner (a worker per defined job and their schedules) or,
 * with `work: false`, a sender only, for a web worker whose jobs run in a process of their own
 * (scripts/serve.ts): its `enqueue` and `hasten` reach the runner through the queue's tables.
 * Instances starting together create the same queues at once, and PostgreSQL may end one of them
 * as a deadlock: that instance tries again, since without its queue its sweeps would never chain
 * and its pages' "watched" marks would never reach a worker.
 */
export function startJobs(connectionString: string = env().DATABASE_URL, { work = true }: { work?: boolean } = {}): Promise<PgBoss> {
  globalForJobs.jobBoss ??= (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startJobRunner(connectionString, { work });
      } catch (err) {
        if (attempt >= START_ATTEMPTS) throw err;
        log.warn({ err, attempt }, "jobs: the queue could not start; trying again");
        await new Promise((r) => setTimeout(r, START_RETRY_MS * attempt));
      }
    }
  })().catch((err: unknown) => {
    // Forget the failed start so a later call tries again.
    globalForJobs.jobBoss = undefined;
    throw err;
  });
  return globalForJobs.jobBoss;
}

/** One pg-boss with a worker per defined job (or none: `work: false`). Tests start two to stand for two instances. */
export async function startJobRunner(
  connectionString: string,
  { work = true, maintenanceSeconds = MAINTENANCE_SECONDS }: { work?: boolean; maintenanceSeconds?: number } = {},
): Promise<PgBoss> {
  // A sender neither supervises (maintenance, expiry) nor runs the cron clock: the runners do.
  const boss = new PgBoss({
    connectionString,
    max: 3,
    application_name: "merchant-ops-jobs",
    ...(work ? { maintenanceIntervalSeconds: maintenanceSeconds } : { supervise: false, schedule: false }),
  });
  boss.on("error", (err) => log.error({ err }, "jobs: the queue reported an error"));
  try {
    await boss.start();
  } catch (err) {
    // Release what the failed start opened.
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    throw err;
  }
  try {
    await setUpQueues(boss, work);
  } catch (err) {
    // A half set-up runner would work some queues while this process's `enqueue` sends nowhere.
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    throw err;
  }
  // A runner started on its own (tests) is also where this process's `enqueue` sends.
  globalForJobs.jobBoss ??= Promise.resolve(boss);
  return boss;
}

/** Each defined job's queue (a send to a queue not yet created fails), and for a runner its schedules and worker. */
async function setUpQueues(boss: PgBoss, work: boolean): Promise<void> {
  for (const def of definitions.values()) {
    const options = {
      name: def.name,
      policy: def.policy ?? "stately",
      retryLimit: def.retryLimit ?? 3,
      retryDelay: 30,
      retryBackoff: true,
      ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
    };
    // Creating leaves a queue that exists as it was: the update brings its options up to date.
    await boss.createQueue(def.name, options);
    await boss.updateQueue(def.name, options);
    if (!work) continue;
    for (const cron of def.cron ?? []) await boss.schedule(def.name, cron, {}, { tz: "UTC" });
    for (let i = 0; i < (def.workers ?? 1); i++) {
      await boss.work<object>(def.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await def.run(job.data ?? {});
      });
    }
  }
}

/** pg-boss's send options for a run of a defined job. */
export function sendOptions(name: string, data: object, seconds?: number): PgBoss.SendOptions {
  const singletonKey = definitions.get(name)?.singletonKey?.(data);
  return { ...(seconds ? { startAfter: seconds } : {}), ...(singletonKey ? { singletonKey } : {}) };
}

/** Enqueue a run of a defined job (after `seconds`, if given). A no-op while the queue is not started. */
export async function enqueue(name: string, data: object = {}, seconds?: number): Promise<void> {
  const started = globalForJobs.jobBoss;
  if (!started) return;
  try {
    const boss = await started;
    await boss.send(name, data, sendOptions(name, data, seconds));
  } catch (err) {
    // The schedule picks the work up within a minute: a failed nudge loses nothing.
    log.warn({ err, job: name }, "jobs: could not enqueue");
  }
}

/**
 * Moves the waiting run of a job (found by its singleton key) forward so it starts within
 * `seconds`, or enqueues one when none waits. For a chain whose next run was set before something
 * made it due sooner: its one waiting run is kept (the `stately` policy would drop a second).
 */
export async function hasten(name: string, data: object, seconds: number, on: Promise<PgBoss> | undefined = globalForJobs.jobBoss): Promise<void> {
  if (!on) return;
  try {
    const boss = await on;
    const key = definitions.get(name)?.singletonKey?.(data) ?? null;
    const moved = await boss.getDb().executeSql(
      `UPDATE pgboss.job SET start_after = LEAST(start_after, now() + $3 * interval '1 second')
          WHERE name = $1 AND singleton_key IS NOT DISTINCT FROM $2 AND state = 'created' RETURNING id`,
      [name, key, seconds],
    );
    if (moved.rows.length === 0) await boss.send(name, data, sendOptions(name, data, seconds));
  } catch (err) {
    log.warn({ err, job: name }, "jobs: could not bring a run forward");
  }
}

/**
 * For tests and shutdown: stops this instance's workers. Not graceful: its runs in progress are
 * failed back to the queue at once (and retried), so they hold up no key's next run.
 */
export async function stopJobs({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
  const started = globalForJobs.jobBoss;
  globalForJobs.jobBoss = undefined;
  if (started) await (await started).stop({ graceful, wait: true });
}
