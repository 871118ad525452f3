"use client";

import * as React from "react";
import { ChevronsUpDownIcon, LogOutIcon } from "lucide-react";

import { endSession } from "@/lib/auth/end-session";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { initialsOf, ROLE_LABELS } from "@/components/shell/user";
import type { ShellUser } from "@/components/shell/types";

/** Who is signed in, with what role, and the way out. */
function UserMenu({ user }: { user: ShellUser }) {
  const formRef = React.useRef<HTMLFormElement>(null);
  return (
    <>
      {/* Outside the menu so it survives the menu closing; a plain form also works before hydration. */}
      <form ref={formRef} action={endSession} hidden />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" className="gap-2 px-1.5">
            <span
              aria-hidden="true"
              className="flex size-6 items-center justify-center rounded-full bg-primary text-[0.65rem] font-semibold text-primary-foreground"
            >
              {initialsOf(user.name, user.email)}
            </span>
            <span className="sr-only">Account: </span>
            <span className="hidden max-w-32 truncate lg:inline">{user.name}</span>
            <span className="sr-only lg:hidden">{user.name}</span>
            <ChevronsUpDownIcon className="hidden size-3.5 text-muted-foreground lg:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64" portal={false}>
          <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
            <span className="truncate text-sm font-medium">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            <Badge variant="secondary" className="mt-1">
              {ROLE_LABELS[user.role]}
            </Badge>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => formRef.current?.requestSubmit()}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

export { UserMenu };
