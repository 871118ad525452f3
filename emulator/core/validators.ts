/**
 * Format and checksum rules of the core surface: ABA routing numbers, IBAN (ISO 13616 mod 97),
 * BIC (ISO 9362), wallet addresses per chain family, names, postal addresses and developer fees.
 */
import { parseDecimal } from "../lib/money";
import { ALPHA2_CODES, ALPHA3_TO_ALPHA2, COUNTRIES_WITHOUT_POSTAL_CODES, EVM_CHAINS, US_STATES } from "./reference";
import type { Address } from "./types";
import { type FieldErrors, isObject, requireObject } from "./http-util";

/** ABA checksum: 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) must be a multiple of 10. */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as number[];
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const total = d.reduce((acc, digit, i) => acc + digit * (w[i] as number), 0);
  return total % 10 === 0;
}

/** IBAN: 2-letter country, 2 check digits, up to 30 alphanumerics; mod 97 of the rearranged number is 1. */
export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (!ALPHA2_CODES.has(iban.slice(0, 2))) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Spaces are accepted as the usual print grouping and removed before checks and storage. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** BIC: 4-letter institution, 2-letter ISO country, 2-char location, optional 3-char branch. */
export function isValidBic(bic: string): boolean {
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic)) return false;
  return ALPHA2_CODES.has(bic.slice(4, 6));
}

export function isEvmAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";

/** Address format per chain family: EVM (0x + 40 hex), Aptos (0x + 64 hex), Solana, Tron. */
export function isValidChainAddress(chain: string, address: string): boolean {
  if (EVM_CHAINS.has(chain)) return isEvmAddress(address);
  if (chain === "APTOS") return /^0x[0-9a-fA-F]{64}$/.test(address);
  if (chain === "SOLANA") return new RegExp(`^${BASE58}{32,44}$`).test(address);
  if (chain === "TRON") return new RegExp(`^T${BASE58}{33}$`).test(address);
  return false;
}

export function isAlpha3Country(code: unknown): code is string {
  return typeof code === "string" && ALPHA3_TO_ALPHA2.has(code);
}

/** ACH: printable ASCII only, and not blank. */
export function isValidAchName(name: string): boolean {
  return /^[\x20-\x7E]+$/.test(name) && name.trim() !== "";
}

/** Wire: word characters, spaces and the punctuation set , . - ' & / ( ) only, and not blank. */
export function isValidWireName(name: string): boolean {
  return /^[\w ,.\-'&/()]+$/.test(name) && name.trim() !== "";
}

/** A street number: a group of digits, optionally followed by a letter or a unit suffix ("12B"). */
export function hasStreetNumber(line: string): boolean {
  return /(^|\s)\d+[A-Za-z]?(\s|,|$)/.test(line) || /^\d+[-/]\d+/.test(line);
}

function optString(v: unknown): string | null | undefined {
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : undefined;
}

/**
 * Validates an address object under `path` and returns the stored form, or null when invalid
 * (errors are added to `errors`). `requireStreetNumber` applies to US addresses receiving wires.
 */
export function validateAddress(raw: unknown, path: string, errors: FieldErrors, opts: { requireStreetNumber?: boolean } = {}): Address | null {
  if (!requireObject(raw, path, errors)) return null;
  const before = Object.keys(errors.fields).length;
  const line1 = raw.street_line_1;
  if (typeof line1 !== "string" || line1.trim() === "") errors.add(`${path}.street_line_1`, "is required");
  else if (line1.length < 4 || line1.length > 35) errors.add(`${path}.street_line_1`, "must be 4 to 35 characters");

  const line2 = optString(raw.street_line_2);
  if (line2 === undefined) errors.add(`${path}.street_line_2`, "must be a string");
  else if (line2 !== null && line2.length > 35) errors.add(`${path}.street_line_2`, "must be at most 35 characters");

  const city = raw.city;
  if (typeof city !== "string" || city.trim() === "") errors.add(`${path}.city`, "is required");

  const country = raw.country;
  if (country === undefined || country === null || country === "") errors.add(`${path}.country`, "is required");
  else if (!isAlpha3Country(country)) errors.add(`${path}.country`, "must be an ISO 3166-1 alpha-3 country code");

  const state = optString(raw.state);
  if (state === undefined) errors.add(`${path}.state`, "must be a string");
  else if (state !== null && state !== "") {
    if (!/^[A-Z0-9]{1,3}$/.test(state)) errors.add(`${path}.state`, "must be an ISO 3166-2 subdivision code of 1 to 3 characters");
    else if (country === "USA" && !US_STATES.has(state)) errors.add(`${path}.state`, "is not a US subdivision code (ISO 3166-2:US)");
  } else if (country === "USA") errors.add(`${path}.state`, "is required for US addresses");

  const postal = optString(raw.postal_code);
  if (postal === undefined) errors.add(`${path}.postal_code`, "must be a string");
  else if (postal === null || postal.trim() === "") {
    if (isAlpha3Country(country) && !COUNTRIES_WITHOUT_POSTAL_CODES.has(country)) {
      errors.add(`${path}.postal_code`, "is required for this country");
    }
  } else if (country === "USA" && !/^\d{5}(?:-\d{4})?$/.test(postal)) {
    errors.add(`${path}.postal_code`, "must be a US ZIP code (12345 or 12345-6789)");
  } else if (postal.length > 16) {
    errors.add(`${path}.postal_code`, "must be at most 16 characters");
  }

  if (opts.requireStreetNumber && country === "USA" && typeof line1 === "string" && !errors.has(`${path}.street_line_1`)) {
    if (!hasStreetNumber(line1)) errors.add(`${path}.street_line_1`, "must include a street number for US addresses receiving wires");
  }

  if (Object.keys(errors.fields).length > before) return null;
  return {
    street_line_1: line1 as string,
    street_line_2: line2 && line2 !== "" ? line2 : null,
    city: city as string,
    state: state && state !== "" ? state : null,
    postal_code: postal && postal.trim() !== "" ? postal : null,
    country: country as string,
  };
}

/** Upper bound of a developer fee, in percent of the settled amount. */
const MAX_DEVELOPER_FEE_PCT = 10;

/**
 * The optional `developer_fee: { percentage }` of funding accounts and legacy ramps: a decimal
 * string above 0 and at most 10, with up to 2 decimals. Null when absent or invalid.
 */
export function developerFeeField(raw: unknown, errors: FieldErrors): { percentage: string } | null {
  if (raw === undefined || raw === null) return null;
  const pct = isObject(raw) ? raw.percentage : undefined;
  const parsed = parseDecimal(pct, { maxDecimalPlaces: 2 });
  if (typeof pct !== "string" || parsed === null || parsed.lte(0) || parsed.gt(MAX_DEVELOPER_FEE_PCT)) {
    errors.add("developer_fee.percentage", "must be a decimal string greater than 0 and at most 10, with up to 2 decimals");
    return null;
  }
  return { percentage: pct };
}
