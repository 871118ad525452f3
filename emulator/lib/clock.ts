/** Emulated time: real time plus an offset that POST /__emulator/clock advances. */
import type { Clock, EmulatorState } from "./contract";

export function createClock(state: () => EmulatorState): Clock {
  return {
    now: () => Date.now() + state().clockOffsetMs,
    iso: (ms?: number) => new Date(ms ?? Date.now() + state().clockOffsetMs).toISOString(),
  };
}
