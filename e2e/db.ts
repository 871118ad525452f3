import { Client } from "pg";

/**
 * Runs `fn` with a connection to the app's database, for the few tests that must set up a state
 * no page can make (a key added 85 days ago, a day's quota already used by others).
 */
export async function withDb<T>(fn: (pg: Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL of the app under test is not set; npm test sets it.");
  const pg = new Client({ connectionString: url });
  await pg.connect();
  try {
    return await fn(pg);
  } finally {
    await pg.end();
  }
}

/** The demo organization's id (every seeded demo user belongs to it). */
export async function demoOrganizationId(pg: Client): Promise<string> {
  const { rows } = await pg.query<{ id: string }>("SELECT organization_id AS id FROM users WHERE email = 'admin@demo.test'");
  if (!rows[0]) throw new Error("The demo organization is not seeded.");
  return rows[0].id;
}

/** Sets when the demo organization's active API key of a slot was added, `days` ago. */
export async function ageDemoKey(environment: "sandbox" | "production", surface: "core" | "coins" | "stocks" | "pro", days: number): Promise<void> {
  await withDb(async (pg) => {
    const org = await demoOrganizationId(pg);
    const r = await pg.query(
      "UPDATE vault_secrets SET created_at = now() - make_interval(days => $4) WHERE organization_id = $1 AND environment = $2 AND surface = $3 AND kind = 'api_key' AND status = 'active'",
      [org, environment, surface, days],
    );
    if (r.rowCount !== 1) throw new Error(`No active ${environment} ${surface} key to age.`);
  });
}
