"use client";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { browserTimeZone } from "@/components/ui/date-time";
import { Field } from "@/components/ui/field";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { formatZoneLabel } from "@/lib/format";
import { setTimeZone } from "@/lib/time-zone/set-time-zone";

const noSubscription = () => () => {};
// The rules (and zod) are fetched at the first input, not shipped with the page.
const loadSetTimeZoneSchema = () => import("@/lib/time-zone/schemas").then((m) => m.setTimeZoneSchema);

/**
 * The setting, with the browser's own zone as the default choice. The detected zone shows what the
 * server last heard from the browser until the page is live, then the browser's answer: the same
 * text on both sides of hydration.
 */
export function TimeZoneForm({
  setting,
  zone,
  reportedBrowserZone,
  zones,
}: {
  setting: string | null;
  zone: string;
  reportedBrowserZone: string | null;
  zones: string[];
}) {
  const detected = React.useSyncExternalStore(noSubscription, browserTimeZone, () => reportedBrowserZone);
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadSetTimeZoneSchema,
    action: setTimeZone,
    defaultValues: { timeZone: setting ?? "" },
    onSuccess: (data) => {
      form.reset({ timeZone: data.timeZone ?? "" });
      toast.success(data.timeZone ? `Times are now shown in ${data.timeZone}.` : "Times now follow your browser's zone.");
    },
  });
  return (
    <div className="grid max-w-2xl gap-6">
      <p className="text-sm" data-testid="time-zone-current">
        Times are shown in <span className="font-medium">{zone}</span> ({formatZoneLabel(zone)}){setting ? "" : ", your browser's zone"}.
      </p>
      <form onSubmit={onSubmit} className="grid gap-4 rounded-lg border p-4" aria-label="Time zone" noValidate>
        <Field
          label="Time zone"
          htmlFor="time-zone"
          error={errorOf("timeZone")}
          description="Follow the browser to see your computer's zone wherever you are; choose a zone to keep one whatever the computer says."
        >
          <NativeSelect id="time-zone" width="w-full" className="max-w-md" {...form.register("timeZone")}>
            <NativeSelectOption value="">Browser&apos;s zone (detected: {detected ?? "not reported yet"})</NativeSelectOption>
            {zones.map((z) => (
              <NativeSelectOption key={z} value={z}>
                {z.replaceAll("_", " ")}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <FormError message={formError} />
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save"}
          </Button>
        </div>
      </form>
    </div>
  );
}
