/**
 * The Stocks surface of the sandbox emulator (`/stocks/v1/...`).
 */
import type { SurfaceModule } from "../lib/contract";

const stocks: SurfaceModule = {
  name: "stocks",
  seedMerchant() {
    return {};
  },
  mount() {},
};

export default stocks;
