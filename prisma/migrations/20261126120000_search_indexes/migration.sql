-- Search: a query shorter than three characters (no trigram) matches ids by prefix, and an exact id
-- ranks first whatever its case. An expression index, so it lives here and not in schema.prisma.
CREATE INDEX "synced_objects_search_id_idx" ON "synced_objects" ("organization_id", "environment", lower("provider_id") text_pattern_ops);
