import "server-only";
import type { ParserMap } from "nuqs/server";
import { defineRoute } from "@/lib/http/route";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { csvResponse } from "./csv";
import type { ExportSource } from "./source";

/** The GET handler of a list's export: session, permission and filters checked like the list's own route. */
export function exportRoute<P extends ParserMap>(source: ExportSource<P>) {
  return defineRoute({ permission: source.permission, filters: source.filters }, async ({ user, query }) => {
    const { zone } = await viewerTimeZone(user);
    return csvResponse({
      list: source.list,
      environment: user.environment,
      columns: source.columns,
      rows: source.rows({ organizationId: user.organizationId, environment: user.environment, zone }, query),
    });
  });
}
