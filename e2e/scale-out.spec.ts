/**
 * Two instances of the app on one PostgreSQL, as behind a load balancer: `npm test` (and
 * `npm run scale-out -- --test`) start a second `npm start` of the same build, with two workers, and
 * pass its address as E2E_SECOND_BASE_URL and its process as E2E_SECOND_PID. A is the usual base
 * URL; B is the second instance. Each test does its work on one and checks it on the other, so
 * state kept in one process's memory would fail it.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import fs from "node:fs";
import { Client } from "pg";
import { budgetLimitFor, keyHash } from "../lib/upstream/budget";
import { DEMO_SANDBOX_KEY, emulatorUrl, simulateDeposit } from "./emulator";
import { gotoHydrated, SIGNED_OUT, signIn, waitForHydration } from "./helpers";
import { DEMO_PASSWORD, emailOf, storageStateOf } from "./roles";

const B = process.env.E2E_SECOND_BASE_URL ?? "";
/** B's `npm start` process (scripts/serve.ts), whose workers serve it. */
const B_PID = Number(process.env.E2E_SECOND_PID ?? 0);
const DEMO_MERCHANT_ID = "7b1d5c1e-0000-4000-8000-000000000001";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
// The app's share of the provider's 100 requests per minute (lib/upstream/budget.ts).
// The app's budget for the provider limit this run was started with (lib/upstream/budget.ts).
const BUDGET_LIMIT = budgetLimitFor(Number(process.env.UPSTREAM_RATE_LIMIT_PER_MINUTE ?? 100));

test.skip(!B, "E2E_SECOND_BASE_URL is not set: run through `npm test` or `npm run scale-out -- --test`, which start a second instance.");

const usd = (amount: string) => `$${Number(amount).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** An amount no earlier run used, between base and base + 99.99. */
const uniqueAmount = (base: number) => (base + (Math.floor(Math.random() * 9_900) + 100) / 100).toFixed(2);

async function provider<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${emulatorUrl()}${path}`, { headers: { "X-Api-Key": DEMO_SANDBOX_KEY } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/**
 * The workers of the `npm start` process pid in one role (scripts/serve.ts's MERCHANT_OPS_WORKER:
 * "web" serves pages, "jobs" runs the job queue): its children running scripts/serve.ts, from /proc
 * (Linux, as CI and the machines the suite runs on). tsx's esbuild service is a child too.
 */
function workersOf(pid: number, role: "web" | "jobs" = "web"): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) !== pid || state === "Z") continue;
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("scripts/serve.ts")) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`MERCHANT_OPS_WORKER=${role}`)) out.push(Number(entry));
    } catch {
      /* ended while listed */
    }
  }
  return out.sort((a, b) => a - b);
}

/** A process's niceness, from /proc (the 19th field of its stat). */
function nicenessOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

async function database<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the scale-out spec reads the shared rate budget from the database.");
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

test.describe("two instances on one database", () => {
  test("B runs npm start's two web workers and one for jobs; one that dies is replaced while B keeps serving signed-in pages", async ({ playwright }) => {
    test.skip(!B_PID, "E2E_SECOND_PID is not set: the runner did not say which process B is.");
    test.setTimeout(120_000);
    await expect.poll(() => workersOf(B_PID).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => workersOf(B_PID, "jobs").length, { timeout: 30_000 }).toBe(1);
    // When both want the CPU, pages go first: the jobs worker runs at a lower priority.
    expect(nicenessOf(workersOf(B_PID, "jobs")[0]!)).toBeGreaterThan(nicenessOf(workersOf(B_PID)[0]!));
    const first = workersOf(B_PID);
    const viewer = await playwright.request.newContext({ baseURL: B, storageState: storageStateOf("viewer") });
    // Each request on a new connection: the primary hands connections to the workers in turn.
    const page = async () => {
      const res = await viewer.get("/withdrawals", { headers: { connection: "close" }, timeout: 15_000 });
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain("Withdrawals");
    };
    // The primary has seen the worker end (and no longer hands it connections) once it starts another.
    const replaced = (dead: number) =>
      expect
        .poll(
          () => {
            const now = workersOf(B_PID);
            return now.length === 2 && !now.includes(dead);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    await page();

    const [killed, kept] = first as [number, number];
    process.kill(killed, "SIGKILL");
    await replaced(killed);
    expect(workersOf(B_PID)).toContain(kept);
    for (let i = 0; i < 3; i++) await page(); // the survivor serves while the new one starts

    // Then the last of the first two: only replacements are left, so they serve. (Should none listen
    // yet, B refuses connections for that moment, as a lone `next start` does while it restarts.)
    process.kill(kept, "SIGKILL");
    await replaced(kept);
    await expect
      .poll(
        () =>
          page().then(
            () => true,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    for (let i = 0; i < 3; i++) await page();
    expect(workersOf(B_PID).filter((pid) => first.includes(pid))).toEqual([]);

    // The jobs worker too is replaced by another jobs worker, never by a third web worker.
    const [jobs] = workersOf(B_PID, "jobs") as [number];
    process.kill(jobs, "SIGKILL");
    await expect
      .poll(
        () => {
          const now = workersOf(B_PID, "jobs");
          return now.length === 1 && now[0] !== jobs;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(workersOf(B_PID)).toHaveLength(2);
    await viewer.dispose();
  });

  test("a session made on A works on B, and signing out on A ends it on B", async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext(SIGNED_OUT);
    const page = await context.newPage();
    await signIn(page, emailOf("viewer"), DEMO_PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await waitForHydration(page);
    // Cookies belong to the host, not the port: the browser sends A's session to B as a load balancer would.
    const cookies = await context.cookies();

    const onB = await context.newPage();
    await onB.goto(`${B}/withdrawals`);
    await expect(onB.getByRole("heading", { level: 1, name: "Withdrawals" })).toBeVisible();
    await expect(onB).toHaveURL(`${B}/withdrawals`);
    await onB.close();

    await page.getByRole("button", { name: /account menu|Vic Viewer/i }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);

    // The cookie as it was before signing out, replayed on B: B reads the revocation A wrote.
    const replay = await browser.newContext(SIGNED_OUT);
    await replay.addCookies(cookies);
    const again = await replay.newPage();
    await again.goto(`${B}/withdrawals`);
    await expect(again).toHaveURL(/\/sign-in/);
    await replay.close();
    await context.close();
  });

  test("the rate budget is one count for both: calls on A use up what B may spend, and the other way round", async ({ playwright }) => {
    test.setTimeout(60_000);
    const hash = keyHash(DEMO_SANDBOX_KEY, new URL(emulatorUrl()).origin);
    const as = (baseURL: string) => playwright.request.newContext({ baseURL, storageState: storageStateOf("admin") });
    const [a, b] = await Promise.all([as(test.info().project.use.baseURL!), as(B)]);
    // The rate is never cached (lists read the local copy and cost nothing): every call is one
    // upstream request, and a refused one is a 429.
    const list = (on: APIRequestContext) => on.get("/api/rates?to=USD&side=BUY");

    // The budget counts one-second buckets over the last 60 s (lib/upstream/budget.ts).
    const bucketOf = (t: number) => new Date(Math.floor(t / 1_000) * 1_000);
    const countedSince = (since: Date) =>
      database(async (c) =>
        Number(
          (await c.query<{ n: number }>("SELECT COALESCE(SUM(count), 0)::int AS n FROM rate_budget WHERE key_hash = $1 AND window_start >= $2", [hash, since]))
            .rows[0]!.n,
        ),
      );

    // Three calls on each instance are six in the one shared count (the sync's background reads of
    // the same key may add to it meanwhile, never take from it).
    const t0 = bucketOf(Date.now());
    const start = await countedSince(t0);
    for (const on of [a, b, a, b, a, b]) expect((await list(on)).status()).toBe(200);
    expect(await countedSince(t0)).toBeGreaterThanOrEqual(start + 6);

    // Exactly two calls left: the last minute's buckets are set aside and one bucket stands for the
    // limit less two; whatever the instances spend lands on top of it.
    const saved = await database(
      async (c) =>
        (
          await c.query<{ window_start: Date; count: number }>(
            "DELETE FROM rate_budget WHERE key_hash = $1 AND window_start >= $2 RETURNING window_start, count",
            [hash, bucketOf(Date.now() - 61_000)],
          )
        ).rows,
    );
    const filler = bucketOf(Date.now());
    let fillerCount = 0;
    const addTo = (bucket: Date, n: number) =>
      database((c) =>
        c.query(
          `INSERT INTO rate_budget AS rb (key_hash, window_start, count) VALUES ($1, $2, $3)
           ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rb.count + EXCLUDED.count`,
          [hash, bucket, n],
        ),
      );
    try {
      await addTo(filler, BUDGET_LIMIT - 2);
      fillerCount += BUDGET_LIMIT - 2;
      for (const [first, then] of [
        [a, b],
        [b, a],
      ] as const) {
        expect((await list(first)).status()).toBe(200);
        expect((await list(first)).status()).toBe(200);
        const refused = await list(then);
        expect(refused.status()).toBe(429);
        expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
        expect(((await refused.json()) as { error: string }).error).toMatch(/\S/);
        // Room for two more, for the other direction.
        await addTo(filler, -2);
        fillerCount -= 2;
      }
    } finally {
      // The buckets count only real requests again, so later tests are neither held up nor let past the provider's limit.
      await addTo(filler, -fillerCount);
      for (const r of saved) await addTo(r.window_start, Number(r.count));
    }
    await Promise.all([a.dispose(), b.dispose()]);
  });

  test("the same withdrawal submitted to A and B at once reaches the provider once", async ({ pageAs, playwright, request }) => {
    test.setTimeout(60_000);
    const amount = uniqueAmount(10);
    const total = async () => (await provider<{ total: number }>(request, "/v1/merchant/withdrawals?limit=1")).total;
    const before = await total();
    const page = await pageAs("operator");
    const onB = await playwright.request.newContext({ baseURL: B, storageState: storageStateOf("operator") });
    await gotoHydrated(page, "/withdrawals/new");
    const form = page.getByTestId("create-withdrawal-form");
    await form.getByLabel("Amount (USD)").fill(amount);
    await form.getByLabel("Destination address").fill(ADDRESS);
    await form.getByRole("button", { name: "Review withdrawal" }).click();

    // The browser's server-action request goes to A and, at the same moment, byte for byte to B.
    let replay: (() => Promise<string>) | undefined;
    await page.route("**/withdrawals/new", async (route) => {
      const req = route.request();
      if (req.method() !== "POST" || !req.headers()["next-action"]) return route.continue();
      const send = async () => {
        const res = await onB.post("/withdrawals/new", {
          headers: {
            "Next-Action": req.headers()["next-action"]!,
            "Next-Router-State-Tree": req.headers()["next-router-state-tree"] ?? "",
            "Content-Type": req.headers()["content-type"] ?? "text/plain;charset=UTF-8",
            Accept: "text/x-component",
            Origin: B,
          },
          data: req.postDataBuffer() ?? "",
        });
        expect(res.status()).toBe(200);
        return res.text();
      };
      replay = send;
      const [mine] = await Promise.all([route.fetch(), send()]);
      await route.fulfill({ response: mine });
    });
    await page.getByTestId("withdrawal-confirm").getByTestId("withdrawal-submit").click();
    // Whichever instance got there first sent it; the other saw the same attempt in the shared ledger.
    await expect(page.getByRole("heading", { level: 1, name: /^Withdrawal [0-9a-f]{8}$/ }).or(page.getByTestId("form-error"))).toBeVisible({ timeout: 20_000 });
    expect(await total()).toBe(before + 1);
    const newest = (await provider<{ data: { id: string; amount_usd: string }[] }>(request, "/v1/merchant/withdrawals?limit=1")).data[0]!;
    expect(newest.amount_usd).toBe(amount);

    // Once it has gone through, the same attempt on B answers with the stored result: same id, nothing sent.
    expect(await replay!()).toContain(newest.id);
    expect(await total()).toBe(before + 1);
    await onB.dispose();
    await page.context().close();
  });

  test("a webhook delivered to A reaches a page open on B without a reload", async ({ pageAs, request }) => {
    test.setTimeout(60_000);
    const target = (await (await request.get(`${emulatorUrl()}/__emulator/webhook-target?merchant_id=${DEMO_MERCHANT_ID}&surface=core`)).json()) as {
      url: string;
    };
    expect(target.url.startsWith(`${test.info().project.use.baseURL}/api/webhooks/`)).toBe(true);

    const page = await pageAs("operator");
    await page.goto(`${B}/`);
    await expect(page.getByRole("status", { name: "Live updates" })).toHaveText("Live", { timeout: 10_000 });
    const activity = page.getByTestId("live-activity");
    await expect(activity.getByTestId("recent-events").or(activity.getByTestId("recent-events-empty"))).toBeVisible();
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const depositId = await simulateDeposit(request, "COMPLETED");
    await expect(activity.getByTestId("recent-event").filter({ hasText: depositId }).filter({ hasText: "deposit.completed" })).toHaveCount(1, {
      timeout: 10_000,
    });
    expect(navigations).toBe(0);
    await page.context().close();
  });

  test("a request filed on A is approved on B; approving on both at once sends it once", async ({ pageAs, request }) => {
    test.setTimeout(60_000);
    // Above the demo organization's seeded USD limit (lib/approvals/seed-demo.ts), so it waits.
    const amount = uniqueAmount(1000);
    const moves = async () => (await provider<{ total: number }>(request, "/v1/merchant/balance/transfers?limit=1")).total;
    const before = await moves();

    const operator = await pageAs("operator");
    await gotoHydrated(operator, "/balances");
    const moveForm = operator.getByTestId("move-balance-form");
    await moveForm.getByLabel("Amount (USD)").fill(amount);
    await moveForm.getByRole("button", { name: "Review move" }).click();
    await operator.getByTestId("move-balance-confirm").getByRole("button", { name: "Move", exact: true }).click();
    await expect(operator.getByTestId("move-balance-pending")).toContainText("Waiting for a second approver");

    // The approver has the inbox open on both instances; each shows the request filed on A.
    const approver = await pageAs("approver");
    const onA = approver;
    const onB = await approver.context().newPage();
    await gotoHydrated(onA, "/approvals");
    await gotoHydrated(onB, `${B}/approvals`);
    const dialogs = [];
    for (const p of [onA, onB]) {
      const row = p
        .getByTestId("approvals-waiting")
        .getByTestId("approval-row")
        .filter({ hasText: usd(amount) });
      await expect(row).toBeVisible();
      await row.getByTestId("approve-open").click();
      const dialog = p.getByTestId("approve-dialog");
      await expect(dialog.getByRole("heading", { name: `Approve and send ${usd(amount)}?` })).toBeVisible();
      dialogs.push(dialog);
    }
    await Promise.all(dialogs.map((d) => d.getByTestId("approve-confirm").click()));

    const sent = (p: Page) => p.getByText(/^Approved and sent: Move \$/);
    const refused = (p: Page) =>
      p.getByText(
        /^(Someone already approved this request; it is being sent\.|This request was already approved and sent\.|This request changed while you were deciding\. Reload the page and look again\.)$/,
      );
    // The loser's dialog leaves with the row, so its sentence comes as a toast: watched on both at once.
    await Promise.all([onA, onB].map((p) => expect(sent(p).or(refused(p))).toBeVisible({ timeout: 20_000 })));
    expect((await sent(onA).count()) + (await sent(onB).count())).toBe(1);
    expect(await moves()).toBe(before + 1);

    // B shows it sent, as A does: the history is the shared database's.
    await gotoHydrated(onB, `${B}/approvals`);
    await expect(
      onB.locator('[data-testid="approvals-history"] [data-testid="approval-row"][data-status="sent"]').filter({ hasText: usd(amount) }),
    ).toBeVisible();
    await operator.context().close();
    await approver.context().close();
  });
});
