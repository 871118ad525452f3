import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/[environment]/[surface]/route";
import { setWebhookSecret } from "@/lib/vault";
import { listRejections, rejectionsWhere } from "@/lib/webhooks/query";
import { signBody } from "@/lib/webhooks/verify";
import { createTeam, testDb, uniqueTestIp } from "@/test/factories";

async function teamWithSecret() {
  const team = await createTeam();
  const secret = `whsec_${crypto.randomBytes(16).toString("hex")}`;
  await testDb().$transaction((tx) =>
    setWebhookSecret(tx as never, { organizationId: team.org.id, environment: "sandbox", surface: "core", secret, actorId: team.admin.id }),
  );
  return { team, secret };
}

async function send(body: string, signature: string, ip: string) {
  return POST(
    new Request("http://app.test/api/webhooks/sandbox/core", {
      method: "POST",
      headers: { "content-type": "application/json", "x-daya-signature": signature, "x-forwarded-for": ip },
      body,
    }),
    { params: Promise.resolve({ environment: "sandbox", surface: "core" }) },
  );
}

const ipOf = uniqueTestIp;

describe("refused deliveries: who sees them", () => {
  it("shows a refusal signed with an organization's secret to that organization only, and an unverified one to none of several", async () => {
    const a = await teamWithSecret();
    const b = await teamWithSecret();
    const signedIp = ipOf();
    const unsignedIp = ipOf();
    const broken = "{not json";
    expect((await send(broken, signBody("core", a.secret, broken), signedIp)).status).toBe(400);
    const good = JSON.stringify({ event: "deposit.completed", data: { id: crypto.randomUUID(), status: "COMPLETED" } });
    expect((await send(good, signBody("core", "whsec_nobody", good), unsignedIp)).status).toBe(401);

    expect(await testDb().webhookRejection.findFirstOrThrow({ where: { sourceIp: signedIp } })).toMatchObject({
      organizationId: a.team.org.id,
      reason: "malformed JSON",
    });
    expect(await testDb().webhookRejection.findFirstOrThrow({ where: { sourceIp: unsignedIp } })).toMatchObject({
      organizationId: null,
      reason: "signature mismatch",
    });

    // This database holds several organizations (every test makes its own).
    const ips = (r: Awaited<ReturnType<typeof listRejections>>) => r.rows.map((x) => x.sourceIp);
    const seenByA = await listRejections(a.team.org.id, "sandbox");
    expect(seenByA.includeUnattributed).toBe(false);
    expect(ips(seenByA)).toContain(signedIp);
    expect(ips(seenByA)).not.toContain(unsignedIp);
    const seenByB = await listRejections(b.team.org.id, "sandbox");
    expect(ips(seenByB)).not.toContain(signedIp);
    expect(ips(seenByB)).not.toContain(unsignedIp);
    expect(seenByB.rows.every((r) => r.organizationId === b.team.org.id)).toBe(true);
    // Nor in the other environment.
    expect(ips(await listRejections(a.team.org.id, "production"))).not.toContain(signedIp);
  });

  it("lists unverified refusals too in a deployment of one organization, where they can only be its own", async () => {
    const a = await teamWithSecret();
    const b = await teamWithSecret();
    const unsignedIp = ipOf();
    const signedByB = ipOf();
    const body = "{}";
    expect((await send(body, signBody("core", "whsec_nobody", body), unsignedIp)).status).toBe(401);
    expect((await send("[", signBody("core", b.secret, "["), signedByB)).status).toBe(400);
    const seen = await testDb().webhookRejection.findMany({
      where: { AND: [rejectionsWhere(a.team.org.id, "sandbox", true), { sourceIp: { in: [unsignedIp, signedByB] } }] },
    });
    // Another organization's attributed refusal stays theirs even then.
    expect(seen.map((r) => r.sourceIp)).toEqual([unsignedIp]);
  });
});
