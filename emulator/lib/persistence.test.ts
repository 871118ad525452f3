import { mkdtemp, readFile, rm, writeFile, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../server";
import { SEED_KEYS, startWebhookReceiver, withEmulator } from "../testing";
import { testSurfaces } from "./test-surfaces";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "emulator-persist-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function createThing(url: string, key: string, body: unknown) {
  return fetch(`${url}/v1/things`, {
    method: "POST",
    headers: { "X-Api-Key": SEED_KEYS.full, "X-Idempotency-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("persistence", () => {
  it("keeps state, idempotency records, webhook targets, frozen flags and the clock across a restart", async () => {
    const dataDir = path.join(dir, "restart");
    const first = await withEmulator({ modules: testSurfaces(), dataDir });
    expect((await createThing(first.url, "persist-1", { n: 1 })).status).toBe(201);
    await first.control.setWebhookTarget({ surface: "core", url: "http://127.0.0.1:9/hook", secret: "secret-123456" });
    await first.control.freeze("7b1d5c1e-0000-4000-8000-000000000003", true);
    await first.control.advance(3_600_000);
    const seedBefore = ((await (await first.request("/v1/ping")).json()) as { seed_number: number }).seed_number;
    await first.close();

    const onDisk = JSON.parse(await readFile(path.join(dataDir, "state.json"), "utf8")) as { version: number };
    expect(onDisk.version).toBe(1);
    expect((await readdir(dataDir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    const second = await withEmulator({ modules: testSurfaces(), dataDir });
    try {
      const list = (await (await second.request("/v1/things")).json()) as { data: Array<{ body: unknown }> };
      expect(list.data).toEqual([{ id: "thing_1", n: 1, body: { n: 1 } }]);
      const replay = await createThing(second.url, "persist-1", { n: 1 });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      const target = await fetch(`${second.url}/__emulator/webhook-target?merchant_id=7b1d5c1e-0000-4000-8000-000000000001&surface=core`);
      expect(await target.json()).toMatchObject({ url: "http://127.0.0.1:9/hook" });
      const merchants = (await (await fetch(`${second.url}/__emulator/merchants`)).json()) as { merchants: Array<{ id: string; frozen: boolean }> };
      expect(merchants.merchants.find((m) => m.id.endsWith("0003"))?.frozen).toBe(true);
      const clock = (await (await fetch(`${second.url}/__emulator/clock`)).json()) as { offset_ms: number };
      expect(clock.offset_ms).toBe(3_600_000);
      const ping = (await (await second.request("/v1/ping")).json()) as { seed_number: number };
      expect(ping.seed_number).toBe(seedBefore);
    } finally {
      await second.close();
    }
  });

  it("keeps the webhook retry queue across a restart and retries with the same signed body", async () => {
    const dataDir = path.join(dir, "queue");
    const receiver = await startWebhookReceiver();
    try {
      receiver.respondWith((n) => (n === 1 ? 500 : 200));
      const first = await withEmulator({ modules: testSurfaces(), dataDir });
      await first.control.setWebhookTarget({ surface: "core", url: receiver.url, secret: "secret-queue-1" });
      await first.request("/v1/emit", { method: "POST", json: { event: "deposit.received", data: { id: "q" } } });
      await receiver.waitFor(1);
      await new Promise((r) => setTimeout(r, 100));
      await first.close();

      const second = await withEmulator({ modules: testSurfaces(), dataDir });
      try {
        const queue = (await (await fetch(`${second.url}/__emulator/webhook-queue`)).json()) as { pending: Array<{ event: string; attempts: number }> };
        expect(queue.pending).toMatchObject([{ event: "deposit.received", attempts: 1 }]);
        await second.control.advance(61_000);
        const got = await receiver.waitFor(2);
        expect(got[1]!.body).toBe(got[0]!.body);
        expect(got[1]!.headers["x-daya-signature"]).toBe(got[0]!.headers["x-daya-signature"]);
        const log = await second.control.deliveries();
        expect(log[0]).toMatchObject({ event: "deposit.received", attempt: 2, ok: true });
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it("seeds deterministically: the same seed gives the same state, another seed differs", async () => {
    const a = await withEmulator({ modules: testSurfaces(), seed: 7 });
    const b = await withEmulator({ modules: testSurfaces(), seed: 7 });
    const c = await withEmulator({ modules: testSurfaces(), seed: 8 });
    try {
      const read = async (e: typeof a) => ((await (await e.request("/coins/v1/ping")).json()) as { data: { seed_number: number } }).data.seed_number;
      expect(await read(a)).toBe(await read(b));
      expect(await read(a)).not.toBe(await read(c));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it("sets an unreadable state file aside and starts from the seed", async () => {
    const dataDir = path.join(dir, "corrupt");
    await startEmulator({ modules: testSurfaces(), dataDir }).then((e) => e.close());
    await writeFile(path.join(dataDir, "state.json"), "{ not json", "utf8");
    const e = await startEmulator({ modules: testSurfaces(), dataDir, logLevel: "silent" });
    try {
      const res = await fetch(`${e.url}/v1/ping`, { headers: { "X-Api-Key": SEED_KEYS.full } });
      expect(res.status).toBe(200);
      expect((await readdir(dataDir)).some((f) => f.startsWith("state.json.invalid-"))).toBe(true);
    } finally {
      await e.close();
    }
  });
});
