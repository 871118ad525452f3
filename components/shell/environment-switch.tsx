"use client";

import * as React from "react";
import { ChevronDownIcon, FlaskConicalIcon, LandmarkIcon, LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";

import { cn } from "@/lib/utils";
import { switchEnvironment } from "@/lib/auth/switch-environment";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ENVIRONMENT_LABELS, needsConfirmation, parseEnvironment } from "@/components/shell/environment";
import type { Environment } from "@/components/shell/types";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

const ICONS: Record<Environment, typeof FlaskConicalIcon> = { sandbox: FlaskConicalIcon, production: LandmarkIcon };

/**
 * Sandbox or production for this person. Moving to production asks first, because from then on
 * every action moves real money; moving back to sandbox is always safe and happens at once.
 */
function EnvironmentSwitch({ environment }: { environment: Environment }) {
  const [shown, setShown] = React.useOptimistic(environment);
  const [pending, startTransition] = React.useTransition();
  const [confirming, setConfirming] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);

  function submit(target: Environment) {
    startTransition(async () => {
      setShown(target);
      const formData = new FormData();
      formData.set("environment", target);
      const result = await answerOrFailure(switchEnvironment(formData));
      if (result.ok) toast.success(`Switched to ${ENVIRONMENT_LABELS[target].toLowerCase()}.`);
      else toast.error(result.error);
    });
  }

  function choose(value: string) {
    const target = parseEnvironment(value);
    if (!target || target === shown || pending) return;
    if (needsConfirmation(shown, target)) setConfirming(true);
    else submit(target);
  }

  const Icon = pending ? LoaderCircleIcon : ICONS[shown];
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="outline"
            size="sm"
            data-environment={shown}
            aria-busy={pending || undefined}
            className={cn("gap-1.5", shown === "production" && "border-destructive/60 text-destructive hover:text-destructive dark:border-destructive/60")}
          >
            <Icon className={cn(pending && "animate-spin")} aria-hidden="true" />
            <span className="sr-only">Environment: </span>
            <span className="sr-only sm:not-sr-only">{ENVIRONMENT_LABELS[shown]}</span>
            <ChevronDownIcon className="hidden opacity-60 sm:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44" portal={false}>
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Environment</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={shown} onValueChange={choose}>
            {(["sandbox", "production"] as const).map((value) => {
              const ItemIcon = ICONS[value];
              return (
                <DropdownMenuRadioItem key={value} value={value} disabled={pending}>
                  <ItemIcon aria-hidden="true" />
                  {ENVIRONMENT_LABELS[value]}
                </DropdownMenuRadioItem>
              );
            })}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmAction
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          // The menu item that opened the dialog is gone by now; return focus to the switch.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
        title="Switch to production?"
        description="In production, transfers, withdrawals and orders move real money and cannot be undone from here. Your team sees the same production data."
        cancel="Stay in sandbox"
        confirm="Switch to production"
        destructive
        onConfirm={() => submit("production")}
      />
    </>
  );
}

export { EnvironmentSwitch };
