/**
 * Block explorer links for a transaction hash. Client-safe. An unknown chain gets no link: a wrong
 * explorer would show "not found" and look like the money never moved.
 */
const EXPLORERS: Record<string, { name: string; tx: (hash: string) => string }> = {
  ETHEREUM: { name: "Etherscan", tx: (h) => `https://etherscan.io/tx/${h}` },
  BASE: { name: "BaseScan", tx: (h) => `https://basescan.org/tx/${h}` },
  POLYGON: { name: "PolygonScan", tx: (h) => `https://polygonscan.com/tx/${h}` },
  ARBITRUM: { name: "Arbiscan", tx: (h) => `https://arbiscan.io/tx/${h}` },
  OPTIMISM: { name: "Optimism Etherscan", tx: (h) => `https://optimistic.etherscan.io/tx/${h}` },
  CELO: { name: "CeloScan", tx: (h) => `https://celoscan.io/tx/${h}` },
  TRON: { name: "Tronscan", tx: (h) => `https://tronscan.org/#/transaction/${h}` },
  SOLANA: { name: "Solscan", tx: (h) => `https://solscan.io/tx/${h}` },
  APTOS: { name: "Aptoscan", tx: (h) => `https://aptoscan.com/transaction/${h}` },
};

const ALIASES: Record<string, string> = { ETH: "ETHEREUM", MATIC: "POLYGON", ARB: "ARBITRUM", OP: "OPTIMISM", SOL: "SOLANA", TRX: "TRON", APT: "APTOS" };

/** The explorer page of a transaction, or null when the chain is unknown or the hash is not a plain token. */
export function explorerTxUrl(chain: string | null | undefined, hash: string | null | undefined): { url: string; name: string } | null {
  if (!chain || !hash || !/^[A-Za-z0-9]+$/.test(hash)) return null;
  const key = chain.trim().toUpperCase().replace(/[\s-]+/g, "_");
  const explorer = EXPLORERS[ALIASES[key] ?? key];
  return explorer ? { url: explorer.tx(hash), name: explorer.name } : null;
}
