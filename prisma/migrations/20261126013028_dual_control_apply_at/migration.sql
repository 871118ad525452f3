-- AlterTable
ALTER TABLE "approval_requests" ADD COLUMN     "apply_at" TIMESTAMPTZ(3);

