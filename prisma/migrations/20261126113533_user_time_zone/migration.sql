-- AlterTable
ALTER TABLE "users" ADD COLUMN     "time_zone" TEXT;

