"use client";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { setNotificationPreference } from "@/lib/notifications/set-preference";
import { DELIVERY_MODES, KINDS, MODE_LABELS, type DeliveryMode, type NotificationKind } from "@/lib/notifications/kinds";

/** One group of radio buttons per kind; a choice is saved as soon as it is made (arrow keys move within a group). */
export function PreferencesForm({ initial }: { initial: { kind: NotificationKind; mode: DeliveryMode }[] }) {
  const [modes, setModes] = React.useState(() => Object.fromEntries(initial.map((i) => [i.kind, i.mode])) as Record<NotificationKind, DeliveryMode>);
  const [saving, setSaving] = React.useState<NotificationKind | null>(null);

  async function choose(kind: NotificationKind, mode: DeliveryMode) {
    const before = modes[kind];
    setModes((m) => ({ ...m, [kind]: mode }));
    setSaving(kind);
    const r = await answerOrFailure(setNotificationPreference({ kind, mode }));
    setSaving(null);
    if (!r.ok) {
      setModes((m) => ({ ...m, [kind]: before }));
      toast.error(r.error);
      return;
    }
    toast.success(`${KINDS[kind].label}: ${MODE_LABELS[mode].toLowerCase()}.`);
  }

  return (
    <div className="grid gap-4">
      {initial.map(({ kind }) => (
        <fieldset key={kind} className="grid gap-2 rounded-lg border p-4" data-testid={`pref-${kind}`} aria-describedby={`pref-${kind}-desc`}>
          <legend className="px-1 font-medium">{KINDS[kind].label}</legend>
          <p id={`pref-${kind}-desc`} className="text-sm text-muted-foreground">
            {KINDS[kind].description}
          </p>
          <div className="flex flex-wrap gap-4">
            {DELIVERY_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`pref-${kind}`}
                  value={mode}
                  checked={modes[kind] === mode}
                  disabled={saving === kind}
                  onChange={() => void choose(kind, mode)}
                  className="size-4 accent-primary"
                />
                {MODE_LABELS[mode]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
