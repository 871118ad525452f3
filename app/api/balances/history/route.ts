import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { CHART_RANGES, readSeries, type ChartRange } from "@/lib/balances/read";

export const dynamic = "force-dynamic";

const query = z.object({
  range: z.enum(Object.keys(CHART_RANGES) as [ChartRange, ...ChartRange[]], { error: "Choose a range of 7d, 30d or 90d." }).default("30d"),
});

/** Balance over time, derived from the current balances, stored events and the list of moves. */
export const GET = defineRoute({ permission: "data:read", query }, ({ user, query }) => readSeries(user, query.range));
