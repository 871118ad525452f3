import { WithdrawalNotFound } from "@/components/coins/withdrawal-page";

export default WithdrawalNotFound;
