-- AlterTable
ALTER TABLE "review_decisions" ADD COLUMN     "credit_changed_at" TIMESTAMPTZ(3),
ADD COLUMN     "credit_event_id" UUID,
ADD COLUMN     "credit_state" TEXT;

-- CreateIndex
CREATE INDEX "review_decisions_credit_state_idx" ON "review_decisions"("credit_state");

