-- Search: a query without a trigram (shorter than three characters) matches ids by prefix, newest
-- first. The index carries what that ranking reads, so it is answered from the index alone and
-- only the few rows shown are read. An expression index, so it lives here and not in schema.prisma.
CREATE INDEX "synced_objects_search_id_idx" ON "synced_objects" ("organization_id", "environment", lower("provider_id") text_pattern_ops)
  INCLUDE ("kind", "provider_id", "provider_created_at");
