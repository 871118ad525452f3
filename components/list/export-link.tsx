import { buttonVariants } from "@/components/ui/button";

/** "Export CSV": downloads every row of a list's filters on screen (`href`, its export route), not only the page shown. */
export function ExportLink({ href, testId = "list-export" }: { href: string; testId?: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: "outline", className: "ml-auto" })} data-testid={testId}>
      Export CSV
    </a>
  );
}
