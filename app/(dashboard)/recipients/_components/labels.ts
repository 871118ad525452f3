/** Display names for recipient values; unknown values from the provider are shown raw. Client-safe. */
import { ALPHA3_TO_ALPHA2 } from "@/lib/recipients/reference";
import { CATEGORY_LABEL, CHAIN_LABEL, PURPOSE_LABEL, TYPE_LABEL, type RecipientType } from "@/lib/recipients/values";

export const typeLabel = (type: string) => TYPE_LABEL[type as RecipientType] ?? type;
export const chainLabel = (chain: string) => CHAIN_LABEL[chain as keyof typeof CHAIN_LABEL] ?? chain;
export const categoryLabel = (c: string) => CATEGORY_LABEL[c as keyof typeof CATEGORY_LABEL] ?? c;
export const purposeLabel = (p: string) => PURPOSE_LABEL[p as keyof typeof PURPOSE_LABEL] ?? p;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "Germany (DEU)" for an ISO 3166-1 alpha-3 code; the code itself when it is not one. */
export function countryLabel(alpha3: string): string {
  const alpha2 = ALPHA3_TO_ALPHA2.get(alpha3);
  return alpha2 ? `${regionNames.of(alpha2) ?? alpha2} (${alpha3})` : alpha3;
}

/** Every country for a picker, by name. */
export const COUNTRY_OPTIONS = [...ALPHA3_TO_ALPHA2.keys()]
  .map((value) => ({ value, label: countryLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label));
