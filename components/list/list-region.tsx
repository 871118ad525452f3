"use client";
import { createContext, type ReactNode, useContext, useState } from "react";

type Region = { pending: boolean; setPending: (pending: boolean) => void };

const RegionContext = createContext<Region | null>(null);

/**
 * Ties a list's toolbar to its table when the page renders them side by side: while the toolbar's
 * navigation is pending, the table below is marked busy and dimmed, so the old rows are not
 * mistaken for the new result.
 */
export function ListRegion({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(false);
  return <RegionContext.Provider value={{ pending, setPending }}>{children}</RegionContext.Provider>;
}

/** The enclosing region, or null when a list stands alone. */
export function useListRegion(): Region | null {
  return useContext(RegionContext);
}
