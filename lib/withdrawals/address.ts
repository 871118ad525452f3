/**
 * Whether a destination address has the shape of its chain family, before anything is sent. A
 * format check only (the provider still has the final word): it catches a pasted Tron or Solana
 * address on an EVM chain, a truncated copy, or stray characters. Client-safe.
 */
export type ChainFamily = "evm" | "tron" | "solana" | "aptos";

/** Chain keys in upper case, as the core surface writes them; unknown chains have no family. */
const FAMILY: Record<string, ChainFamily> = {
  ETHEREUM: "evm",
  POLYGON: "evm",
  BASE: "evm",
  ARBITRUM: "evm",
  OPTIMISM: "evm",
  CELO: "evm",
  TRON: "tron",
  SOLANA: "solana",
  APTOS: "aptos",
};

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const PATTERN: Record<ChainFamily, RegExp> = {
  evm: /^0x[0-9a-fA-F]{40}$/,
  tron: new RegExp(`^T${BASE58}{33}$`),
  solana: new RegExp(`^${BASE58}{32,44}$`),
  aptos: /^0x[0-9a-fA-F]{1,64}$/,
};

const DESCRIBE: Record<ChainFamily, string> = {
  evm: "0x followed by 40 hexadecimal characters",
  tron: "T followed by 33 base58 characters",
  solana: "32 to 44 base58 characters",
  aptos: "0x followed by up to 64 hexadecimal characters",
};

export function chainFamily(chain: string): ChainFamily | null {
  return FAMILY[chain.trim().toUpperCase()] ?? null;
}

/** What an address on this chain looks like, for a field's help text. */
export function addressHint(chain: string): string {
  const family = chainFamily(chain);
  return family ? `A ${chain} address: ${DESCRIBE[family]}.` : "The address on the chosen chain.";
}

/** Null when the address fits the chain's family; otherwise the sentence for the field. */
export function addressProblem(chain: string, address: string): string | null {
  const value = address.trim();
  if (value === "") return "Enter the destination address.";
  const family = chainFamily(chain);
  if (!family) return `Addresses on ${chain} cannot be checked here. Choose one of the listed chains.`;
  if (/\s/.test(address.trim()) || !PATTERN[family].test(value)) return `This is not a ${chain} address. Enter ${DESCRIBE[family]}.`;
  return null;
}
