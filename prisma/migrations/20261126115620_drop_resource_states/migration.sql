-- The local copy (synced_objects) keeps every object's newest state from webhooks, writes, sweeps
-- and fetches, with the same never-backwards rule; the webhook-only state table is not needed.
DROP TABLE "resource_states";
