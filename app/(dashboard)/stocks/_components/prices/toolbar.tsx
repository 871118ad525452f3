"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useState, useTransition } from "react";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { checkSymbolList } from "@/lib/stocks/price-checks";

/** Which symbols the table shows (comma-separated, blank for all), in the URL; a malformed list is refused at the field. */
export function PricesToolbar({ serverError }: { serverError?: string }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates({ symbols: parseAsString }, { shallow: false, startTransition: start });
  const [error, setError] = useState<string | undefined>(undefined);
  const apply = (value: string) => {
    const parsed = checkSymbolList(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    const next = parsed.value.join(",") || null;
    if (next !== f.symbols) void setF({ symbols: next });
  };
  return (
    <ListToolbar testId="prices-toolbar" pending={pending}>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          apply(String(new FormData(e.currentTarget).get("symbols") ?? ""));
        }}
      >
        <Field
          label="Symbols"
          htmlFor="prices-symbols"
          description="Comma-separated, e.g. AAPL, TSLA. Blank shows every asset."
          error={error ?? serverError}
          className="w-80"
        >
          <Input key={f.symbols ?? ""} name="symbols" type="search" defaultValue={f.symbols ?? ""} placeholder="All assets" />
        </Field>
        <Button type="submit" variant="outline" className="mb-6">
          Show
        </Button>
        {f.symbols ? (
          <Button type="button" variant="ghost" className="mb-6" onClick={() => void setF({ symbols: null })}>
            Clear
          </Button>
        ) : null}
      </form>
    </ListToolbar>
  );
}
