-- CreateTable
CREATE TABLE "webhook_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "surface" "Surface" NOT NULL,
    "name" TEXT NOT NULL,
    "received_name" TEXT NOT NULL,
    "provider_event_id" TEXT,
    "dedupe_key" TEXT NOT NULL,
    "resource_type" TEXT,
    "resource_id" TEXT,
    "resource_status" TEXT,
    "payload" JSONB NOT NULL,
    "headers" JSONB NOT NULL,
    "signature" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "last_duplicate_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resource_states" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "status" TEXT,
    "occurred_at" TIMESTAMPTZ(3),
    "event_id" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "resource_states_pkey" PRIMARY KEY ("organization_id","environment","resource_type","resource_id")
);

-- CreateTable
CREATE TABLE "webhook_rejections" (
    "id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "surface" "Surface" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source_ip" TEXT,
    "reason" TEXT NOT NULL,
    "body_bytes" INTEGER NOT NULL,
    "user_agent" TEXT,

    CONSTRAINT "webhook_rejections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_events_organization_id_environment_resource_type_re_idx" ON "webhook_events"("organization_id", "environment", "resource_type", "resource_id", "occurred_at");

-- CreateIndex
CREATE INDEX "webhook_events_organization_id_environment_received_at_idx" ON "webhook_events"("organization_id", "environment", "received_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_events_organization_id_environment_name_idx" ON "webhook_events"("organization_id", "environment", "name");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_organization_id_environment_surface_dedupe_k_key" ON "webhook_events"("organization_id", "environment", "surface", "dedupe_key");

-- CreateIndex
CREATE INDEX "webhook_rejections_at_idx" ON "webhook_rejections"("at" DESC);

