/**
 * The stock asset list's filters as they live in the URL, declared once for the page, its GET
 * route, the toolbar and the API URL. Client-safe and free of the validation library. An unknown
 * value in a shared link is dropped rather than refused.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { searchParser } from "@/lib/http/list-params";
import { STOCK_CATEGORIES } from "@/lib/upstream/schemas/stocks-values";

/**
 * The category (asked of the provider) and free text matched against symbol and name, in the app
 * (the provider has no search).
 */
export const assetFilters = { category: parseAsStringLiteral(STOCK_CATEGORIES), q: searchParser(60) };
export const loadAssetFilters = createLoader(assetFilters);
export const serializeAssetFilters = createSerializer(assetFilters);
export type AssetFilters = inferParserType<typeof assetFilters>;
