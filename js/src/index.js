// cncrypto, the wallet build (docs/wasm.md): everything of the C ABI but proof
// of work (cnSlowHash, rxSlowHash and blockPowHash throw CncryptoError
// EUNSUPPORTED; 'cncrypto/full' has CryptoNight).
//
//   import { create } from 'cncrypto';
//   const cn = await create();
//   cn.cnFastHash(new TextEncoder().encode('abc'));  // Uint8Array(32)
import factory from '../dist/cncrypto-wallet.mjs';
import { createWith } from './api.js';
import { chooseWasm } from './load.js';

export { CncryptoError, codes, algorithms, networks, addressKinds, ownedFlags, keysFileFlags } from './api.js';

// options.wasm: where the .wasm is, when not beside this package's
// dist/cncrypto-wallet.mjs (a URL or string, its bytes, or a WebAssembly.Module);
// otherwise dist/cncrypto-wallet-simd.wasm where the engine has WebAssembly SIMD128,
// else dist/cncrypto-wallet.wasm (options.simd = true / false forces one; load.js
// chooseWasm).
export function create(options = {}) {
  return createWith(factory, chooseWasm(options, new URL('../dist/cncrypto-wallet-simd.wasm', import.meta.url),
    new URL('../dist/cncrypto-wallet.wasm', import.meta.url)));
}
export default create;
