"use client";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import type { Path } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createFundingAccount } from "@/lib/funding-accounts/create-funding-account";
import type { CreateFundingAccountFormValues } from "@/lib/funding-accounts/schema";
import {
  allowedSettlements,
  ASSETS,
  FUNDING_CHAINS,
  MIN_TEMPORARY_NGN,
  RAILS,
  rateNeed,
  TYPE_LABEL,
  TYPES,
  type FundingType,
  type Rail,
  type SettlementType,
} from "@/lib/funding-accounts/options";
import type { CustomerOption } from "@/lib/funding-accounts/views";
import { FrozenBanner } from "./frozen-banner";
import { railLabel, settlementLabel } from "@/lib/funding-accounts/labels";
import { BankDestinationFields, EMPTY_SETTLEMENT, OnchainDestinationFields, RateField, useSettlementForm } from "./settlement-fields";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadCreateFundingAccountFormSchema = () => import("@/lib/funding-accounts/schema").then((m) => m.createFundingAccountFormSchema);

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
  ...EMPTY_SETTLEMENT,
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
  const [frozen, setFrozen] = useState<string | null>(null);
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadCreateFundingAccountFormSchema,
    action: (values, attemptKey) => createFundingAccount({ ...values, attemptKey }),
    defaultValues: DEFAULTS,
    attempt: "funding-account-create",
    fieldOf: (name) => (name in DEFAULTS ? (name as Path<Values>) : null),
    onSuccess: (data) => {
      if (data.status === "frozen") {
        setFrozen(data.message);
        return;
      }
      if (data.status === "created") {
        toast.success("Funding account created.");
        router.push(`/funding-accounts/${data.id}`);
        return;
      }
      toast.success(`Waiting for approval: ${data.summary}. It opens when someone else approves it in Approvals.`);
      router.push("/approvals");
    },
  });
  const [rail, type, settlement, asset, destinationAsset] = form.watch(["rail", "type", "settlement_type", "asset", "destination_asset"]) as string[];
  const allowed = useMemo(() => allowedSettlements(rail as Rail, type as FundingType), [rail, type]);
  const need = allowed.includes(settlement as SettlementType)
    ? rateNeed(rail as Rail, settlement as SettlementType, asset ?? "", destinationAsset ?? "")
    : null;

  // Keep the settlement one the provider allows for this rail and type.
  useEffect(() => {
    if (!allowed.includes(settlement as SettlementType)) form.setValue("settlement_type", allowed[0]!, { shouldValidate: false });
  }, [allowed, settlement, form]);

  const lookup = useSettlementForm(form, need);

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

          {settlement === "ONCHAIN" && ngn ? <OnchainDestinationFields form={form} idPrefix="fa" detailed /> : null}

          {settlement === "NGN_PAYOUT" && !ngn ? (
            <BankDestinationFields
              form={form}
              idPrefix="fa"
              banks={banks}
              banksError={banksError ?? undefined}
              lookup={lookup}
              confirm="Check it is the right person before creating."
              detailed
            />
          ) : null}

          {need ? <RateField form={form} need={need} detailed /> : null}

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
