import { Link } from "@/components/ui/link";
import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/pro", label: "Order ticket" },
  { href: "/pro/orders", label: "Orders" },
  { href: "/pro/withdrawal-options", label: "Withdrawal options" },
] as const;

/** Links between the Pro desk's pages (webhooks only for those who manage settings). */
export function ProNav({ current, withWebhooks = false }: { current: string; withWebhooks?: boolean }) {
  const links = withWebhooks ? [...LINKS, { href: "/pro/webhooks", label: "Webhooks" }] : LINKS;
  return (
    <nav aria-label="Pro desk" className="flex flex-wrap gap-2">
      {links.map((l) => (
        <Link
          key={l.href}
          href={l.href}
          aria-current={l.href === current ? "page" : undefined}
          className={cn(
            "rounded-md border px-3 py-1.5 text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            l.href === current && "bg-accent font-medium",
          )}
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
