/**
 * Shared by the surface test suites: one real emulator per test file, and the envelope Coins,
 * Stocks and Pro answer with (see http.ts). Test code only; imports vitest.
 */
import { afterAll, beforeAll } from "vitest";
import { withEmulator, type TestEmulator } from "../testing";

/** The envelope as a JSON client reads it; payloads are asserted field by field, hence `any`. */
export interface Envelope<T = any> {
  success: boolean;
  message?: string;
  data: T;
  error?: { code: string; message: string; details?: any; fields?: Record<string, string> };
  timestamp: string;
}

export interface Suite {
  emu: TestEmulator;
}

/**
 * Starts an emulator before the file's tests and closes it after them. beforeAll fills in `emu`,
 * so read it inside tests and hooks only.
 */
export function emulatorPerSuite(opts: Parameters<typeof withEmulator>[0] = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.emu = await withEmulator(opts);
  });
  afterAll(async () => {
    await suite.emu?.close();
  });
  return suite;
}
