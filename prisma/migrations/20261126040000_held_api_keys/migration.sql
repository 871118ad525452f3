-- AlterEnum
ALTER TYPE "SecretStatus" ADD VALUE 'held';
