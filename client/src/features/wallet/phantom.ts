/** The parts of Phantom's injected Solana provider this app uses. */
export interface PhantomProvider {
  isPhantom?: boolean;
  /** True once the user approved this site (e.g. after a wallet sign-in); then `publicKey` is set. */
  isConnected?: boolean;
  publicKey?: { toString(): string } | null;
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array }>;
  /** Adds the wallet's signature to a @solana/web3.js transaction and answers it (optional: only paying needs it). */
  signTransaction?<T>(transaction: T): Promise<T>;
  disconnect(): Promise<void>;
}

declare global {
  interface Window {
    phantom?: { solana?: PhantomProvider };
    solana?: PhantomProvider;
  }
}

export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download';

/** Phantom's provider when the extension is installed (newer builds use window.phantom.solana). */
export function getPhantomProvider(): PhantomProvider | null {
  const provider = window.phantom?.solana ?? window.solana;
  return provider?.isPhantom ? provider : null;
}
