"use client";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { toast } from "sonner";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { setApprovalThreshold } from "@/lib/approvals/set-threshold";
import { setApprovalThresholdSchema } from "@/lib/approvals/schemas";
import { formatMoney } from "@/lib/money";

export interface KindOption {
  kind: string;
  label: string;
}

/**
 * Set the limit for a currency (and optionally one kind of movement). Saving an existing
 * currency and kind replaces its amount; the table below lists what is set.
 */
export function ThresholdForm({ kinds }: { kinds: KindOption[] }) {
  const router = useRouter();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: setApprovalThresholdSchema,
    action: setApprovalThreshold,
    defaultValues: { currency: "USD", kind: "*", amount: "", remove: false },
    onSuccess: (data) => {
      if ("status" in data && data.status === "pending_approval") {
        toast.info(`${data.summary}: ${data.message}`, { duration: 10_000 });
      } else if ("amount" in data && data.amount !== undefined) {
        const scope = data.kind === "*" ? "any kind" : (kinds.find((k) => k.kind === data.kind)?.label.toLowerCase() ?? data.kind);
        toast.success(
          data.changed
            ? `Limit for ${scope} in ${data.currency} is now ${formatMoney(data.amount, data.currency)}.`
            : `The limit was already ${formatMoney(data.amount, data.currency)}.`,
        );
      }
      form.reset({ currency: form.getValues("currency"), kind: form.getValues("kind"), amount: "", remove: false });
      router.refresh();
    },
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-[8rem_14rem_1fr_auto] sm:items-start"
      aria-label="Set an approval limit"
      data-testid="threshold-form"
    >
      <Field label="Currency" htmlFor="threshold-currency" error={errorOf("currency")} required>
        <Input id="threshold-currency" autoComplete="off" required maxLength={12} className="uppercase" {...form.register("currency")} />
      </Field>
      <Field label="Applies to" htmlFor="threshold-kind" error={errorOf("kind")}>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select value={field.value ?? "*"} onValueChange={field.onChange}>
              <SelectTrigger id="threshold-kind" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="*">Any kind of movement</SelectItem>
                {kinds.map((k) => (
                  <SelectItem key={k.kind} value={k.kind}>
                    {k.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field
        label="Approval needed above"
        htmlFor="threshold-amount"
        error={errorOf("amount")}
        description="Amounts at or under this are sent at once. 0 means every amount needs approval."
        required
      >
        <Input id="threshold-amount" inputMode="decimal" autoComplete="off" placeholder="1000.00" required {...form.register("amount")} />
      </Field>
      <div className="sm:pt-[1.375rem]">
        <Button type="submit" disabled={pending} data-testid="threshold-save">
          {pending ? "Saving…" : "Save limit"}
        </Button>
      </div>
      <div className="sm:col-span-4">
        <FormError message={formError} />
      </div>
    </form>
  );
}
