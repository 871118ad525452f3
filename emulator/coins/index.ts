/**
 * The Coins surface of the sandbox emulator (`/coins/v1/...`).
 */
import type { SurfaceModule } from "../lib/contract";

const coins: SurfaceModule = {
  name: "coins",
  seedMerchant() {
    return {};
  },
  mount() {},
};

export default coins;
