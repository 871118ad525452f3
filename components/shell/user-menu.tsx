"use client";

import * as React from "react";
import { ChevronsUpDownIcon } from "lucide-react";

import { endSession } from "@/lib/auth/end-session";
import { Button } from "@/components/ui/button";
import { initialsOf } from "@/components/shell/user";
import { useOnDemand } from "@/components/page/on-demand";
import type { ShellUser } from "@/components/shell/types";

const loadMenu = () => import("@/components/shell/account-menu").then((m) => m.AccountMenu);

/** Who is signed in, with what role, and the way out. */
function UserMenu({ user }: { user: ShellUser }) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const { Loaded: AccountMenu, triggerProps } = useOnDemand(loadMenu);
  const button = (props: Partial<typeof triggerProps>) => (
    <Button variant="ghost" size="avatar" aria-haspopup="menu" {...props}>
      <span aria-hidden="true" className="flex size-6 items-center justify-center rounded-full bg-primary text-[0.65rem] font-semibold text-primary-foreground">
        {initialsOf(user.name, user.email)}
      </span>
      <span className="sr-only">Account: </span>
      <span className="hidden max-w-32 truncate lg:inline">{user.name}</span>
      <span className="sr-only lg:hidden">{user.name}</span>
      <ChevronsUpDownIcon className="hidden size-3.5 text-muted-foreground lg:block" aria-hidden="true" />
    </Button>
  );
  return (
    <>
      {/* Outside the menu so it survives the menu closing; a plain form also works before hydration. */}
      <form ref={formRef} action={endSession} hidden />
      {AccountMenu ? <AccountMenu user={user} trigger={button({})} onSignOut={() => formRef.current?.requestSubmit()} /> : button(triggerProps)}
    </>
  );
}

export { UserMenu };
