import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { AssetDetail } from "@/app/(dashboard)/stocks/_components/asset-detail";
import { requirePagePermission } from "@/lib/auth/session";
import { SYMBOL_PATTERN } from "@/lib/stocks/prices-query";
import { readAsset } from "@/lib/stocks/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { stockAsset } from "@/lib/upstream/schemas/stocks";

export const metadata: Metadata = { title: "Stock asset" };

export default async function StockAssetPage({ params }: { params: Promise<{ symbol: string }> }) {
  const me = await requirePagePermission("data:read");
  const symbol = decodeURIComponent((await params).symbol).toUpperCase();
  if (!SYMBOL_PATTERN.test(symbol)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/stocks/assets">
      Back to assets
    </Link>
  );
  const read = await readOrProblem(readAsset(me, symbol), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title={symbol} actions={back} />
        <ReadError title="This asset could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  const a = view.data;
  return (
    <>
      <PageHeader title={a.name ? `${a.symbol} · ${a.name}` : a.symbol} description={a.subtitle ?? undefined} actions={back} />
      <AssetDetail initial={view} knownFields={Object.keys(stockAsset.shape)} />
    </>
  );
}
