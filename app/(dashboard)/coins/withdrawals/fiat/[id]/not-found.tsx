import { WithdrawalNotFound } from "@/app/(dashboard)/coins/_components/withdrawal-page";

export default WithdrawalNotFound;
