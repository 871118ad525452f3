-- AlterTable
ALTER TABLE "users" ADD COLUMN     "oidc_issuer" TEXT,
ADD COLUMN     "oidc_subject" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_oidc_issuer_oidc_subject_key" ON "users"("oidc_issuer", "oidc_subject");

-- CreateIndex
CREATE INDEX "sign_in_throttle_updated_at_idx" ON "sign_in_throttle"("updated_at");


-- An identity is the issuer and its subject together, never one without the other.
ALTER TABLE "users" ADD CONSTRAINT "users_oidc_identity_whole" CHECK (("oidc_issuer" IS NULL) = ("oidc_subject" IS NULL));
