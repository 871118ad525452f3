/**
 * Seeded, deterministic pseudo-random numbers (mulberry32). The same seed always yields the same
 * sequence, so the seeded sandbox state is identical on every machine and after every reset.
 */
import type { Rng } from "./contract";

/** 32-bit FNV-1a hash: turns a label (e.g. "42:core:<merchant id>") into a seed. */
export function hashSeed(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  let a = (typeof seed === "string" ? hashSeed(seed) : seed) >>> 0;

  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`rng.int needs integers with min <= max, got ${min}..${max}`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("rng.pick needs a non-empty list");
    return items[int(0, items.length - 1)] as T;
  };

  const uuid = (): string => {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(int(0, 255));
    // Version 4 and RFC 4122 variant bits, so the ids pass any UUID validator.
    bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };

  return { next, int, pick, uuid };
}
