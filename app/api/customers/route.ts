import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { readCustomers } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

const query = z.object({ q: z.string().trim().max(100).optional() });

/** Customers for pickers, optionally narrowed by a name or email fragment (case-insensitive). */
export const GET = defineRoute({ permission: "data:read", query }, async ({ user, query: { q } }) => {
  const r = await readCustomers(user);
  const needle = q?.toLowerCase();
  const customers = needle ? r.customers.filter((c) => c.name.toLowerCase().includes(needle) || (c.email ?? "").toLowerCase().includes(needle)) : r.customers;
  return { ...r, customers };
});
