/** SPEC §9, Credit packages (1 SOL = 1e9 lamports); the server sells exactly these. */
export const CREDIT_PACKAGES = [
  { credits: 100, sol: 0.001, usd: 0.2 },
  { credits: 500, sol: 0.005, usd: 0.95 },
  { credits: 1000, sol: 0.009, usd: 1.8 },
  { credits: 2500, sol: 0.02, usd: 4.25 },
] as const;

export type CreditPackage = (typeof CREDIT_PACKAGES)[number];

export const LAMPORTS_PER_SOL = 1_000_000_000;

/** Rounded: 0.009 * 1e9 is 8999999.999999998 in floating point. */
export const lamportsFor = (sol: number): number => Math.round(sol * LAMPORTS_PER_SOL);

/** The steps of a purchase, in order, as the panel shows them. LINK_WALLET only for an account without a wallet. */
export type PurchaseStep = 'LINK_WALLET' | 'BUILDING' | 'SIGNING' | 'SENDING' | 'CONFIRMING' | 'RECORDING';

/** The transaction on Solana's public explorer; mainnet is its default cluster. */
export function explorerTxUrl(signature: string, cluster: string): string {
  const base = `https://explorer.solana.com/tx/${signature}`;
  return cluster === 'mainnet-beta' ? base : `${base}?cluster=${encodeURIComponent(cluster)}`;
}

/** 0x12…abcd style: enough to recognise a wallet address in a narrow panel. */
export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address);
