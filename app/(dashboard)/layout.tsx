import { LiveProvider } from "@/components/live/live-provider";
import { AppShell } from "@/components/shell/app-shell";
import { requireUser } from "@/lib/auth/session";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  // The pages below read their data after this instant; the live stream replays from it.
  const renderedAt = new Date().toISOString();
  return (
    <LiveProvider environment={user.environment} since={renderedAt}>
      <AppShell user={{ id: user.id, name: user.name, email: user.email, role: user.role }} environment={user.environment}>
        {children}
      </AppShell>
    </LiveProvider>
  );
}
