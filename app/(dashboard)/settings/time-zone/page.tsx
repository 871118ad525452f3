import type { Metadata } from "next";
import { TimeZoneForm } from "@/app/(dashboard)/settings/time-zone/_components/time-zone-form";
import { PageHeader } from "@/components/page/page-header";
import { requirePagePermission } from "@/lib/auth/session";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { timeZoneList } from "@/lib/time-zone/zones";

export const metadata: Metadata = { title: "Time zone" };

export default async function TimeZonePage() {
  const me = await requirePagePermission("data:read");
  const tz = await viewerTimeZone(me);
  return (
    <>
      <PageHeader
        title="Time zone"
        description="Every time you see is shown in this zone and labelled with it, and a date filter's days start and end at midnight there. Your own choice: others keep theirs."
      />
      <TimeZoneForm setting={tz.setting} zone={tz.zone} reportedBrowserZone={tz.browser} zones={timeZoneList()} />
    </>
  );
}
