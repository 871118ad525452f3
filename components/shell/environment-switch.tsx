"use client";

import * as React from "react";
import { FlaskConicalIcon, LandmarkIcon, LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";

import { cn } from "@/lib/utils";
import { switchEnvironment } from "@/lib/actions/switch-environment";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ENVIRONMENT_LABELS, needsConfirmation, parseEnvironment } from "@/components/shell/environment";
import type { Environment } from "@/components/shell/types";

/**
 * Sandbox or production for this person. Moving to production asks first, because from then on
 * every action moves real money; moving back to sandbox is always safe and happens at once.
 */
function EnvironmentSwitch({ environment }: { environment: Environment }) {
  const [shown, setShown] = React.useOptimistic(environment);
  const [pending, startTransition] = React.useTransition();
  const [confirming, setConfirming] = React.useState(false);

  function submit(target: Environment) {
    startTransition(async () => {
      setShown(target);
      const formData = new FormData();
      formData.set("environment", target);
      try {
        const result = await switchEnvironment(formData);
        if (result.ok) toast.success(`Switched to ${ENVIRONMENT_LABELS[target].toLowerCase()}.`);
        else toast.error(result.error);
      } catch {
        // The request never reached the action (offline, deploy in progress); nothing changed.
        toast.error("Could not switch environment. Check your connection and try again.");
      }
    });
  }

  function onValueChange(value: string) {
    const target = parseEnvironment(value);
    if (!target || target === shown) return;
    if (needsConfirmation(shown, target)) setConfirming(true);
    else submit(target);
  }

  return (
    <>
      <Select value={shown} onValueChange={onValueChange} disabled={pending}>
        <SelectTrigger
          size="sm"
          aria-label="Environment"
          data-environment={shown}
          className={cn(
            "gap-1.5 font-medium",
            shown === "production" &&
              "border-destructive/60 text-destructive [&_svg:not([class*='text-'])]:text-destructive",
          )}
        >
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          <SelectValue />
        </SelectTrigger>
        <SelectContent align="end">
          <SelectItem value="sandbox">
            <FlaskConicalIcon aria-hidden="true" />
            {ENVIRONMENT_LABELS.sandbox}
          </SelectItem>
          <SelectItem value="production">
            <LandmarkIcon aria-hidden="true" />
            {ENVIRONMENT_LABELS.production}
          </SelectItem>
        </SelectContent>
      </Select>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Switch to production?</AlertDialogTitle>
            <AlertDialogDescription>
              In production, transfers, withdrawals and orders move real money and cannot be undone from here.
              Your team sees the same production data.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay in sandbox</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => submit("production")}>
              Switch to production
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export { EnvironmentSwitch };
