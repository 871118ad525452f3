-- AlterEnum
ALTER TYPE "SecretKind" ADD VALUE 'outbound_webhook_secret';

-- CreateTable
CREATE TABLE "approval_requests" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "summary" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt_key" TEXT NOT NULL,
    "requested_by_id" UUID NOT NULL,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decision_note" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "approval_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_thresholds" (
    "organization_id" UUID NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '*',
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "approval_thresholds_pkey" PRIMARY KEY ("organization_id","kind","currency")
);

-- CreateTable
CREATE TABLE "review_decisions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "deposit_id" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting_confirmation',
    "decided_by_id" UUID NOT NULL,
    "confirmed_by_id" UUID,
    "confirmed_at" TIMESTAMPTZ(3),
    "confirm_note" TEXT,
    "deposit_snapshot" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "review_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbound_webhooks" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "url" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "outbound_webhooks_pkey" PRIMARY KEY ("organization_id","environment")
);

-- CreateTable
CREATE TABLE "outbound_deliveries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "decision_id" UUID,
    "event" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbound_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "approval_requests_attempt_key_key" ON "approval_requests"("attempt_key");

-- CreateIndex
CREATE INDEX "approval_requests_organization_id_environment_status_create_idx" ON "approval_requests"("organization_id", "environment", "status", "created_at");

-- CreateIndex
CREATE INDEX "review_decisions_organization_id_environment_deposit_id_idx" ON "review_decisions"("organization_id", "environment", "deposit_id");

-- CreateIndex
CREATE INDEX "review_decisions_organization_id_environment_status_idx" ON "review_decisions"("organization_id", "environment", "status");

-- CreateIndex
CREATE INDEX "outbound_deliveries_status_next_attempt_at_idx" ON "outbound_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "outbound_deliveries_organization_id_environment_created_at_idx" ON "outbound_deliveries"("organization_id", "environment", "created_at");

-- AddForeignKey
ALTER TABLE "outbound_deliveries" ADD CONSTRAINT "outbound_deliveries_decision_id_fkey" FOREIGN KEY ("decision_id") REFERENCES "review_decisions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

