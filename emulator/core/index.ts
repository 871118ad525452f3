/**
 * The core surface of the sandbox emulator (`/v1/...`): banks and resolution, customers, rates,
 * funding accounts, deposits and the deposit simulator, recipients, transfers, merchant balances,
 * withdrawals and funding configuration, and the legacy payouts, onramps and offramps.
 */
import type { SurfaceModule } from "../lib/contract";
import { tick } from "./engine";
import { mountDeposits } from "./routes/deposits";
import { mountFundingAccounts } from "./routes/funding-accounts";
import { mountLegacy } from "./routes/legacy";
import { mountMerchant } from "./routes/merchant";
import { mountRecipients } from "./routes/recipients";
import { mountReference } from "./routes/reference";
import { seedCoreMerchant } from "./seed";

const core: SurfaceModule = {
  name: "core",
  seedMerchant(merchant, rng, ctx) {
    return seedCoreMerchant(merchant, rng, ctx);
  },
  mount(router, ctx) {
    mountReference(router, ctx);
    mountFundingAccounts(router, ctx);
    mountDeposits(router, ctx);
    mountRecipients(router, ctx);
    mountMerchant(router, ctx);
    mountLegacy(router, ctx);
  },
  tick(ctx, now) {
    tick(ctx, now);
  },
};

export default core;
