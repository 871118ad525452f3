/**
 * Building blocks for response schemas that survive drift in the provider's API: objects keep the
 * fields we do not know yet, enums accept values we have not seen (typed, and shown raw), money stays
 * a decimal string. A response only fails to parse when a field we rely on is missing or of another
 * kind altogether.
 */
import { z } from "zod";

/** Known values for autocompletion and exhaustive UI labels, but any other string is accepted. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/** True when `value` is one of the known members (an unknown one is rendered raw by the UI). */
export function isKnown<const T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}

/**
 * Money, prices and quantities: decimal strings. A bare JSON number (drift) is turned into its
 * literal text, so it is still never handled as a float in the app.
 */
export const decimal = z.union([z.string(), z.number().transform((n) => String(n))]);
export const optDecimal = decimal.nullish();
export const str = z.string();
export const optStr = z.string().nullish();
export const int = z.number().int();
export const timestamp = z.string();
export const optTimestamp = z.string().nullish();

export const obj = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/** Core list pages: `{ data, page, limit, total, total_pages }`. */
export function corePage<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    page: z.number().int().optional(),
    limit: z.number().int().optional(),
    total: z.number().int().optional(),
    total_pages: z.number().int().optional(),
  });
}

/** `{ data: T }` wrappers the core surface uses for a few single records. */
export function dataOf<T extends z.ZodType>(inner: T) {
  return z.looseObject({ data: inner });
}

export const moneyAmount = obj({ amount: decimal, currency: str });
export const address = obj({
  street_line_1: optStr,
  street_line_2: optStr,
  city: optStr,
  state: optStr,
  postal_code: optStr,
  country: optStr,
});

/** A schema that accepts anything: for `data: null` answers (cancel, delete). */
export const anything = z.unknown();
