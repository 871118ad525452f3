import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

/** A stock's symbol in a list, linking to the asset's page (its disclosures). */
export function SymbolLink({ symbol, children }: { symbol: string; children?: ReactNode }) {
  return (
    <Link href={`/stocks/assets/${encodeURIComponent(symbol)}`} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
      {symbol}
      {children}
    </Link>
  );
}
