import { ControlAnnouncements } from "@/components/shell/control-announcements";
import { LiveProvider } from "@/components/live/live-provider";
import { AppShell } from "@/components/shell/app-shell";
import { TimeZoneProvider } from "@/components/ui/date-time";
import { pendingAnnouncements } from "@/lib/approvals/controls";
import { requireUser } from "@/lib/auth/session";
import { viewerTimeZone } from "@/lib/time-zone/current";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  // The pages below read their data after this instant; the live stream replays from it.
  // Also applies announced control changes whose delay has passed (no background job).
  const [announcements, tz] = await Promise.all([pendingAnnouncements(user.organizationId), viewerTimeZone(user)]);
  const renderedAt = new Date().toISOString();
  return (
    <LiveProvider environment={user.environment} since={renderedAt}>
      <TimeZoneProvider zone={tz.zone} followsBrowser={tz.setting === null}>
        <AppShell user={{ id: user.id, name: user.name, email: user.email, role: user.role }} environment={user.environment}>
          <ControlAnnouncements items={announcements} />
          {children}
        </AppShell>
      </TimeZoneProvider>
    </LiveProvider>
  );
}
