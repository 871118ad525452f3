"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, useTransition } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { fetchJson } from "@/components/page/fetch-json";
import { BankLookupControls, useBankLookup } from "@/components/forms/bank-lookup";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setAccountSettlementDestination } from "@/lib/funding-accounts/set-settlement-destination";
import { allowedSettlements, rateNeed, settlementFormSchema } from "@/lib/funding-accounts/schema";
import { ASSETS, DESTINATION_CHAINS, type Rail, type SettlementType } from "@/lib/funding-accounts/options";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { accountKey } from "./account-detail";
import { settlementLabel } from "@/lib/funding-accounts/labels";
import { RatePicker } from "./rate-picker";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

type Values = z.input<ReturnType<typeof settlementFormSchema>>;
type Option = { value: string; label: string };

/**
 * Changes where a permanent, active account's future deposits settle: the same settlement rules
 * as creation (allowed types for the rail, a quoted rate where money converts, a looked-up bank).
 */
export function ChangeSettlementDialog({ accountId, rail, asset }: { accountId: string; rail: Rail; asset: string }) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey(`settlement-change-${accountId}`);
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const allowed = allowedSettlements(rail, "PERMANENT");
  const schema = useMemo(() => settlementFormSchema(rail, asset), [rail, asset]);
  const defaults: Values = {
    funding_account_id: accountId,
    settlement_type: allowed[0]!,
    rate_id: "",
    destination_asset: "",
    destination_chain: "",
    destination_address: "",
    bank_code: "",
    account_number: "",
    account_name: "",
  };
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults, mode: "onTouched" });
  const errorOf = (name: Path<Values>) => form.formState.errors[name]?.message;
  const [settlement, destinationAsset] = form.watch(["settlement_type", "destination_asset"]) as string[];
  const need = rateNeed(rail, settlement as SettlementType, asset, destinationAsset ?? "");
  const needKey = need ? `${need.side}:${need.to}` : "";
  const banks = useQuery({
    queryKey: ["banks"],
    queryFn: () => fetchJson<{ banks: { code: string; name: string }[] }>("/api/banks", "The banks could not be loaded. Try again in a moment."),
    enabled: open && settlement === "NGN_PAYOUT",
    staleTime: 60 * 60_000,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversion (needKey) changes, which is its purpose
  useEffect(() => {
    form.setValue("rate_id", "");
  }, [needKey, form]);
  const lookup = useBankLookup(form, { bankCode: "bank_code", accountNumber: "account_number", accountName: "account_name" });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    start(async () => {
      const r = await answerOrFailure(setAccountSettlementDestination({ ...values, attemptKey: attempt.current() }));
      if (r.ok) {
        attempt.renew();
        toast.success(
          r.data.pendingApproval
            ? `Waiting for approval: ${r.data.pendingApproval.summary}. Deposits settle as before until someone else approves it in Approvals.`
            : "Settlement destination changed. It applies to future deposits.",
        );
        void queryClient.invalidateQueries({ queryKey: accountKey(accountId) });
        setOpen(false);
        form.reset(defaults);
        lookup.clear();
        return;
      }
      // Any failure keeps the key (lib/upstream/use-attempt-key.ts): a retry is the same attempt.
      const fields = Object.entries(r.fieldErrors ?? {}).filter(([name]) => name in defaults);
      for (const [name, message] of fields) form.setError(name as Path<Values>, { type: "server", message });
      if (fields.length === 0 || r.requestId) setFormError(r.error);
    });
  });

  const select = (name: Path<Values>, id: string, placeholder: string, options: Option[]) => (
    <ControlledSelect control={form.control} name={name} id={id} placeholder={placeholder} options={options} />
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (!pending ? setOpen(next) : undefined)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Change settlement
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change the settlement destination</DialogTitle>
          <DialogDescription>Deposits that arrive after the change settle to the new destination; earlier deposits are not affected.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change the settlement destination">
          <Field label="Settle deposits to" htmlFor="sd-type" error={errorOf("settlement_type")} required>
            {select(
              "settlement_type",
              "sd-type",
              "Choose a settlement",
              allowed.map((s) => ({ value: s, label: settlementLabel(s) })),
            )}
          </Field>
          {settlement === "ONCHAIN" ? (
            <>
              <Field label="Pay out as" htmlFor="sd-dest-asset" error={errorOf("destination_asset")} required>
                {select(
                  "destination_asset",
                  "sd-dest-asset",
                  "Choose a stablecoin",
                  ASSETS.map((a) => ({ value: a, label: a })),
                )}
              </Field>
              <Field label="Pay out on" htmlFor="sd-dest-chain" error={errorOf("destination_chain")} required>
                {select(
                  "destination_chain",
                  "sd-dest-chain",
                  "Choose a chain",
                  DESTINATION_CHAINS.map((c) => ({ value: c, label: c })),
                )}
              </Field>
              <Field label="Destination address" htmlFor="sd-dest-address" error={errorOf("destination_address")} required>
                <Input id="sd-dest-address" autoComplete="off" spellCheck={false} className="font-mono" {...form.register("destination_address")} />
              </Field>
            </>
          ) : null}
          {settlement === "NGN_PAYOUT" ? (
            <>
              <Field label="Destination bank" htmlFor="sd-bank" error={errorOf("bank_code") ?? (banks.isError ? banks.error.message : undefined)} required>
                {select(
                  "bank_code",
                  "sd-bank",
                  banks.isLoading ? "Loading banks…" : "Choose a bank",
                  (banks.data?.banks ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` })),
                )}
              </Field>
              <Field label="Account number" htmlFor="sd-account-number" error={errorOf("account_number")} required>
                <Input id="sd-account-number" inputMode="numeric" autoComplete="off" maxLength={10} {...form.register("account_number")} />
              </Field>
              <BankLookupControls lookup={lookup} error={errorOf("account_name")} confirm="Check it is the right person." />
            </>
          ) : null}
          {need ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{need.required ? "Rate" : "Rate (optional)"}</legend>
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
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Change settlement"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
