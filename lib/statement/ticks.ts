/**
 * Round axis ticks for the statement's chart: steps of 1, 2, 2.5 or 5 times a power of ten, from a
 * multiple of the step at or below the lowest value to one at or above the highest, so the axis
 * reads "0, 250, 500, 750, 1,000" rather than quarters of an arbitrary range. Client-safe.
 */
const STEPS = [1, 2, 2.5, 5, 10];

export function niceTicks(min: number, max: number, target = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min > max) [min, max] = [max, min];
  if (min === max) {
    // A flat series still gets an axis around it.
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.map((s) => s * power).find((s) => s >= raw)!;
  const first = Math.floor(min / step) * step;
  const out: number[] = [];
  for (let i = 0; i <= target * 3; i++) {
    // Whole multiples of the step, so 0.1 + 0.2 never shows as 0.30000000000000004.
    const v = Number((first + i * step).toPrecision(12));
    out.push(v);
    if (v >= max) break;
  }
  return out;
}
