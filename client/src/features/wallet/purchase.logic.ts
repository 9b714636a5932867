/** The steps of a purchase, in order, as the panel shows them. LINK_WALLET only for an account without a wallet. */
export type PurchaseStep = 'LINK_WALLET' | 'BUILDING' | 'SIGNING' | 'SENDING' | 'CONFIRMING' | 'RECORDING';

/** The transaction on Solana's public explorer; mainnet is its default cluster. */
export function explorerTxUrl(signature: string, cluster: string): string {
  const base = `https://explorer.solana.com/tx/${signature}`;
  return cluster === 'mainnet-beta' ? base : `${base}?cluster=${encodeURIComponent(cluster)}`;
}

/** 0x12…abcd style: enough to recognise a wallet address in a narrow panel. */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
