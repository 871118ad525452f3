"use client";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { useActionForm } from "@/components/forms/use-action-form";
import { setVelocityLimit } from "@/lib/approvals/set-velocity-limit";
import { VELOCITY_SCOPE_LABEL } from "@/lib/approvals/filters";
import { formatMoney } from "@/lib/money";
import { LimitForm } from "./limit-form";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadSetVelocityLimitSchema = () => import("@/lib/approvals/schemas").then((m) => m.setVelocityLimitSchema);

/** Set a rolling 24-hour limit per currency, for the whole organization or for each requester. */
export function VelocityLimitForm() {
  const router = useRouter();
  const hook = useActionForm({
    schema: loadSetVelocityLimitSchema,
    action: setVelocityLimit,
    defaultValues: { currency: "USD", scope: "organization", amount: "", remove: false },
    onSuccess: (data) => {
      // Raising a limit lets more through: it waits for a second person (or the announced delay).
      if ("status" in data && data.status === "pending_approval") {
        toast.info(`${data.summary}: ${data.message}`, { duration: 10_000 });
      } else if ("amount" in data && data.amount !== undefined) {
        toast.success(
          `24-hour limit (${VELOCITY_SCOPE_LABEL[data.scope].toLowerCase()}) in ${data.currency} is now ${formatMoney(data.amount, data.currency)}.`,
        );
      }
      hook.form.reset({ currency: hook.form.getValues("currency"), scope: hook.form.getValues("scope"), amount: "", remove: false });
      router.refresh();
    },
  });
  return (
    <LimitForm
      idPrefix="velocity"
      ariaLabel="Set a 24-hour limit"
      hook={hook}
      choice={{
        name: "scope",
        label: "Whose total",
        fallback: "organization",
        options: [
          { value: "organization", label: VELOCITY_SCOPE_LABEL.organization },
          { value: "requester", label: VELOCITY_SCOPE_LABEL.requester },
        ],
      }}
      amount={{
        label: "24-hour total above which payments wait",
        description: "Payments sent or waiting for approval in the last 24 hours count, this one included.",
        placeholder: "3000.00",
      }}
      submitLabel="Save 24-hour limit"
    />
  );
}
