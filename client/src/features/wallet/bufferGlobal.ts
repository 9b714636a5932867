import { Buffer } from 'buffer';

// Some of @solana/web3.js's dependencies (borsh, bn.js) reach for Node's global Buffer, which
// browsers lack. Imported first by the lazy payment module only, so no other bundle carries it.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;
