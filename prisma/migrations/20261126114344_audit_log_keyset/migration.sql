-- CreateIndex
CREATE INDEX "audit_log_organization_id_id_idx" ON "audit_log"("organization_id", "id" DESC);

