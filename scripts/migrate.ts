/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (production deploys run this). */
import { migrate } from "../lib/db/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is missing: set it to the PostgreSQL URL to migrate, e.g. postgresql://user:pass@host:5432/merchant_ops");
  process.exit(2);
}
migrate(url).then(
  (r) => console.log(r.applied.length ? `Applied ${r.applied.join(", ")}.` : `Up to date (${r.skipped} migrations).`),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
