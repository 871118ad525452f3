"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { CopyButton } from "@/components/forms/copy-button";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { removeOutboundWebhook } from "@/lib/review/remove-outbound-webhook";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadSetOutboundWebhookSchema = () => import("@/lib/review/schemas").then((m) => m.setOutboundWebhookSchema);

/**
 * Where final review decisions are sent. A new signing secret is shown once, right after it is
 * generated; after that only its first and last characters are ever shown. A new address waits for
 * a second person's approval (or the announced delay); removing it applies at once.
 */
export function OutboundWebhookForm({
  current,
  secret,
  environment,
}: {
  current: { url: string; enabled: boolean } | null;
  secret: { masked: string; createdAt: string } | null;
  environment: string;
}) {
  const router = useRouter();
  const [shown, setShown] = useState<string | null>(null);
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadSetOutboundWebhookSchema,
    action: setOutboundWebhook,
    defaultValues: { url: current?.url ?? "", enabled: current?.enabled ?? true, newSecret: false },
    onSuccess: (data) => {
      setShown(data.secret);
      if ("status" in data && data.status === "pending_approval") {
        form.reset({ url: form.getValues("url"), enabled: data.enabled, newSecret: false });
        toast.info(`${data.summary}: ${data.message}${data.secret ? " Copy the new signing secret now: it is not shown again." : ""}`, { duration: 10_000 });
      } else {
        form.reset({ url: data.url ?? "", enabled: data.enabled, newSecret: false });
        toast.success(data.secret ? "Saved. Copy the new signing secret now: it is not shown again." : "Saved.");
      }
      router.refresh();
    },
  });
  return (
    <div className="grid max-w-2xl gap-6">
      <p className="text-sm" data-testid="outbound-current">
        {current ? (
          <>
            {current.enabled ? "Sending final decisions to " : "Paused. Saved address: "}
            <span className="font-mono break-all">{current.url}</span>
          </>
        ) : (
          "No address set yet: final decisions are kept here and in the CSV export only."
        )}
      </p>
      <form onSubmit={onSubmit} className="grid gap-4 rounded-lg border p-4" noValidate>
        <Field
          label="Endpoint address"
          htmlFor="outbound-url"
          error={errorOf("url")}
          required
          description={`Your system receives a POST for every final decision in ${environment}, and for a held credit once the provider completes (or fails) the deposit. ${environment === "production" ? "Production needs https://." : ""}`}
        >
          <Input
            id="outbound-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://erp.example.com/hooks/deposit-reviews"
            {...form.register("url")}
          />
        </Field>
        <Field label="Send decisions" htmlFor="outbound-enabled" description="Switch off to stop queuing new deliveries; those already queued still go out.">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => <Switch id="outbound-enabled" checked={field.value ?? true} onCheckedChange={field.onChange} />}
          />
        </Field>
        {secret ? (
          <Field
            label="Generate a new signing secret"
            htmlFor="outbound-new-secret"
            description={`Current secret ${secret.masked}. A new one replaces it at once; update your system first.`}
          >
            <Controller
              control={form.control}
              name="newSecret"
              render={({ field }) => <Switch id="outbound-new-secret" checked={field.value ?? false} onCheckedChange={field.onChange} />}
            />
          </Field>
        ) : (
          <p className="text-sm text-muted-foreground">A signing secret is generated when you save the address for the first time.</p>
        )}
        <FormError message={formError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save"}
          </Button>
          {current ? (
            <Button
              type="button"
              variant="outline"
              disabled={pending}
              data-testid="outbound-remove"
              onClick={async () => {
                const res = await answerOrFailure(removeOutboundWebhook({}));
                if (!res.ok) return void toast.error(res.error);
                toast.success("Address removed: final decisions are no longer sent.");
                form.reset({ url: "", enabled: true, newSecret: false });
                router.refresh();
              }}
            >
              Remove address
            </Button>
          ) : null}
        </div>
      </form>
      {shown ? (
        <div role="status" className="grid gap-2 rounded-lg border border-warning/50 bg-warning/10 p-4">
          <p className="font-medium">New signing secret: copy it now, it is not shown again</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-background px-2 py-1 text-xs break-all" data-testid="outbound-secret">
              {shown}
            </code>
            <CopyButton value={shown} label="signing secret" />
          </div>
          <Button variant="ghost" className="justify-self-start" onClick={() => setShown(null)}>
            I have stored it
          </Button>
        </div>
      ) : null}
      <section aria-labelledby="outbound-verify" className="grid gap-2 text-sm">
        <h2 id="outbound-verify" className="text-base font-semibold">
          Verifying a delivery
        </h2>
        <p className="text-muted-foreground">
          Each delivery is a JSON POST with <code>X-Merchant-Ops-Signature</code> (the lowercase hex HMAC-SHA256 of the raw body with your signing secret),{" "}
          <code>X-Merchant-Ops-Event</code> and <code>X-Merchant-Ops-Delivery</code> (the same id on every retry: use it to ignore duplicates). Answer any 2xx
          to acknowledge; anything else is retried with growing pauses for up to three days.
        </p>
      </section>
    </div>
  );
}
