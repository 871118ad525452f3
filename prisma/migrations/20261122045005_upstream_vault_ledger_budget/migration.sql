-- CreateEnum
CREATE TYPE "Surface" AS ENUM ('core', 'coins', 'stocks', 'pro');

-- CreateEnum
CREATE TYPE "SecretKind" AS ENUM ('api_key', 'webhook_secret');

-- CreateEnum
CREATE TYPE "SecretStatus" AS ENUM ('active', 'previous', 'revoked');

-- CreateTable
CREATE TABLE "vault_secrets" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "surface" "Surface" NOT NULL,
    "kind" "SecretKind" NOT NULL,
    "status" "SecretStatus" NOT NULL DEFAULT 'active',
    "scopes" TEXT[],
    "key_id" TEXT NOT NULL,
    "nonce" BYTEA NOT NULL,
    "ciphertext" BYTEA NOT NULL,
    "auth_tag" BYTEA NOT NULL,
    "prefix" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_id" UUID,
    "accept_until" TIMESTAMPTZ(3),

    CONSTRAINT "vault_secrets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "surface" "Surface" NOT NULL,
    "operation" TEXT NOT NULL,
    "attempt_key" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_budget" (
    "key_hash" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_budget_pkey" PRIMARY KEY ("key_hash","window_start")
);

-- CreateTable
CREATE TABLE "upstream_cache" (
    "cache_key" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" JSONB NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "upstream_cache_pkey" PRIMARY KEY ("cache_key")
);

-- CreateIndex
CREATE INDEX "vault_secrets_organization_id_environment_surface_kind_stat_idx" ON "vault_secrets"("organization_id", "environment", "surface", "kind", "status");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_idempotency_key_key" ON "idempotency_records"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_organization_id_attempt_key_key" ON "idempotency_records"("organization_id", "attempt_key");

-- CreateIndex
CREATE INDEX "upstream_cache_fetched_at_idx" ON "upstream_cache"("fetched_at");

