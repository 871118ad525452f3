"use client";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { useActionForm } from "@/components/forms/use-action-form";
import { setApprovalThreshold } from "@/lib/approvals/set-threshold";
import { formatMoney } from "@/lib/money";
import { LimitForm } from "./limit-form";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadSetApprovalThresholdSchema = () => import("@/lib/approvals/schemas").then((m) => m.setApprovalThresholdSchema);

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
  const hook = useActionForm({
    schema: loadSetApprovalThresholdSchema,
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
      hook.form.reset({ currency: hook.form.getValues("currency"), kind: hook.form.getValues("kind"), amount: "", remove: false });
      router.refresh();
    },
  });
  return (
    <LimitForm
      idPrefix="threshold"
      ariaLabel="Set an approval limit"
      hook={hook}
      choice={{
        name: "kind",
        label: "Applies to",
        fallback: "*",
        options: [{ value: "*", label: "Any kind of movement" }, ...kinds.map((k) => ({ value: k.kind, label: k.label }))],
      }}
      amount={{
        label: "Approval needed above",
        description: "Amounts at or under this are sent at once. 0 means every amount needs approval.",
        placeholder: "1000.00",
      }}
      submitLabel="Save limit"
    />
  );
}
