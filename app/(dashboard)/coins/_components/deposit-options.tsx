import { CopyButton } from "@/components/forms/copy-button";
import { Badge } from "@/components/ui/badge";
import { formatAsset } from "@/lib/coins/format";
import type { FiatDepositOption } from "@/lib/coins/views";

/**
 * Each currency's deposit option: the bank account to pay into, its status and the minimum amount.
 * Every detail a payer types has a copy button; an inactive account says plainly not to pay into it.
 */
export function DepositOptions({ options }: { options: FiatDepositOption[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {options.map((o) => {
        const a = o.account;
        const active = a?.status === "active";
        const details: [string, string | null | undefined][] = [
          ["Account name", a?.account_name],
          ["Account number", a?.account_number],
          ["Bank", a?.bank_name],
          ["Bank code", a?.bank_code],
          ["Provider", a?.provider],
        ];
        return (
          <section
            key={o.currency}
            aria-labelledby={`dep-${o.currency}`}
            className="grid gap-3 rounded-lg border p-5"
            data-testid="coins-deposit-option"
            data-currency={o.currency}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`dep-${o.currency}`} className="text-lg font-semibold">
                {o.currency}
                <span className="ml-2 text-sm font-normal text-muted-foreground">{o.display_name ?? ""}</span>
              </h2>
              <Badge variant={active ? "success" : "warning"} data-testid="coins-deposit-status">
                {a?.status ?? "no account"}
              </Badge>
            </div>
            <p className="text-sm">
              Minimum deposit <span className="font-medium tabular-nums">{formatAsset(o.min_amount, o.currency)}</span>
            </p>
            {!active ? (
              <p className="text-sm text-muted-foreground">This account is not accepting deposits now. Do not pay into it until it shows active.</p>
            ) : null}
            {a ? (
              <dl className="grid gap-2 text-sm">
                {details.map(([label, value]) => (
                  <div key={label} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="flex items-center gap-2">
                      <span className="font-mono">{value ?? "—"}</span>
                      {value ? <CopyButton value={value} label={`${o.currency} ${label.toLowerCase()}`} /> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">The provider has not assigned an account for this currency.</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
