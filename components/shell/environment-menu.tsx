"use client";

import type * as React from "react";
import { FlaskConicalIcon, LandmarkIcon } from "lucide-react";

import { ConfirmAction } from "@/components/forms/confirm-action";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ENVIRONMENT_LABELS } from "@/components/shell/environment";
import type { Environment } from "@/components/shell/types";

const ICONS: Record<Environment, typeof FlaskConicalIcon> = { sandbox: FlaskConicalIcon, production: LandmarkIcon };

export interface EnvironmentMenuProps {
  trigger: React.ReactElement;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  shown: Environment;
  pending: boolean;
  onChoose: (value: string) => void;
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  onConfirm: () => void;
}

/**
 * The environment switch's menu and its confirmation, loaded on first use (see on-demand.ts);
 * the switch itself (environment-switch.tsx) keeps the state and does the switching.
 */
function EnvironmentMenu({ trigger, triggerRef, shown, pending, onChoose, confirming, onConfirmingChange, onConfirm }: EnvironmentMenuProps) {
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44" portal={false}>
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Environment</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={shown} onValueChange={onChoose}>
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
        onOpenChange={onConfirmingChange}
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
        onConfirm={onConfirm}
      />
    </>
  );
}

export { EnvironmentMenu };
