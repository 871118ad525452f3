import type { Metadata } from "next";
import { PendingControlChanges } from "@/app/(dashboard)/settings/_components/pending-control-changes";
import { PageHeader } from "@/components/page/page-header";
import { TeamTable } from "@/app/(dashboard)/settings/team/_components/data-table";
import { AddUserButton } from "@/app/(dashboard)/settings/team/_components/add-user-button";
import { pendingControlChanges } from "@/lib/approvals/controls";
import { requirePagePermission } from "@/lib/auth/session";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const me = await requirePagePermission("team:manage");
  const [users, pending] = await Promise.all([
    db.user.findMany({
      where: { organizationId: me.organizationId },
      orderBy: [{ disabled: "asc" }, { name: "asc" }],
      select: { id: true, name: true, email: true, role: true, disabled: true, lastSignInAt: true, passwordHash: true, createdAt: true },
    }),
    pendingControlChanges(me.organizationId, ["control_role", "control_invite"]),
  ]);
  const rows = users.map(({ passwordHash, ...u }) => ({ ...u, invited: passwordHash === null }));
  return (
    <>
      <PageHeader title="Team" description="Who can sign in, and what each role allows." actions={<AddUserButton />} />
      <PendingControlChanges items={pending} />
      <TeamTable rows={rows} currentUserId={me.id} />
    </>
  );
}
