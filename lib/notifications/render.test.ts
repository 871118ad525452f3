import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./backoff";
import { kindsForRole } from "./kinds";
import { chooseRecipients, modeFor } from "./recipients";
import { renderDigest, renderMail } from "./render";

const APP = "https://ops.example.com";

describe("renderMail", () => {
  it("tells an approver what waits and links to the request on APP_URL", () => {
    const m = renderMail(
      "approval_waiting",
      { requestId: "4f1c-id", summary: "Transfer 500 USD to Ada", amount: "500", currency: "USD", requestedBy: "op@example.com", environment: "sandbox" },
      APP,
    );
    expect(m.subject).toBe("Waiting for your approval: Transfer 500 USD to Ada");
    expect(m.text).toContain("op@example.com asked for this in the sandbox");
    expect(m.text).toContain("Amount: 500 USD");
    expect(m.text).toContain(`Open it: ${APP}/approvals/4f1c-id`);
    expect(m.text).toContain(`${APP}/settings/notifications`);
  });

  it("keeps a subject on one line whatever a form put in the summary", () => {
    const m = renderMail("approval_waiting", { requestId: "x", summary: "Evil\r\nBcc: someone@example.com" }, APP);
    expect(m.subject).not.toMatch(/[\r\n]/);
  });

  it("links a flagged deposit to its page and a key reminder to the keys page, with no key in it", () => {
    expect(renderMail("deposit_flagged", { depositId: "dep_1", environment: "production", amount: "10", currency: "USDT" }, APP).text).toContain(
      `${APP}/deposits/dep_1`,
    );
    const key = renderMail("key_aging", { label: "Sandbox Core key, 85 days old", days: 85, state: "due" }, APP);
    expect(key.subject).toBe("An API key is 85 days old: replace it soon");
    expect(key.text).toContain(`${APP}/settings/api-keys`);
    expect(key.text).toContain("never sent by mail");
  });

  it("says when a loosening applies by itself", () => {
    const m = renderMail(
      "control_loosening",
      { requestId: "r1", summary: "Raise the USD limit to 10000", requestedBy: "a@x", applyAt: "2026-11-27T10:00:00.000Z" },
      APP,
    );
    expect(m.text).toContain("applies by itself at 2026-11-27 10:00 UTC");
  });
});

describe("renderDigest", () => {
  it("groups a day's items by kind with their links", () => {
    const a = renderMail("approval_waiting", { requestId: "r1", summary: "Transfer A" }, APP);
    const b = renderMail("quota_near", { used: 800, limit: 1000, day: "2026-11-26", environment: "sandbox" }, APP);
    const d = renderDigest(
      [
        { kind: "approval_waiting", ...a, createdAt: new Date(2) },
        { kind: "quota_near", ...b, createdAt: new Date(1) },
      ],
      APP,
      "2026-11-26",
    );
    expect(d.subject).toBe("Daily digest for 2026-11-26: 2 notifications");
    expect(d.text).toContain("A request waits for approval (1)");
    expect(d.text).toContain(`${APP}/approvals/r1`);
    expect(d.text).toContain("Funding-account quota nears its limit (1)");
  });
});

describe("choosing recipients", () => {
  const members = [
    { id: "v", email: "v@x", role: "viewer", disabled: false },
    { id: "o", email: "o@x", role: "operator", disabled: false },
    { id: "ap", email: "ap@x", role: "approver", disabled: false },
    { id: "ad", email: "ad@x", role: "admin", disabled: false },
    { id: "gone", email: "gone@x", role: "admin", disabled: true },
  ];

  it("sends approvals to approvers and admins, not to the requester nor a disabled user", () => {
    expect(chooseRecipients("approval_waiting", members, [], "ad").map((r) => r.userId)).toEqual(["ap"]);
    expect(chooseRecipients("approval_waiting", members, []).map((r) => r.userId)).toEqual(["ap", "ad"]);
  });

  it("sends key, quota and control warnings to admins only", () => {
    for (const kind of ["key_aging", "quota_near", "control_loosening"] as const) {
      expect(chooseRecipients(kind, members, []).map((r) => r.userId)).toEqual(["ad"]);
    }
  });

  it("follows each person's choice: digest is held, off is nothing", () => {
    const prefs = [
      { userId: "ap", kind: "deposit_flagged", mode: "digest" },
      { userId: "ad", kind: "deposit_flagged", mode: "off" },
    ];
    expect(chooseRecipients("deposit_flagged", members, prefs)).toEqual([{ userId: "ap", email: "ap@x", mode: "digest" }]);
    expect(modeFor("approval_waiting", "ap", prefs)).toBe("immediate");
    expect(modeFor("deposit_flagged", "ad", [{ userId: "ad", kind: "deposit_flagged", mode: "nonsense" }])).toBe("immediate");
  });

  it("offers each role only the kinds it receives", () => {
    expect(kindsForRole("viewer")).toEqual([]);
    expect(kindsForRole("approver")).toEqual(["approval_waiting", "deposit_flagged"]);
    expect(kindsForRole("admin")).toHaveLength(5);
  });
});

describe("backoff", () => {
  it("doubles from 30 seconds up to an hour", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffSeconds(n))).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds(20)).toBe(3600);
  });
});
