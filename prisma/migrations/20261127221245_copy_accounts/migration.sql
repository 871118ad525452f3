-- CreateTable
CREATE TABLE "copy_accounts" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "surface" "Surface" NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,
    "key_changed_at" TIMESTAMPTZ(3),
    "check_from" TIMESTAMPTZ(3),

    CONSTRAINT "copy_accounts_pkey" PRIMARY KEY ("organization_id","environment","surface")
);

