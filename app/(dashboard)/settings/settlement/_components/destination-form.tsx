"use client";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setSettlementDestination } from "@/lib/settlement/set-destination";
import { DESTINATION_INFO, DESTINATIONS, destinationLabel, FUTURE_ONLY, type Destination } from "@/lib/settlement/values";

// The rules (and zod) are fetched at the first input, not shipped with the page.
const loadSettlementFormSchema = () => import("@/lib/settlement/schema").then((m) => m.settlementFormSchema);

/**
 * The NGN settlement destination: both choices with what each does, the current one marked. Admins
 * pick another and type its name to confirm; others only read. The provider's refusal (NGN_BALANCE
 * without an active NGN account) is shown as its sentence, and nothing changes.
 */
export function SettlementDestinationCard({ current, canChange, hasNgnAccount }: { current: string | null; canChange: boolean; hasNgnAccount: boolean }) {
  const router = useRouter();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadSettlementFormSchema,
    action: (values, attemptKey) => setSettlementDestination({ ...values, attemptKey }),
    defaultValues: { destination: (current as Destination | null) ?? "USD_BALANCE", confirmation: "" },
    attempt: "settlement-destination",
    mode: "onSubmit",
    fieldOf: (name) => (name === "destination" || name === "confirmation" ? name : null),
    onSuccess: (data) => {
      form.reset({ destination: data.destination, confirmation: "" });
      if (data.pendingApproval)
        toast.success(`Waiting for approval: ${data.pendingApproval.summary}. Nothing changes until someone else approves it in Approvals.`);
      else
        toast.success(
          data.changed ? `Future NGN deposits now settle to the ${destinationLabel(data.destination)}.` : "That was already the setting; nothing changed.",
        );
      router.refresh();
    },
  });
  const chosen = form.watch("destination");
  const changing = canChange && chosen !== current;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">NGN settlement destination</h2>
        </CardTitle>
        <CardDescription>
          Where NGN deposits to your permanent NGN account go. Now:{" "}
          <span className="font-medium text-foreground" data-testid="current-destination">
            {destinationLabel(current)}
          </span>
          {current ? <span className="font-mono text-xs"> ({current})</span> : null}. {FUTURE_ONLY}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="NGN settlement destination" className="grid gap-4">
          <fieldset disabled={!canChange || pending} className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Settle future NGN deposits to</legend>
            {DESTINATIONS.map((d) => (
              <label
                key={d}
                className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:disabled]:cursor-default"
                data-testid={`destination-${d}`}
              >
                <input type="radio" value={d} className="mt-1 size-4 accent-primary" {...form.register("destination")} />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">
                    {DESTINATION_INFO[d].label} <span className="font-mono text-xs text-muted-foreground">{d}</span>
                    {d === current ? <span className="ml-2 text-xs text-muted-foreground">(current)</span> : null}
                  </span>
                  <span className="text-sm text-muted-foreground">{DESTINATION_INFO[d].effect}</span>
                  {d === "NGN_BALANCE" && !hasNgnAccount ? (
                    <span className="text-xs text-warning">The provider shows no NGN account, so it is likely to refuse this choice.</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          {!canChange ? (
            <p className="text-sm text-muted-foreground" data-testid="admin-only">
              Only admins can change the settlement destination.
            </p>
          ) : null}
          {changing ? (
            <div className="grid gap-4 rounded-md border border-warning/50 bg-warning/10 p-4">
              <p className="text-sm" data-testid="settlement-change-effect">
                From the next deposit on, NGN deposits will settle to the <span className="font-medium">{destinationLabel(chosen)}</span> instead of the{" "}
                {destinationLabel(current)}. Deposits already settled and the balances you have now do not change.
              </p>
              <Field label={`Type ${chosen} to confirm`} htmlFor="settlement-confirmation" error={errorOf("confirmation")} required>
                <Input id="settlement-confirmation" autoComplete="off" spellCheck={false} className="font-mono" {...form.register("confirmation")} />
              </Field>
              <div>
                <Button type="submit" disabled={pending}>
                  {pending ? "Changing…" : "Change settlement destination"}
                </Button>
              </div>
            </div>
          ) : null}
          <FormError message={formError} />
        </form>
      </CardContent>
    </Card>
  );
}
