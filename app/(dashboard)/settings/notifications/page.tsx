import type { Metadata } from "next";
import { MailProblems } from "@/app/(dashboard)/settings/notifications/_components/mail-problems";
import { PreferencesForm } from "@/app/(dashboard)/settings/notifications/_components/preferences-form";
import { PageHeader } from "@/components/page/page-header";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { mailProblems } from "@/lib/notifications/dispatch";
import { KINDS, kindsForRole } from "@/lib/notifications/kinds";
import { mailConfigured } from "@/lib/notifications/mailer";
import { modeFor } from "@/lib/notifications/recipients";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const me = await requirePagePermission("data:read");
  const kinds = kindsForRole(me.role);
  const prefs = await db.notificationPreference.findMany({ where: { userId: me.id } });
  const admin = can(me.role, "settings:manage");
  const problems = admin ? await mailProblems(me.organizationId) : [];
  return (
    <>
      <PageHeader title="Notifications" description={`Which mail you receive at ${me.email}: at once, once a day in a digest (07:00 UTC), or not at all.`} />
      <div className="grid gap-8">
        <section aria-labelledby="prefs-title" className="grid gap-3">
          <h2 id="prefs-title" className="text-lg font-semibold">
            Your mail
          </h2>
          {kinds.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Your role receives no notification mail: approvals and flagged deposits go to approvers and admins, key and quota warnings to admins.
            </p>
          ) : (
            <PreferencesForm initial={kinds.map((kind) => ({ kind, mode: modeFor(kind, me.id, prefs) }))} />
          )}
        </section>
        {admin ? (
          <section aria-labelledby="delivery-title" className="grid gap-3">
            <h2 id="delivery-title" className="text-lg font-semibold">
              Mail delivery
            </h2>
            <p className="text-sm text-muted-foreground">
              {mailConfigured()
                ? "A mail the server refuses or cannot reach is retried with growing waits, six attempts in all; what still fails is listed here."
                : "Outgoing mail is not configured (SMTP_URL): notifications wait in the outbox and go out once it is set."}{" "}
              Kinds:{" "}
              {Object.values(KINDS)
                .map((k) => k.label.toLowerCase())
                .join("; ")}
              .
            </p>
            <MailProblems rows={problems} />
          </section>
        ) : null}
      </div>
    </>
  );
}
