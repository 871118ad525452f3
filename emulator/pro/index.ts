/**
 * The Pro surface of the sandbox emulator (`/pro/public/v1/...`): orders on the NGN pairs against
 * simulated liquidity, balances, Pro webhooks and on-chain withdrawal options.
 */
import type { SurfaceModule } from "../lib/contract";
import { mountProRoutes, syncSlice } from "./routes";
import { seedProSlice } from "./seed";
import type { ProSlice } from "./types";
import { destinations, recordDelivery } from "./webhooks";

const pro: SurfaceModule = {
  name: "pro",

  seedMerchant(_merchant, rng, ctx) {
    return seedProSlice(rng, ctx.clock.now());
  },

  mount(router, ctx) {
    mountProRoutes(router, ctx);
  },

  tick(ctx) {
    const bucket = ctx.state.surfaces.pro;
    if (!bucket) return;
    // Only merchants whose slice exists; slices are created on first use.
    for (const merchantId of Object.keys(bucket)) syncSlice(ctx, merchantId);
  },

  webhookDestinations(ctx, merchantId, event) {
    return destinations(ctx.slice<ProSlice>("pro", merchantId), event);
  },

  onDeliveryResult(ctx, merchantId, destination, ok, reason) {
    if (!destination.webhookId) return;
    const slice = ctx.slice<ProSlice>("pro", merchantId);
    if (recordDelivery(slice, destination.webhookId, ok, reason, ctx.clock.now())) ctx.save();
  },
};

export default pro;
