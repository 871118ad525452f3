/**
 * Promise: an admin cannot aim the outbound webhook at this machine, a private network or the
 * cloud metadata service, neither when saving the address nor through a name that resolves
 * elsewhere later; and the delivery log never tells which internal ports answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";
import { enqueueOutbound, processOutboundOnce } from "@/lib/review/outbound";
import { rotateOutboundSecret } from "@/lib/review/outbound-secret";
import { db } from "@/lib/db";
import { createTeam, testDb } from "@/test/factories";
import { signInAs } from "@/test/session";

process.env.OUTBOUND_WORKER = "off"; // the test drives deliveries itself
// ALLOW_LOOPBACK_WEBHOOKS is left unset: the default is what is tested.

let team: Awaited<ReturnType<typeof createTeam>>;
let receiver: { port: number; hits: number; close: () => Promise<void> };

beforeAll(async () => {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  receiver = {
    port: (server.address() as AddressInfo).port,
    get hits() {
      return hits;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
});
afterAll(() => receiver.close());

beforeEach(async () => {
  team = await createTeam();
  signInAs(team.admin);
});

const FIELD = expect.stringMatching(/private, local or cloud-internal network.*public address/);

describe("saving the outbound webhook address", () => {
  it.each([
    "http://127.0.0.1:<receiver>/hooks",
    "http://localhost:<receiver>/hooks",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://10.0.0.8:8080/admin",
    "http://172.20.1.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://[::1]:5432/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://0.0.0.0:3000/",
    "http://2130706433/",
  ])("refuses %s at the URL field", async (url) => {
    expect(await setOutboundWebhook({ url: url.replace("<receiver>", String(receiver.port)) })).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { url: FIELD },
    });
    expect(await testDb().outboundWebhook.count({ where: { organizationId: team.org.id } })).toBe(0);
  });
});

describe("sending", () => {
  it("refuses an address that has become internal since it was saved, and reaches nothing", async () => {
    // As if the saved name now resolved to this machine: the stored address is internal.
    await testDb().outboundWebhook.create({
      data: { organizationId: team.org.id, environment: "sandbox", url: `http://127.0.0.1:${receiver.port}/hooks`, enabled: true, updatedById: team.admin.id },
    });
    await db.$transaction((tx) =>
      rotateOutboundSecret(tx, { organizationId: team.org.id, environment: "sandbox", actorId: team.admin.id, onlyIfMissing: false }),
    );
    const id = await db.$transaction((tx) =>
      enqueueOutbound(tx, {
        organizationId: team.org.id,
        environment: "sandbox",
        event: "deposit_review.decision_final",
        decisionId: null,
        data: { test: true },
      }),
    );
    expect(id).not.toBeNull();
    const before = receiver.hits;
    await processOutboundOnce(undefined, team.org.id);
    expect(receiver.hits).toBe(before);
    const row = await testDb().outboundDelivery.findUniqueOrThrow({ where: { id: id! } });
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: null,
      lastError: expect.stringMatching(/private, local or cloud-internal network/),
    });
  });

  it("logs one neutral reason whatever the socket said", async () => {
    await testDb().outboundWebhook.create({
      data: { organizationId: team.org.id, environment: "sandbox", url: "https://erp.example.test/hooks", enabled: true, updatedById: team.admin.id },
    });
    await db.$transaction((tx) =>
      rotateOutboundSecret(tx, { organizationId: team.org.id, environment: "sandbox", actorId: team.admin.id, onlyIfMissing: false }),
    );
    const reasons: string[] = [];
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EHOSTUNREACH"]) {
      const id = await db.$transaction((tx) =>
        enqueueOutbound(tx, { organizationId: team.org.id, environment: "sandbox", event: "deposit_review.decision_final", decisionId: null, data: { code } }),
      );
      const fail = async () => {
        throw Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(`connect ${code} 10.0.0.8:5432`), { code }) });
      };
      await processOutboundOnce(fail, team.org.id);
      reasons.push((await testDb().outboundDelivery.findUniqueOrThrow({ where: { id: id! } })).lastError!);
    }
    expect(reasons).toEqual(Array(4).fill("The receiver refused or could not be reached."));
  });
});
