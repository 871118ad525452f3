/**
 * Every approval kind the app knows. Importing this module registers them all; the approvals
 * engine imports it before looking a kind up, so a request can always be executed.
 *
 * To add a kind: write its executor with `defineExecutor(...)` in its feature's lib module
 * (`lib/<area>/executor.ts`; kinds not yet moved there are in this folder) and add one import line
 * below (keep them sorted; one line per kind, each engineer edits only their own).
 */
import "server-only";
import "./control-change";
import "@/lib/coins/crypto-withdrawal-executor";
import "@/lib/coins/fiat-withdrawal-executor";
import "@/lib/coins/order-executor";
import "@/lib/balances/executor";
import "@/lib/funding-accounts/executor";
import "@/lib/funding-accounts/settlement-executor";
import "@/lib/pro/order-executor";
import "@/lib/pro/order-replace-executor";
import "@/lib/settlement/executor";
import "@/lib/transfers/executor";
import "@/lib/withdrawals/balance-executor";
import "@/lib/withdrawals/executor";

export { findExecutor, getExecutor, listExecutors } from "@/lib/approvals/executor-registry";
