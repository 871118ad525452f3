/**
 * The Pro surface of the sandbox emulator (`/pro/public/v1/...`): orders on NGN pairs, Pro
 * webhooks and on-chain withdrawal options.
 */
import type { SurfaceModule } from "../lib/contract";

const pro: SurfaceModule = {
  name: "pro",
  seedMerchant() {
    return {};
  },
  mount() {},
};

export default pro;
