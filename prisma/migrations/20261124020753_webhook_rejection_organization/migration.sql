-- AlterTable
ALTER TABLE "webhook_rejections" ADD COLUMN     "organization_id" UUID;

-- CreateIndex
CREATE INDEX "webhook_rejections_organization_id_environment_at_idx" ON "webhook_rejections"("organization_id", "environment", "at" DESC);

