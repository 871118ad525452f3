/**
 * On-chain withdrawal rails of the Pro wallet service. Only enabled rails are returned (spec:
 * a missing asset or chain must not be used); the disabled ones are kept here so the filtering is
 * real and visible.
 */

interface Rail {
  blockchain: string;
  blockchain_name: string;
  icon: string;
  contract_address: string | null;
  decimals: number;
  fee_amount: string;
  fee_asset: string;
  enabled: boolean;
}

interface AssetRails {
  asset: string;
  display_name: string;
  icon: string;
  decimals: number;
  enabled: boolean;
  chains: Rail[];
}

const ICONS = "https://static.emulator.invalid/icons";

export const RAILS: readonly AssetRails[] = [
  {
    asset: "USDT",
    display_name: "Tether USD",
    icon: `${ICONS}/usdt.svg`,
    decimals: 6,
    enabled: true,
    chains: [
      {
        blockchain: "tron",
        blockchain_name: "Tron (TRC-20)",
        icon: `${ICONS}/tron.svg`,
        contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        decimals: 6,
        fee_amount: "1.00",
        fee_asset: "USDT",
        enabled: true,
      },
      {
        blockchain: "ethereum",
        blockchain_name: "Ethereum (ERC-20)",
        icon: `${ICONS}/ethereum.svg`,
        contract_address: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        decimals: 6,
        fee_amount: "4.50",
        fee_asset: "USDT",
        enabled: true,
      },
      {
        blockchain: "polygon",
        blockchain_name: "Polygon PoS",
        icon: `${ICONS}/polygon.svg`,
        contract_address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
        decimals: 6,
        fee_amount: "0.50",
        fee_asset: "USDT",
        enabled: true,
      },
      // Suspended rail: never offered.
      {
        blockchain: "bsc",
        blockchain_name: "BNB Smart Chain (BEP-20)",
        icon: `${ICONS}/bsc.svg`,
        contract_address: "0x55d398326f99059fF775485246999027B3197955",
        decimals: 18,
        fee_amount: "0.80",
        fee_asset: "USDT",
        enabled: false,
      },
    ],
  },
  {
    asset: "USDC",
    display_name: "USD Coin",
    icon: `${ICONS}/usdc.svg`,
    decimals: 6,
    enabled: true,
    chains: [
      {
        blockchain: "ethereum",
        blockchain_name: "Ethereum (ERC-20)",
        icon: `${ICONS}/ethereum.svg`,
        contract_address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        decimals: 6,
        fee_amount: "4.50",
        fee_asset: "USDC",
        enabled: true,
      },
      {
        blockchain: "base",
        blockchain_name: "Base",
        icon: `${ICONS}/base.svg`,
        contract_address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        decimals: 6,
        fee_amount: "0.20",
        fee_asset: "USDC",
        enabled: true,
      },
      {
        blockchain: "solana",
        blockchain_name: "Solana (SPL)",
        icon: `${ICONS}/solana.svg`,
        contract_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        decimals: 6,
        fee_amount: "1.00",
        fee_asset: "USDC",
        enabled: true,
      },
    ],
  },
];

export function withdrawalOptions() {
  return {
    assets: RAILS.filter((a) => a.enabled && a.chains.some((c) => c.enabled)).map((a) => ({
      asset: a.asset,
      display_name: a.display_name,
      icon: a.icon,
      decimals: a.decimals,
      chains: a.chains
        .filter((c) => c.enabled)
        .map((c) => ({
          blockchain: c.blockchain,
          blockchain_name: c.blockchain_name,
          icon: c.icon,
          ...(c.contract_address !== null ? { contract_address: c.contract_address } : {}),
          decimals: c.decimals,
          fee_amount: c.fee_amount,
          fee_asset: c.fee_asset,
        })),
    })),
  };
}

/** Chains a sandbox crypto deposit may arrive on: the enabled rails of that asset. */
export function depositChains(asset: string): string[] {
  return (
    RAILS.find((a) => a.asset === asset)
      ?.chains.filter((c) => c.enabled)
      .map((c) => c.blockchain) ?? []
  );
}
