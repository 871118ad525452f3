"use client";

import * as React from "react";
import { ChevronDownIcon, FlaskConicalIcon, LandmarkIcon, LoaderCircleIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { switchEnvironment } from "@/lib/auth/switch-environment";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { ENVIRONMENT_LABELS, needsConfirmation, parseEnvironment } from "@/components/shell/environment";
import { useOnDemand } from "@/components/page/on-demand";
import type { Environment } from "@/components/shell/types";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

const ICONS: Record<Environment, typeof FlaskConicalIcon> = { sandbox: FlaskConicalIcon, production: LandmarkIcon };

const loadMenu = () => import("@/components/shell/environment-menu").then((m) => m.EnvironmentMenu);

/**
 * Sandbox or production for this person. Moving to production asks first, because from then on
 * every action moves real money; moving back to sandbox is always safe and happens at once.
 */
function EnvironmentSwitch({ environment }: { environment: Environment }) {
  const [shown, setShown] = React.useOptimistic(environment);
  const [pending, startTransition] = React.useTransition();
  const [confirming, setConfirming] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const { Loaded: EnvironmentMenu, triggerProps } = useOnDemand(loadMenu);

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
  const button = (props: Partial<typeof triggerProps>) => (
    <Button
      ref={triggerRef}
      variant={shown === "production" ? "outline-destructive" : "outline"}
      size="sm"
      data-environment={shown}
      aria-busy={pending || undefined}
      aria-haspopup="menu"
      {...props}
    >
      <Icon className={cn(pending && "animate-spin")} aria-hidden="true" />
      <span className="sr-only">Environment: </span>
      <span className="sr-only sm:not-sr-only">{ENVIRONMENT_LABELS[shown]}</span>
      <ChevronDownIcon className="hidden opacity-60 sm:block" aria-hidden="true" />
    </Button>
  );
  if (!EnvironmentMenu) return button(triggerProps);
  return (
    <EnvironmentMenu
      trigger={button({})}
      triggerRef={triggerRef}
      shown={shown}
      pending={pending}
      onChoose={choose}
      confirming={confirming}
      onConfirmingChange={setConfirming}
      onConfirm={() => submit("production")}
    />
  );
}

export { EnvironmentSwitch };
