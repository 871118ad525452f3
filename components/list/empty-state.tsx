import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

/** What a list shows instead of an empty table: what is (not) there, what to do next, and maybe a way to start. */
export function ListEmptyState({ testId, title, hint, action }: { testId: string; title: ReactNode; hint: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** The usual action of an empty list: a link to create the first one. */
export function ListEmptyLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className="inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href={href}>
      {children}
    </Link>
  );
}
