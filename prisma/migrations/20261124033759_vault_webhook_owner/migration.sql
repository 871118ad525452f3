-- AlterTable
ALTER TABLE "vault_secrets" ADD COLUMN     "webhook_id" TEXT;

-- CreateIndex
CREATE INDEX "vault_secrets_organization_id_webhook_id_idx" ON "vault_secrets"("organization_id", "webhook_id");

