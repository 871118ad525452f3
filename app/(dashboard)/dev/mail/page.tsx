import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page/page-header";
import { requirePagePermission } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { DateTime } from "@/components/ui/date-time";

export const metadata: Metadata = { title: "Caught mail (development)" };
export const dynamic = "force-dynamic";

interface CaughtMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/**
 * Development only: the mail the local SMTP catcher (scripts/mail-catcher.ts) caught. `next build`
 * sets NODE_ENV to production and inlines it, so in any production build this page is a 404
 * whatever the environment says (e2e/notifications.spec.ts checks it on the built app).
 */
export default async function CaughtMailPage() {
  if (process.env.NODE_ENV === "production") notFound();
  await requirePagePermission("data:read");
  const url = env().MAIL_CATCHER_URL;
  let mails: CaughtMail[] = [];
  let problem: string | null = url ? null : "MAIL_CATCHER_URL is not set: start the app with npm run dev, which starts the mail catcher.";
  if (url) {
    try {
      mails = (await (await fetch(`${url}/messages`, { cache: "no-store" })).json()) as CaughtMail[];
    } catch {
      problem = `The mail catcher at ${url} does not answer.`;
    }
  }
  return (
    <>
      <PageHeader
        title="Caught mail"
        description="Development only: every mail the app sent through the local SMTP catcher, newest first. Nothing here leaves this machine."
      />
      {problem ? <p role="status">{problem}</p> : null}
      {!problem && mails.length === 0 ? <p className="text-sm text-muted-foreground">No mail caught yet.</p> : null}
      <ol className="grid gap-4">
        {mails.map((m) => (
          <li key={m.id} className="rounded-lg border p-4">
            <h2 className="font-medium">{m.subject}</h2>
            <p className="text-sm text-muted-foreground">
              To {m.to.join(", ")} at <DateTime value={m.receivedAt} />
            </p>
            <pre className="mt-2 whitespace-pre-wrap break-words text-sm">{m.text}</pre>
          </li>
        ))}
      </ol>
    </>
  );
}
