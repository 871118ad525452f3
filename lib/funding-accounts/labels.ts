/** Display names for funding-account values; unknown values from the provider are shown raw. Client-safe. */
import { RAIL_LABEL, SETTLEMENT_LABEL, type Rail, type SettlementType } from "@/lib/funding-accounts/options";

export const railLabel = (rail: string) => RAIL_LABEL[rail as Rail] ?? rail;
export const typeLabel = (type: string) => (type === "TEMPORARY" ? "Temporary" : type === "PERMANENT" ? "Permanent" : type);
export const settlementLabel = (type: string) => SETTLEMENT_LABEL[type as SettlementType] ?? type;
export const SCENARIO_LABEL: Record<string, string> = {
  default: "Default flow (received, processing, then the outcome)",
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  REQUIRES_REVIEW: "Requires review",
  FAILED: "Failed",
};
