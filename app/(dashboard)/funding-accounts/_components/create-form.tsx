"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, useTransition } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { BankLookupControls, useBankLookup } from "@/components/forms/bank-lookup";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import { allowedSettlements, createFundingAccountFormSchema, rateNeed, type CreateFundingAccountFormValues } from "@/lib/funding-accounts/schema";
import {
  ASSETS,
  DESTINATION_CHAINS,
  FUNDING_CHAINS,
  MIN_TEMPORARY_NGN,
  RAILS,
  TYPE_LABEL,
  TYPES,
  type FundingType,
  type Rail,
  type SettlementType,
} from "@/lib/funding-accounts/options";
import type { CustomerOption } from "@/lib/funding-accounts/views";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { FrozenBanner } from "./frozen-banner";
import { railLabel, settlementLabel } from "@/lib/funding-accounts/labels";
import { RatePicker } from "./rate-picker";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

type Values = CreateFundingAccountFormValues;
type Option = { value: string; label: string };

const DEFAULTS: Values = {
  customer_id: "",
  rail: "NGN_VIRTUAL_ACCOUNT",
  type: "TEMPORARY",
  amount: "",
  asset: "",
  chain: "",
  settlement_type: "INTERNAL_BALANCE",
  rate_id: "",
  destination_asset: "",
  destination_chain: "",
  destination_address: "",
  bank_code: "",
  account_number: "",
  account_name: "",
};

/**
 * Opens a funding account: customer, rail and type, what the customer pays (amount for temporary
 * NGN, asset and chain for crypto), and where deposits settle (only the settlements the provider
 * allows for that rail and type, a quoted rate where the settlement converts, and a destination bank
 * looked up before submit). One attempt key per open form, so a double click never opens two.
 */
export function CreateFundingAccountForm({
  customers,
  customersError,
  banks,
  banksError,
}: {
  customers: CustomerOption[];
  customersError: string | null;
  banks: Option[];
  banksError: string | null;
}) {
  const router = useRouter();
  const attempt = useAttemptKey("funding-account-create");
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const [frozen, setFrozen] = useState<string | null>(null);

  const form = useForm<Values>({ resolver: zodResolver(createFundingAccountFormSchema), defaultValues: DEFAULTS, mode: "onTouched" });
  const errorOf = (name: Path<Values>) => form.formState.errors[name]?.message;
  const [rail, type, settlement, asset, destinationAsset] = form.watch(["rail", "type", "settlement_type", "asset", "destination_asset"]) as string[];
  const allowed = useMemo(() => allowedSettlements(rail as Rail, type as FundingType), [rail, type]);
  const need = allowed.includes(settlement as SettlementType)
    ? rateNeed(rail as Rail, settlement as SettlementType, asset ?? "", destinationAsset ?? "")
    : null;

  // Keep the settlement one the provider allows for this rail and type.
  useEffect(() => {
    if (!allowed.includes(settlement as SettlementType)) form.setValue("settlement_type", allowed[0]!, { shouldValidate: false });
  }, [allowed, settlement, form]);

  // A rate belongs to one conversion (side and currency): another conversion needs a new one.
  const needKey = need ? `${need.side}:${need.to}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversion (needKey) changes, which is its purpose
  useEffect(() => {
    form.setValue("rate_id", "");
  }, [needKey, form]);

  const lookup = useBankLookup(form, { bankCode: "bank_code", accountNumber: "account_number", accountName: "account_name" });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    start(async () => {
      const r = await answerOrFailure(createFundingAccount({ ...values, attemptKey: attempt.current() }));
      if (r.ok && r.data.status === "frozen") {
        attempt.renew();
        setFrozen(r.data.message);
        return;
      }
      if (r.ok && r.data.status === "created") {
        attempt.renew();
        toast.success("Funding account created.");
        router.push(`/funding-accounts/${r.data.id}`);
        return;
      }
      if (r.ok && r.data.status === "pending_approval") {
        attempt.renew();
        toast.success(`Waiting for approval: ${r.data.summary}. It opens when someone else approves it in Approvals.`);
        router.push("/approvals");
        return;
      }
      if (r.ok) return;
      // Any failure keeps the key: after a timeout the retry must be the same attempt, and after a
      // refusal the ledger itself gives the corrected submission a new provider key.
      const fields = Object.entries(r.fieldErrors ?? {});
      for (const [name, message] of fields) {
        if (name in DEFAULTS) form.setError(name as Path<Values>, { type: "server", message });
      }
      if (!fields.some(([n]) => n in DEFAULTS) || r.requestId) setFormError(r.error);
    });
  });

  const select = (name: Path<Values>, id: string, placeholder: string, options: Option[]) => (
    <ControlledSelect control={form.control} name={name} id={id} placeholder={placeholder} options={options} />
  );

  const ngn = rail === "NGN_VIRTUAL_ACCOUNT";
  return (
    <div className="grid max-w-2xl gap-6">
      {frozen ? <FrozenBanner message={frozen} /> : null}
      <form onSubmit={onSubmit} noValidate aria-label="New funding account" data-testid="create-funding-account-form">
        <fieldset disabled={frozen !== null || pending} className="grid gap-5">
          <Field label="Customer" htmlFor="fa-customer" error={errorOf("customer_id") ?? customersError ?? undefined} required>
            {select(
              "customer_id",
              "fa-customer",
              "Choose a customer",
              customers.map((c) => ({ value: c.id, label: c.email ? `${c.name} (${c.email})` : c.name })),
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Rail" htmlFor="fa-rail" error={errorOf("rail")} required>
              {select(
                "rail",
                "fa-rail",
                "Choose a rail",
                RAILS.map((r) => ({ value: r, label: railLabel(r) })),
              )}
            </Field>
            <Field label="Type" htmlFor="fa-type" error={errorOf("type")} required>
              {select(
                "type",
                "fa-type",
                "Choose a type",
                TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] })),
              )}
            </Field>
          </div>

          {ngn && type === "TEMPORARY" ? (
            <Field
              label="Amount (NGN)"
              htmlFor="fa-amount"
              error={errorOf("amount")}
              description={`The exact amount the customer will send, in whole naira; at least the provider's current minimum (NGN ${MIN_TEMPORARY_NGN.toLocaleString("en-GB")} unless its rate says otherwise; shown with the rate).`}
              required
            >
              <Input id="fa-amount" inputMode="numeric" autoComplete="off" placeholder="50000" {...form.register("amount")} />
            </Field>
          ) : null}
          {!ngn ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Asset" htmlFor="fa-asset" error={errorOf("asset")} required>
                {select(
                  "asset",
                  "fa-asset",
                  "Choose an asset",
                  ASSETS.map((a) => ({ value: a, label: a })),
                )}
              </Field>
              <Field label="Chain" htmlFor="fa-chain" error={errorOf("chain")} description="The network the customer sends on." required>
                {select(
                  "chain",
                  "fa-chain",
                  "Choose a chain",
                  FUNDING_CHAINS.map((c) => ({ value: c, label: c })),
                )}
              </Field>
            </div>
          ) : null}

          <Field label="Settle deposits to" htmlFor="fa-settlement" error={errorOf("settlement_type")} required>
            {select(
              "settlement_type",
              "fa-settlement",
              "Choose a settlement",
              allowed.map((s) => ({ value: s, label: settlementLabel(s) })),
            )}
          </Field>

          {settlement === "ONCHAIN" && ngn ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Pay out as" htmlFor="fa-dest-asset" error={errorOf("destination_asset")} required>
                {select(
                  "destination_asset",
                  "fa-dest-asset",
                  "Choose a stablecoin",
                  ASSETS.map((a) => ({ value: a, label: a })),
                )}
              </Field>
              <Field label="Pay out on" htmlFor="fa-dest-chain" error={errorOf("destination_chain")} required>
                {select(
                  "destination_chain",
                  "fa-dest-chain",
                  "Choose a chain",
                  DESTINATION_CHAINS.map((c) => ({ value: c, label: c })),
                )}
              </Field>
              <Field
                label="Destination address"
                htmlFor="fa-dest-address"
                error={errorOf("destination_address")}
                description="An EVM address: 0x followed by 40 hexadecimal characters."
                className="sm:col-span-2"
                required
              >
                <Input
                  id="fa-dest-address"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  placeholder="0x…"
                  {...form.register("destination_address")}
                />
              </Field>
            </div>
          ) : null}

          {settlement === "NGN_PAYOUT" && !ngn ? (
            <div className="grid gap-3 rounded-md border p-4">
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Destination bank" htmlFor="fa-bank" error={errorOf("bank_code") ?? banksError ?? undefined} required>
                  {select("bank_code", "fa-bank", "Choose a bank", banks)}
                </Field>
                <Field label="Account number" htmlFor="fa-account-number" error={errorOf("account_number")} required>
                  <Input
                    id="fa-account-number"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={10}
                    placeholder="0690000031"
                    {...form.register("account_number")}
                  />
                </Field>
              </div>
              <BankLookupControls lookup={lookup} error={errorOf("account_name")} confirm="Check it is the right person before creating." />
            </div>
          ) : null}

          {need ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                {need.required ? "Rate" : "Rate (optional)"}
                {need.required ? (
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                ) : null}
              </legend>
              {!need.required ? (
                <p className="text-xs text-muted-foreground">
                  Lock today&apos;s USD rate for this account, or leave it to convert each deposit at the rate of its day.
                </p>
              ) : null}
              <Controller
                control={form.control}
                name="rate_id"
                render={({ field }) => (
                  <RatePicker
                    side={need.side}
                    to={need.to}
                    required={need.required}
                    value={String(field.value ?? "")}
                    onChange={(id) => form.setValue("rate_id", id, { shouldValidate: form.formState.isSubmitted })}
                    error={errorOf("rate_id")}
                  />
                )}
              />
            </fieldset>
          ) : null}

          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending || frozen !== null}>
              {pending ? "Creating…" : "Create funding account"}
            </Button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
