-- CreateTable
CREATE TABLE "funding_account_slots" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "day" DATE NOT NULL,
    "attempt_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'reserved',
    "funding_account_id" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "funding_account_slots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "funding_account_slots_organization_id_environment_day_idx" ON "funding_account_slots"("organization_id", "environment", "day");

-- CreateIndex
CREATE UNIQUE INDEX "funding_account_slots_organization_id_environment_attempt_k_key" ON "funding_account_slots"("organization_id", "environment", "attempt_key");

