-- AlterTable
ALTER TABLE "sync_states" ADD COLUMN     "backfill_cursor" TEXT;

-- CreateIndex
CREATE INDEX "synced_objects_organization_id_environment_changed_at_idx" ON "synced_objects"("organization_id", "environment", "changed_at");

