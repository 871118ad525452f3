-- CreateTable
CREATE TABLE "stock_portfolio_snapshots" (
    "organization_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL,
    "valued_at" TIMESTAMPTZ(3),
    "usd_balance" DECIMAL(38,18) NOT NULL,
    "open_positions_value_usd" DECIMAL(38,18) NOT NULL,
    "total_value_usd" DECIMAL(38,18) NOT NULL,
    "unpriced_positions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "stock_portfolio_snapshots_pkey" PRIMARY KEY ("organization_id","environment","period_start")
);

