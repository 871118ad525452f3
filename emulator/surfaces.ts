/** Every surface module the emulator serves, in mount order. */
import type { SurfaceModule } from "./lib/contract";
import core from "./core/index";
import coins from "./coins/index";
import stocks from "./stocks/index";
import pro from "./pro/index";

export const surfaces: SurfaceModule[] = [core, coins, stocks, pro];
