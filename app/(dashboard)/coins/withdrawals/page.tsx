import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Link } from "@/components/ui/link";
import { WithdrawableAssets } from "@/app/(dashboard)/coins/_components/withdrawable-assets";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { AddAddressButton } from "@/app/(dashboard)/coins/_components/addresses/add-address-button";
import { AddressesTable } from "@/app/(dashboard)/coins/_components/addresses/data-table";
import { CryptoWithdrawalsTable, FiatWithdrawalsTable } from "@/app/(dashboard)/coins/_components/withdrawals/data-tables";
import { WithdrawalsToolbar } from "@/app/(dashboard)/coins/_components/withdrawals/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadWithdrawalFilters, withdrawalPageLinks } from "@/lib/coins/filters";
import { readAddresses, readCryptoWithdrawals, readFiatWithdrawals, readWithdrawalAssets } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins withdrawals" };

const BUTTON =
  "rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

export default async function CoinsWithdrawalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const raw = await searchParams;
  const crypto = loadWithdrawalFilters.crypto(raw);
  const fiat = loadWithdrawalFilters.fiat(raw);
  // Both lists' places, so paging one list keeps the other's filters and page.
  const here = withdrawalPageLinks.fiat(withdrawalPageLinks.crypto("/coins/withdrawals", crypto), fiat);
  const canWithdraw = can(me.role, "withdrawal:create");
  const [assets, addresses, cryptoList, fiatList] = await Promise.all([
    readOrProblem(readWithdrawalAssets(me)),
    readOrProblem(readAddresses(me)),
    readOrProblem(readCryptoWithdrawals(me, crypto)),
    readOrProblem(readFiatWithdrawals(me, fiat)),
  ]);
  return (
    <>
      <PageHeader
        title="Coins withdrawals"
        description={`Crypto to saved addresses and naira to bank accounts, from the Coins balance, in ${me.environment === "production" ? "production" : "the sandbox"}. Above your approval limit a second person approves before anything is sent.`}
        actions={
          canWithdraw ? (
            <>
              <Link className={BUTTON} href="/coins/withdrawals/new">
                New crypto withdrawal
              </Link>
              <Link className={BUTTON} href="/coins/withdrawals/new?kind=fiat">
                New fiat withdrawal
              </Link>
            </>
          ) : null
        }
      />
      <div className="grid gap-10">
        <section aria-labelledby="cw-assets" className="grid gap-3">
          <h2 id="cw-assets" className="text-lg font-semibold">
            Withdrawable assets and chains
          </h2>
          {!assets.ok ? <ReadError title="Withdrawable assets could not load" message={assets.message} /> : <WithdrawableAssets assets={assets.data.assets} />}
        </section>

        <section aria-labelledby="cw-addresses" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="cw-addresses" className="text-lg font-semibold">
              Saved addresses
            </h2>
            {canWithdraw && assets.ok ? <AddAddressButton assets={assets.data.assets} /> : null}
          </div>
          {!addresses.ok ? (
            <ReadError title="Saved addresses could not load" message={addresses.message} />
          ) : (
            <AddressesTable initial={addresses.data} canEdit={canWithdraw} />
          )}
        </section>

        <section aria-labelledby="cw-crypto" className="grid gap-3">
          <h2 id="cw-crypto" className="text-lg font-semibold">
            Crypto withdrawals
          </h2>
          <ListRegion>
            <WithdrawalsToolbar kind="crypto" assets={!assets.ok ? [] : assets.data.assets.map((a) => a.symbol)} />
            {!cryptoList.ok ? (
              <ReadError title="Crypto withdrawals could not load" message={cryptoList.message} />
            ) : (
              <CryptoWithdrawalsTable initial={cryptoList.data} filters={crypto} here={here} />
            )}
          </ListRegion>
        </section>

        <section aria-labelledby="cw-fiat" className="grid gap-3">
          <h2 id="cw-fiat" className="text-lg font-semibold">
            Fiat withdrawals
          </h2>
          <ListRegion>
            <WithdrawalsToolbar kind="fiat" />
            {!fiatList.ok ? (
              <ReadError title="Fiat withdrawals could not load" message={fiatList.message} />
            ) : (
              <FiatWithdrawalsTable initial={fiatList.data} filters={fiat} here={here} />
            )}
          </ListRegion>
        </section>
      </div>
    </>
  );
}
