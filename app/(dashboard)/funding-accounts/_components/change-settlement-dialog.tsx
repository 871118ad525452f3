"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import type { Path } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { fetchJson } from "@/components/page/fetch-json";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { setAccountSettlementDestination } from "@/lib/funding-accounts/set-settlement-destination";
import type { settlementFormSchema } from "@/lib/funding-accounts/schema";
import { allowedSettlements, rateNeed, type Rail, type SettlementType } from "@/lib/funding-accounts/options";
import { accountKey } from "./account-detail";
import { settlementLabel } from "@/lib/funding-accounts/labels";
import { BankDestinationFields, EMPTY_SETTLEMENT, OnchainDestinationFields, RateField, useSettlementForm } from "./settlement-fields";

type Values = z.input<ReturnType<typeof settlementFormSchema>>;
type Option = { value: string; label: string };

/**
 * Changes where a permanent, active account's future deposits settle: the same settlement rules
 * as creation (allowed types for the rail, a quoted rate where money converts, a looked-up bank).
 */
export type ChangeSettlementProps = { accountId: string; rail: Rail; asset: string };

export function ChangeSettlementDialog({ accountId, rail, asset, trigger }: ChangeSettlementProps & { trigger: ReactNode }) {
  const queryClient = useQueryClient();
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = useState(true);
  const allowed = allowedSettlements(rail, "PERMANENT");
  // The rules (and zod) are fetched at the first input (components/forms/use-action-form.ts).
  const schema = useMemo(() => () => import("@/lib/funding-accounts/schema").then((m) => m.settlementFormSchema(rail, asset)), [rail, asset]);
  const defaults: Values = {
    funding_account_id: accountId,
    settlement_type: allowed[0]!,
    ...EMPTY_SETTLEMENT,
  };
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema,
    action: (values, attemptKey) => setAccountSettlementDestination({ ...values, attemptKey }),
    defaultValues: defaults,
    attempt: `settlement-change-${accountId}`,
    fieldOf: (name) => (name in defaults ? (name as Path<Values>) : null),
    onSuccess: (data) => {
      toast.success(
        data.pendingApproval
          ? `Waiting for approval: ${data.pendingApproval.summary}. Deposits settle as before until someone else approves it in Approvals.`
          : "Settlement destination changed. It applies to future deposits.",
      );
      void queryClient.invalidateQueries({ queryKey: accountKey(accountId) });
      setOpen(false);
      form.reset(defaults);
      lookup.clear();
    },
  });
  const [settlement, destinationAsset] = form.watch(["settlement_type", "destination_asset"]) as string[];
  const need = rateNeed(rail, settlement as SettlementType, asset, destinationAsset ?? "");
  const banks = useQuery({
    queryKey: ["banks"],
    queryFn: () => fetchJson<{ banks: { code: string; name: string }[] }>("/api/banks", "The banks could not be loaded. Try again in a moment."),
    enabled: open && settlement === "NGN_PAYOUT",
    staleTime: 60 * 60_000,
  });

  const lookup = useSettlementForm(form, need);

  const select = (name: Path<Values>, id: string, placeholder: string, options: Option[]) => (
    <ControlledSelect control={form.control} name={name} id={id} placeholder={placeholder} options={options} />
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (!pending ? setOpen(next) : undefined)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
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
          {settlement === "ONCHAIN" ? <OnchainDestinationFields form={form} idPrefix="sd" /> : null}
          {settlement === "NGN_PAYOUT" ? (
            <BankDestinationFields
              form={form}
              idPrefix="sd"
              banks={(banks.data?.banks ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
              banksError={banks.isError ? banks.error.message : undefined}
              bankPlaceholder={banks.isLoading ? "Loading banks…" : "Choose a bank"}
              lookup={lookup}
              confirm="Check it is the right person."
            />
          ) : null}
          {need ? <RateField form={form} need={need} /> : null}
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
