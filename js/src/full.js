// cncrypto with proof of work (docs/wasm.md): the wallet build's API, and
// cnSlowHash (CryptoNight variants 0..5) and blockPowHash for CryptoNight blocks;
// RandomX (rxSlowHash, RandomX blocks) throws CncryptoError EUNSUPPORTED.
//
//   import { create } from 'cncrypto/full';
import factory from '../dist/cncrypto-full.mjs';
import { createWith } from './api.js';

export { CncryptoError, codes, algorithms, networks, addressKinds, ownedFlags } from './api.js';

// options.wasm: as for 'cncrypto' (default: dist/cncrypto-full.wasm).
export function create(options = {}) {
  return createWith(factory, options.wasm ?? new URL('../dist/cncrypto-full.wasm', import.meta.url));
}
export default create;
