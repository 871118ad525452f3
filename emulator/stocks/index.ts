/**
 * The Stocks surface of the sandbox emulator (`/stocks/v1/...`): tokenized stock assets with
 * US-market-hours status, prices (list and convert mode) and the merchant's wallet portfolio.
 * Read-only: the spec shows no Stocks order endpoints, so none are emulated.
 */
import type { SurfaceModule } from "../lib/contract";
import { seedStocks } from "./portfolio";
import { mountStocks } from "./routes";

const stocks: SurfaceModule = {
  name: "stocks",
  seedMerchant(_merchant, rng) {
    return seedStocks(rng);
  },
  mount(router, ctx) {
    mountStocks(router, ctx);
  },
};

export default stocks;
