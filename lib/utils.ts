import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx): conditional ones, arrays, undefined. It merges nothing: a caller must
 * not pass a class that conflicts with one the component already has (w-40 beside w-full, px-2
 * beside px-4), since both would reach the element and Tailwind's CSS order, not the argument
 * order, would pick one. A component offers the choice as a variant or prop instead (Button's
 * sizes, Input's width, TableHead's align); components/ui/class-conflicts.test.ts checks.
 * (tailwind-merge did the merging before: its tables were some 10 KiB on every page.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
