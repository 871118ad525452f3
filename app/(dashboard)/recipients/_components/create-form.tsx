"use client";
import { useRouter } from "next/navigation";
import { Controller, type FieldPath } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { BankLookupControls, useBankLookup } from "@/components/forms/bank-lookup";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { createRecipient } from "@/lib/recipients/create-recipient";
import type { CustomerOption } from "@/lib/funding-accounts/views";
import type { RecipientFormValues } from "@/lib/recipients/schema";
import {
  ACCOUNT_TYPES,
  addressHint,
  CATEGORIES,
  needsCustomer,
  OWNER_TYPES,
  PAYOUT_SCHEMES,
  PURPOSES,
  RECIPIENT_CHAINS,
  RECIPIENT_TYPES,
  STABLE_ASSETS,
  TIER2_MESSAGE,
} from "@/lib/recipients/values";
import { categoryLabel, chainLabel, COUNTRY_OPTIONS, purposeLabel, typeLabel } from "./labels";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadRecipientFormSchema = () => import("@/lib/recipients/schema").then((m) => m.recipientFormSchema);

type Values = RecipientFormValues;
type Name = FieldPath<Values>;

const ADDRESS = { street_line_1: "", street_line_2: "", city: "", state: "", postal_code: "", country: "" };
const DEFAULTS: Values = {
  type: "BANK_ACCOUNT",
  customer_id: "",
  bank_account: { bank_code: "", account_number: "", account_name: "" },
  crypto_address: { asset: "", chain: "", address: "" },
  us_bank_account: {
    account_owner_name: "",
    account_number: "",
    routing_number: "",
    bank_name: "",
    account_type: "",
    payout_scheme: "",
    address: { ...ADDRESS, country: "USA" },
  },
  swift_bank_account: {
    account_owner_name: "",
    account_owner_type: "",
    account_country: "",
    iban: "",
    bic: "",
    bank_name: "",
    first_name: "",
    last_name: "",
    business_name: "",
    category: "",
    purpose_of_funds: [],
    short_business_description: "",
    address: ADDRESS,
    bank_address: ADDRESS,
  },
};

const SCHEME_LABEL: Record<string, string> = { ach: "ACH", wire: "Wire" };
const idOf = (name: string) => `rc-${name.replace(/\./g, "-")}`;
const optionsOf = (values: readonly string[], label: (v: string) => string = (v) => v.charAt(0).toUpperCase() + v.slice(1)): ComboboxOption[] =>
  values.map((v) => ({ value: v, label: label(v) }));

/**
 * Saves a recipient of any of the four types, checking every rule of the provider before submit
 * (the same schema the server action uses) and putting the provider's refusals on the fields. A
 * Nigerian account is looked up first so the person confirms the holder's name. One attempt key
 * per open form, so a double click or a retry after a timeout never sends twice.
 */
export function CreateRecipientForm({
  customers,
  customersError,
  banks,
  banksError,
}: {
  customers: CustomerOption[];
  customersError: string | null;
  banks: ComboboxOption[];
  banksError: string | null;
}) {
  const router = useRouter();
  const { form, onSubmit, setFormError, formError, pending, errorOf, renewAttempt } = useActionForm({
    schema: loadRecipientFormSchema,
    action: (values, attemptKey) => createRecipient({ ...values, attemptKey }),
    defaultValues: DEFAULTS,
    attempt: "recipient-create",
    // The customer list knows the tier: say so at once rather than after a refusal (the provider still decides).
    check: (values) => {
      const chosen = customers.find((c) => c.id === values.customer_id);
      if (!needsCustomer(values.type ?? "") || chosen?.kycTier == null || chosen.kycTier === "2") return values;
      form.setError("customer_id", { type: "tier", message: TIER2_MESSAGE }, { shouldFocus: true });
      return null;
    },
    onFailure: (r) => {
      // A refusal the user will correct starts a new attempt; an unknown outcome keeps the key so a retry is safe.
      if (!r.requestId) renewAttempt();
      Object.entries(r.fieldErrors ?? {}).forEach(([name, message], i) => form.setError(name as Name, { type: "server", message }, { shouldFocus: i === 0 }));
      setFormError(r.error);
      return true;
    },
    onSuccess: (data) => {
      if (data.status === "existing") {
        toast.info("The provider already had a recipient with these account details. Opening it.");
        router.push(`/recipients/${data.id}?existing=1`);
      } else {
        toast.success("Recipient saved.");
        router.push(`/recipients/${data.id}`);
      }
    },
  });
  const [type, chain, scheme, ownerType] = form.watch([
    "type",
    "crypto_address.chain",
    "us_bank_account.payout_scheme",
    "swift_bank_account.account_owner_type",
  ]) as string[];

  const lookup = useBankLookup(form, {
    bankCode: "bank_account.bank_code",
    accountNumber: "bank_account.account_number",
    accountName: "bank_account.account_name",
  });

  const text = (
    name: Name,
    label: string,
    opts: { description?: string; required?: boolean; placeholder?: string; inputMode?: "numeric" | "text"; mono?: boolean; className?: string } = {},
  ) => (
    <Field label={label} htmlFor={idOf(name)} error={errorOf(name)} description={opts.description} required={opts.required} className={opts.className}>
      <Input
        id={idOf(name)}
        autoComplete="off"
        spellCheck={false}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        className={opts.mono ? "font-mono" : undefined}
        {...form.register(name)}
      />
    </Field>
  );

  const select = (name: Name, label: string, placeholder: string, options: ComboboxOption[], opts: { description?: string; className?: string } = {}) => (
    <Field label={label} htmlFor={idOf(name)} error={errorOf(name)} description={opts.description} required className={opts.className}>
      <ControlledSelect control={form.control} name={name} id={idOf(name)} placeholder={placeholder} options={options} />
    </Field>
  );

  const combo = (name: Name, label: string, placeholder: string, searchLabel: string, options: readonly ComboboxOption[], extraError?: string | null) => (
    <Field label={label} htmlFor={idOf(name)} error={errorOf(name) ?? extraError ?? undefined} required>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Combobox
            id={idOf(name)}
            value={String(field.value ?? "")}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            options={options}
            placeholder={placeholder}
            searchLabel={searchLabel}
          />
        )}
      />
    </Field>
  );

  const address = (prefix: "us_bank_account.address" | "swift_bank_account.address" | "swift_bank_account.bank_address", legend: string) => {
    const isUs = form.watch(`${prefix}.country`) === "USA";
    return (
      <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{legend}</legend>
        {text(`${prefix}.street_line_1`, "Street line 1", {
          required: true,
          description: isUs && scheme === "wire" ? "4 to 35 characters, with the street number (wires need it)." : "4 to 35 characters.",
          className: "sm:col-span-2",
        })}
        {text(`${prefix}.street_line_2`, "Street line 2", { description: "Optional, at most 35 characters.", className: "sm:col-span-2" })}
        {text(`${prefix}.city`, "City", { required: true })}
        {text(`${prefix}.state`, "State or region", { required: isUs, description: "ISO 3166-2 code, e.g. NY. Required for US addresses." })}
        {text(`${prefix}.postal_code`, "Postal code", { description: "Required where the country uses postal codes." })}
        {combo(`${prefix}.country`, "Country", "Choose a country", "Search countries", COUNTRY_OPTIONS)}
      </fieldset>
    );
  };

  const customerOptions = customers.map((c) => ({
    value: c.id,
    label: `${c.name}${c.email ? ` (${c.email})` : ""}${c.kycTier ? ` · tier ${c.kycTier}` : ""}`,
  }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New recipient" data-testid="create-recipient-form" className="grid max-w-2xl gap-6">
      <fieldset disabled={pending} className="grid gap-5">
        {select("type", "Recipient type", "Choose a type", optionsOf(RECIPIENT_TYPES, typeLabel))}

        {needsCustomer(type ?? "") ? combo("customer_id", "Customer", "Choose a customer", "Search customers", customerOptions, customersError) : null}
        {needsCustomer(type ?? "") ? (
          <p className="-mt-3 text-xs text-muted-foreground">
            US and SWIFT recipients are paid on a customer&apos;s behalf; the customer must have completed tier 2 verification.
          </p>
        ) : null}

        {type === "BANK_ACCOUNT" ? (
          <div className="grid gap-3 rounded-md border p-4">
            <div className="grid gap-5 sm:grid-cols-2">
              {combo("bank_account.bank_code", "Bank", "Choose a bank", "Search banks", banks, banksError)}
              {text("bank_account.account_number", "Account number", {
                required: true,
                inputMode: "numeric",
                placeholder: "0690000031",
                description: "The 10-digit NUBAN.",
              })}
            </div>
            <BankLookupControls lookup={lookup} error={errorOf("bank_account.account_name")} confirm="Check it is the right person before saving." />
          </div>
        ) : null}

        {type === "CRYPTO_ADDRESS" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {select(
              "crypto_address.asset",
              "Asset",
              "Choose an asset",
              optionsOf(STABLE_ASSETS, (a) => a),
            )}
            {select("crypto_address.chain", "Chain", "Choose a chain", optionsOf(RECIPIENT_CHAINS, chainLabel))}
            {text("crypto_address.address", "Wallet address", {
              required: true,
              mono: true,
              placeholder: "0x…",
              description: `${chain ? `On ${chainLabel(chain)}: ` : ""}${addressHint(chain || "ETHEREUM")}.`,
              className: "sm:col-span-2",
            })}
          </div>
        ) : null}

        {type === "US_BANK_ACCOUNT" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {select(
              "us_bank_account.payout_scheme",
              "Payout scheme",
              "Choose ACH or wire",
              optionsOf(PAYOUT_SCHEMES, (s) => SCHEME_LABEL[s] ?? s),
            )}
            {select("us_bank_account.account_type", "Account type", "Choose an account type", optionsOf(ACCOUNT_TYPES))}
            {text("us_bank_account.account_owner_name", "Account owner's name", {
              required: true,
              className: "sm:col-span-2",
              description: scheme === "wire" ? "For wire: letters, digits, spaces and , . - ' & / ( ) only." : "For ACH: printable ASCII characters only.",
            })}
            {text("us_bank_account.account_number", "Account number", { required: true, inputMode: "numeric", description: "4 to 17 digits." })}
            {text("us_bank_account.routing_number", "Routing number", { required: true, inputMode: "numeric", description: "The 9-digit ABA routing number." })}
            {text("us_bank_account.bank_name", "Bank name", { required: true, className: "sm:col-span-2" })}
            <div className="sm:col-span-2">{address("us_bank_account.address", "Account owner's address")}</div>
          </div>
        ) : null}

        {type === "SWIFT_BANK_ACCOUNT" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {select("swift_bank_account.account_owner_type", "Owner type", "Individual or business", optionsOf(OWNER_TYPES))}
            {text("swift_bank_account.account_owner_name", "Account owner's name", { required: true })}
            {ownerType === "individual" ? (
              <>
                {text("swift_bank_account.first_name", "First name", { required: true })}
                {text("swift_bank_account.last_name", "Last name", { required: true })}
              </>
            ) : null}
            {ownerType === "business" ? text("swift_bank_account.business_name", "Business name", { required: true, className: "sm:col-span-2" }) : null}
            {text("swift_bank_account.iban", "IBAN", {
              required: true,
              mono: true,
              placeholder: "DE89 3704 0044 0532 0130 00",
              description: "Spaces are fine; the check digits are verified.",
            })}
            {text("swift_bank_account.bic", "BIC", { mono: true, placeholder: "COBADEFFXXX", description: "Optional: 8 or 11 characters." })}
            {combo("swift_bank_account.account_country", "Account country", "Choose a country", "Search countries", COUNTRY_OPTIONS)}
            {text("swift_bank_account.bank_name", "Bank name", { description: "Optional." })}
            {select("swift_bank_account.category", "Category", "How they relate to you", optionsOf(CATEGORIES, categoryLabel))}
            {text("swift_bank_account.short_business_description", "Business description", { required: true, placeholder: "Wholesale textiles" })}
            <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={errorOf("swift_bank_account.purpose_of_funds") ? "rc-purpose-error" : undefined}>
              <legend className="mb-1 text-sm font-medium">
                Purpose of funds
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              </legend>
              <Controller
                control={form.control}
                name="swift_bank_account.purpose_of_funds"
                render={({ field }) => (
                  <>
                    {PURPOSES.map((p) => {
                      const list = (field.value as string[] | undefined) ?? [];
                      return (
                        <div key={p} className="flex items-center gap-2">
                          <Checkbox
                            id={`rc-purpose-${p}`}
                            checked={list.includes(p)}
                            aria-invalid={errorOf("swift_bank_account.purpose_of_funds") ? true : undefined}
                            onCheckedChange={(on) => field.onChange(on ? [...list, p] : list.filter((x) => x !== p))}
                            onBlur={field.onBlur}
                          />
                          <Label htmlFor={`rc-purpose-${p}`} weight="normal">
                            {purposeLabel(p)}
                          </Label>
                        </div>
                      );
                    })}
                  </>
                )}
              />
              {errorOf("swift_bank_account.purpose_of_funds") ? (
                <p id="rc-purpose-error" className="text-xs font-medium text-destructive">
                  {errorOf("swift_bank_account.purpose_of_funds")}
                </p>
              ) : null}
            </fieldset>
            <div className="sm:col-span-2">{address("swift_bank_account.address", "Account owner's address")}</div>
            <div className="sm:col-span-2">{address("swift_bank_account.bank_address", "Bank's address")}</div>
          </div>
        ) : null}

        <FormError message={formError} />
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save recipient"}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
