// cncrypto with proof of work (docs/wasm.md): the wallet build's API, and
// cnSlowHash (CryptoNight variants 0..5) and blockPowHash for CryptoNight blocks;
// RandomX (rxSlowHash, RandomX blocks) throws CncryptoError EUNSUPPORTED.
//
//   import { create } from 'cncrypto/full';
import factory from '../dist/cncrypto-full.mjs';
import { createWith } from './api.js';
import { chooseWasm } from './load.js';

export { CncryptoError, codes, algorithms, networks, addressKinds, ownedFlags, keysFileFlags } from './api.js';

// options.wasm, options.simd: as for 'cncrypto' (default: dist/cncrypto-full-simd.wasm
// or dist/cncrypto-full.wasm).
export function create(options = {}) {
  return createWith(factory, chooseWasm(options, new URL('../dist/cncrypto-full-simd.wasm', import.meta.url),
    new URL('../dist/cncrypto-full.wasm', import.meta.url)));
}
export default create;
