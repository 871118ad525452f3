-- CreateTable
CREATE TABLE "webhook_refusal_counts" (
    "source_ip" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "refusals" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "webhook_refusal_counts_pkey" PRIMARY KEY ("source_ip","window_start")
);

-- CreateIndex
CREATE INDEX "webhook_refusal_counts_window_start_idx" ON "webhook_refusal_counts"("window_start");

