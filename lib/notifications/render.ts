/**
 * What each mail says. Plain text only: every mail client shows it, nothing in it can run, and a
 * value from a form (a summary, a name) cannot inject markup. Data carries ids, summaries and
 * amounts, never a secret; every link is an APP_URL page, where the reader signs in as usual.
 */
import { KINDS, type NotificationKind } from "./kinds";

export interface RenderedMail {
  subject: string;
  text: string;
}

type Data = Record<string, unknown>;

const str = (v: unknown, fallback = ""): string => (typeof v === "string" || typeof v === "number" ? String(v) : fallback);
const envLabel = (v: unknown) => (v === "production" ? "production" : "the sandbox");
// A subject line is one line: a value with a line break would otherwise start a new header.
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 200);

/** An absolute link to one of the app's pages. */
export function appLink(appUrl: string, path: string): string {
  return new URL(path, appUrl.endsWith("/") ? appUrl : `${appUrl}/`).toString();
}

/** The headline and link of one notification: shared by the single mail and the digest. */
export function describe(kind: NotificationKind, data: Data, appUrl: string): { headline: string; body: string[]; link: string } {
  switch (kind) {
    case "approval_waiting": {
      const amount = data.amount ? `${str(data.amount)} ${str(data.currency)}`.trim() : "";
      return {
        headline: `Waiting for your approval: ${str(data.summary, "a request")}`,
        body: [
          `${str(data.requestedBy, "A teammate")} asked for this in ${envLabel(data.environment)}; it needs a second person before it is sent or applied.`,
          ...(amount ? [`Amount: ${amount}`] : []),
          ...(data.expiresAt ? [`It expires at ${str(data.expiresAt).slice(0, 16).replace("T", " ")} UTC if nobody decides.`] : []),
        ],
        link: appLink(appUrl, `/approvals/${encodeURIComponent(str(data.requestId))}`),
      };
    }
    case "deposit_flagged":
      return {
        headline: `Deposit ${str(data.depositId)} is flagged for review`,
        body: [
          `The provider put this deposit in review in ${envLabel(data.environment)}. It waits in the review queue for a decision.`,
          ...(data.amount ? [`Amount: ${str(data.amount)} ${str(data.currency)}`.trim()] : []),
        ],
        link: appLink(appUrl, `/deposits/${encodeURIComponent(str(data.depositId))}`),
      };
    case "key_aging":
      return {
        headline: `An API key is ${str(data.days)} days old: replace it ${data.state === "overdue" ? "now" : "soon"}`,
        body: [
          `${str(data.label, "An API key")}. The provider advises replacing API keys every 90 days.`,
          "The key itself is never sent by mail; replace it on the API keys page.",
        ],
        link: appLink(appUrl, "/settings/api-keys"),
      };
    case "quota_near":
      return {
        headline: `Funding accounts: ${str(data.used)} of today's ${str(data.limit)} used`,
        body: [
          `New funding accounts in ${envLabel(data.environment)} on ${str(data.day)} (UTC) reached ${str(data.used)} of the provider's daily limit of ${str(data.limit)}.`,
          "Past the limit the app refuses new accounts until midnight UTC, since the provider may freeze a merchant that opens more.",
        ],
        link: appLink(appUrl, "/funding-accounts"),
      };
    case "control_loosening":
      return {
        headline: `A control is being loosened: ${str(data.summary, "a change")}`,
        body: [
          `${str(data.requestedBy, "An admin")} asked for this change in ${envLabel(data.environment)}.`,
          data.applyAt
            ? `Nobody else can approve it, so it applies by itself at ${str(data.applyAt).slice(0, 16).replace("T", " ")} UTC unless it is cancelled or rejected.`
            : "It waits in Approvals for another admin or approver.",
        ],
        link: appLink(appUrl, `/approvals/${encodeURIComponent(str(data.requestId))}`),
      };
  }
}

const FOOTER = (appUrl: string) => `\n--\nMerchant Ops. Choose what you receive: ${appLink(appUrl, "/settings/notifications")}\n`;

export function renderMail(kind: NotificationKind, data: Data, appUrl: string): RenderedMail {
  const d = describe(kind, data, appUrl);
  return {
    subject: oneLine(d.headline),
    text: `${d.headline}\n\n${d.body.join("\n")}\n\nOpen it: ${d.link}\n${FOOTER(appUrl)}`,
  };
}

export interface DigestItem {
  kind: NotificationKind;
  subject: string;
  text: string;
  createdAt: Date;
}

/** One mail with everything a person chose to receive daily, grouped by kind, oldest first. */
export function renderDigest(items: readonly DigestItem[], appUrl: string, day: string): RenderedMail {
  const parts: string[] = [];
  for (const kind of Object.keys(KINDS) as NotificationKind[]) {
    const mine = items.filter((i) => i.kind === kind).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (mine.length === 0) continue;
    parts.push(`${KINDS[kind].label} (${mine.length})`);
    for (const i of mine) {
      const link = /Open it: (\S+)/.exec(i.text)?.[1];
      parts.push(`- ${i.subject}${link ? `\n  ${link}` : ""}`);
    }
    parts.push("");
  }
  const n = items.length;
  return {
    subject: oneLine(`Daily digest for ${day}: ${n} notification${n === 1 ? "" : "s"}`),
    text: `Your daily digest for ${day} (UTC)\n\n${parts.join("\n")}${FOOTER(appUrl)}`,
  };
}
