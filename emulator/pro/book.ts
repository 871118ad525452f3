/**
 * Simulated liquidity for the USD-NGN book: a deterministic ladder of price levels around a mid
 * price that drifts with emulated time. Taking liquidity depletes a level; a level refills
 * linearly over REFILL_MS. Everything is a pure function of (state, time), so the same clock gives
 * the same prices on every run.
 */
import { D, type Dec, ZERO, kobo, maxDec, minDec } from "./decimal";
import type { BookState, Side } from "./types";

export const BOOK_PARAMS = {
  /** NGN per USD at the centre of the drift. */
  baseMid: "1530.00",
  /** Two triangle waves (relative amplitude, period): slow, bounded, deterministic drift. */
  waves: [
    { amplitude: "0.006", periodMs: 15 * 60_000 },
    { amplitude: "0.003", periodMs: 97 * 60_000 },
  ],
  /** Best bid/ask sit this far from mid; each further level one more step out. */
  halfSpread: "0.0005",
  levelStep: "0.0005",
  levels: 10,
  /** Size of level k in USD: baseSize + k * sizeStep. */
  baseSize: "500",
  sizeStep: "250",
  /** A fully depleted level is full again after this long. */
  refillMs: 60_000,
} as const;

/** Triangle wave in [-1, 1] with the given period, computed in decimals (no floating point). */
function triangle(t: number, periodMs: number): Dec {
  const phase = new D(((t % periodMs) + periodMs) % periodMs).dividedBy(periodMs);
  return phase.minus("0.5").abs().times(4).minus(1);
}

export function midPrice(t: number): Dec {
  let factor = new D(1);
  for (const w of BOOK_PARAMS.waves) factor = factor.plus(new D(w.amplitude).times(triangle(t, w.periodMs)));
  return kobo(new D(BOOK_PARAMS.baseMid).times(factor));
}

export function levelSize(k: number): Dec {
  return new D(BOOK_PARAMS.baseSize).plus(new D(BOOK_PARAMS.sizeStep).times(k));
}

/** Price of level k on the side a taker of `takerSide` trades against (asks for buys). */
export function levelPrice(takerSide: Side, k: number, t: number, mid: Dec = midPrice(t)): Dec {
  const offset = new D(BOOK_PARAMS.halfSpread).plus(new D(BOOK_PARAMS.levelStep).times(k));
  // Rounded away from mid so the spread never collapses to zero.
  return takerSide === "buy" ? kobo(mid.times(offset.plus(1)), D.ROUND_UP) : kobo(mid.times(new D(1).minus(offset)), D.ROUND_DOWN);
}

export function emptyBook(t: number): BookState {
  const zeros = Array.from({ length: BOOK_PARAMS.levels }, () => "0");
  return { ask: [...zeros], bid: [...zeros], as_of: t };
}

/** Brings the depletion forward to time t (refill is linear in elapsed time). */
export function refill(book: BookState, t: number): void {
  if (t <= book.as_of) return;
  const elapsed = t - book.as_of;
  for (const key of ["ask", "bid"] as const) {
    book[key] = book[key].map((depleted, k) => {
      if (depleted === "0") return depleted;
      const regained = levelSize(k).times(elapsed).dividedBy(BOOK_PARAMS.refillMs);
      return maxDec(ZERO, new D(depleted).minus(regained)).toFixed();
    });
  }
  book.as_of = t;
}

export interface Level {
  index: number;
  price: Dec;
  available: Dec;
}

/** The levels a taker of `takerSide` can trade against at time t, best first. */
export function levels(book: BookState, takerSide: Side, t: number): Level[] {
  refill(book, t);
  const depletion = takerSide === "buy" ? book.ask : book.bid;
  const mid = midPrice(t);
  return depletion.map((d, k) => ({
    index: k,
    price: levelPrice(takerSide, k, t, mid),
    available: maxDec(ZERO, levelSize(k).minus(d)),
  }));
}

export interface Fill {
  level: number;
  price: Dec;
  quantity: Dec;
}

/**
 * Walks the book for up to `quantity`, only at levels no worse than `limit` when given. Does not
 * change the book: call `take` with the result to consume the liquidity.
 */
export function walk(book: BookState, takerSide: Side, t: number, quantity: Dec, limit: Dec | null): Fill[] {
  refill(book, t);
  const depletion = takerSide === "buy" ? book.ask : book.bid;
  const mid = midPrice(t);
  const fills: Fill[] = [];
  let left = quantity;
  // Prices are computed lazily: a resting order far from the market costs one level, not ten.
  for (let k = 0; k < depletion.length && left.greaterThan(0); k++) {
    const price = levelPrice(takerSide, k, t, mid);
    if (limit !== null && (takerSide === "buy" ? price.greaterThan(limit) : price.lessThan(limit))) break;
    const available = maxDec(ZERO, levelSize(k).minus(depletion[k] ?? "0"));
    const q = minDec(left, available).toDecimalPlaces(8, D.ROUND_DOWN);
    if (q.lte(0)) continue;
    fills.push({ level: k, price, quantity: q });
    left = left.minus(q);
  }
  return fills;
}

export function take(book: BookState, takerSide: Side, fills: readonly Fill[]): void {
  const depletion = takerSide === "buy" ? book.ask : book.bid;
  for (const f of fills) depletion[f.level] = new D(depletion[f.level] ?? "0").plus(f.quantity).toFixed();
}

/** Best bid and ask at time t, for the balances view and tests. */
export function topOfBook(t: number): { bid: Dec; ask: Dec; mid: Dec } {
  return { bid: levelPrice("sell", 0, t), ask: levelPrice("buy", 0, t), mid: midPrice(t) };
}
