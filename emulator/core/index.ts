/**
 * The core surface of the sandbox emulator (`/v1/...`): banks, customers, rates, funding accounts,
 * deposits, recipients, transfers, merchant balances and withdrawals, merchant funding, legacy routes.
 */
import type { SurfaceModule } from "../lib/contract";

const core: SurfaceModule = {
  name: "core",
  seedMerchant() {
    return {};
  },
  mount() {},
};

export default core;
