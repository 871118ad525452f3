-- CreateTable
CREATE TABLE "synced_objects" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "status" TEXT,
    "amount" DECIMAL(38,18),
    "currency" TEXT,
    "search_text" TEXT NOT NULL DEFAULT '',
    "provider_created_at" TIMESTAMPTZ(3),
    "provider_updated_at" TIMESTAMPTZ(3),
    "status_rank" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "synced_objects_pkey" PRIMARY KEY ("organization_id","environment","kind","provider_id")
);

-- CreateTable
CREATE TABLE "sync_states" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "last_swept_at" TIMESTAMPTZ(3),
    "last_change_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),
    "watched_until" TIMESTAMPTZ(3),
    "backfill_next_page" INTEGER DEFAULT 1,
    "backfill_read" INTEGER NOT NULL DEFAULT 0,
    "backfill_total" INTEGER,
    "backfill_started_at" TIMESTAMPTZ(3),
    "backfill_finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "sync_states_pkey" PRIMARY KEY ("organization_id","environment","kind")
);

-- CreateIndex
CREATE INDEX "synced_objects_organization_id_environment_kind_provider_cr_idx" ON "synced_objects"("organization_id", "environment", "kind", "provider_created_at" DESC, "provider_id");

-- CreateIndex
CREATE INDEX "synced_objects_organization_id_environment_kind_status_prov_idx" ON "synced_objects"("organization_id", "environment", "kind", "status", "provider_created_at" DESC);


-- Search: substring and prefix matches on ids, references, names, emails and hashes across every kind.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "synced_objects_search_text_trgm_idx" ON "synced_objects" USING gin ("search_text" gin_trgm_ops);
