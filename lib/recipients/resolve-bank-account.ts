"use server";
import { defineAction } from "@/lib/server-actions/safe-action";
import { resolveBankAccountSchema } from "@/lib/funding-accounts/schema";

export interface ResolvedBankAccount {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  bankName: string | null;
}

/**
 * Asks the provider whose account a bank code and number belong to, so the person creating an NGN
 * payout settlement sees the holder's name before money is routed there. Changes nothing, so no
 * audit row; gated like the form that uses it.
 */
export const resolveBankAccount = defineAction(
  { name: "resolve-bank-account", permission: "funding:create", input: resolveBankAccountSchema },
  async ({ input, upstream }): Promise<ResolvedBankAccount> => {
    const r = await upstream.core.resolveBankAccount({ account_number: input.account_number, bank_code: input.bank_code });
    return {
      accountName: r.data.account_name ?? "",
      accountNumber: r.data.account_number ?? input.account_number,
      bankCode: r.data.bank_code ?? input.bank_code,
      bankName: r.data.bank_name ?? null,
    };
  },
);
