/**
 * The Coins surface of the sandbox emulator (`/coins/v1/...`): markets, orders, balances,
 * transactions, portfolio, crypto and fiat withdrawals, saved addresses and fiat deposit options.
 */
import { randomUUID } from "node:crypto";
import type { SurfaceModule } from "../lib/contract";
import { advance } from "./engine";
import { mountCoins } from "./routes";
import { seedCoins } from "./seed";
import type { CoinsSlice } from "./state";

const coins: SurfaceModule = {
  name: "coins",
  seedMerchant(merchant, rng, ctx) {
    return seedCoins(merchant, rng, ctx.clock.now());
  },
  mount(router, ctx) {
    mountCoins(router, ctx);
  },
  tick(ctx, now) {
    let changed = false;
    for (const m of ctx.state.merchants) {
      // Only merchants whose slice exists: seeding belongs to the platform, not to the ticker.
      if (!ctx.state.surfaces.coins?.[m.id]) continue;
      if (advance(ctx.slice<CoinsSlice>("coins", m.id), randomUUID, now)) changed = true;
    }
    if (changed) ctx.save();
  },
};

export default coins;
