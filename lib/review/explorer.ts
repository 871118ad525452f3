/**
 * Block explorer links for a transaction hash. Client-safe. An unknown chain gets no link: a wrong
 * explorer would show "not found" and look like the money never moved. The sandbox moves testnet
 * tokens, so its hashes are looked up on each chain's public test network explorer; a chain
 * without a known test explorer gets no link in the sandbox rather than a mainnet one.
 */
import type { Environment } from "@/lib/generated/prisma/enums";
type Explorer = { name: string; tx: (hash: string) => string };

const MAINNET: Record<string, Explorer> = {
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

/** The current public test network of each chain (Sepolia for the EVM chains, Amoy for Polygon). */
const TESTNET: Record<string, Explorer> = {
  ETHEREUM: { name: "Etherscan (Sepolia)", tx: (h) => `https://sepolia.etherscan.io/tx/${h}` },
  BASE: { name: "BaseScan (Base Sepolia)", tx: (h) => `https://sepolia.basescan.org/tx/${h}` },
  POLYGON: { name: "PolygonScan (Amoy)", tx: (h) => `https://amoy.polygonscan.com/tx/${h}` },
  ARBITRUM: { name: "Arbiscan (Arbitrum Sepolia)", tx: (h) => `https://sepolia.arbiscan.io/tx/${h}` },
  OPTIMISM: { name: "Optimism Etherscan (OP Sepolia)", tx: (h) => `https://sepolia-optimism.etherscan.io/tx/${h}` },
  CELO: { name: "Blockscout (Celo Sepolia)", tx: (h) => `https://celo-sepolia.blockscout.com/tx/${h}` },
  TRON: { name: "Tronscan (Nile)", tx: (h) => `https://nile.tronscan.org/#/transaction/${h}` },
  SOLANA: { name: "Solscan (devnet)", tx: (h) => `https://solscan.io/tx/${h}?cluster=devnet` },
  APTOS: { name: "Aptos Explorer (testnet)", tx: (h) => `https://explorer.aptoslabs.com/txn/${h}?network=testnet` },
};

const ALIASES: Record<string, string> = { ETH: "ETHEREUM", MATIC: "POLYGON", ARB: "ARBITRUM", OP: "OPTIMISM", SOL: "SOLANA", TRX: "TRON", APT: "APTOS" };

/**
 * The explorer page of a transaction in this environment, or null when the chain is unknown (or has
 * no test explorer, in the sandbox) or the hash is not a plain token.
 */
export function explorerTxUrl(
  chain: string | null | undefined,
  hash: string | null | undefined,
  environment: Environment,
): { url: string; name: string } | null {
  if (!chain || !hash || !/^[A-Za-z0-9]+$/.test(hash)) return null;
  const key = chain
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  const explorer = (environment === "sandbox" ? TESTNET : MAINNET)[ALIASES[key] ?? key];
  return explorer ? { url: explorer.tx(hash), name: explorer.name } : null;
}
