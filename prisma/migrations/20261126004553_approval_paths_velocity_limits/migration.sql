-- CreateTable
CREATE TABLE "approval_velocity_limits" (
    "organization_id" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "approval_velocity_limits_pkey" PRIMARY KEY ("organization_id","currency","scope")
);

-- CreateTable
CREATE TABLE "direct_movements" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "requested_by_id" UUID NOT NULL,
    "attempt_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "direct_movements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "direct_movements_attempt_key_key" ON "direct_movements"("attempt_key");

-- CreateIndex
CREATE INDEX "direct_movements_organization_id_environment_currency_creat_idx" ON "direct_movements"("organization_id", "environment", "currency", "created_at");

