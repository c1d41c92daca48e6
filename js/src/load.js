// Instantiates an emscripten module factory (js/dist/cncrypto-*.mjs, built by
// scripts/wasm.sh) with its .wasm, the same way in Node and in browsers: the
// factory's own loader is built without fetch or fs (-sENVIRONMENT=web,worker),
// and gets the instance from the instantiateWasm hook below.
//
// source: where the .wasm is: a URL (file: in Node, http(s): or a relative
// URL in a browser), a string URL, the bytes (ArrayBuffer, a typed array), or a
// compiled WebAssembly.Module.

const isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string';

// Whether this engine runs WebAssembly SIMD128: it validates a tiny module using
// i64x2.extmul_low_i32x4_u, the instruction the SIMD128 modules' field code is built
// on (docs/wasm.md, "Two modules: SIMD128 and scalar"). Computed once.
let simd128;
export function simdSupported() {
  if (simd128 === undefined) {
    try {
      simd128 = WebAssembly.validate(new Uint8Array([
        0, 97, 115, 109, 1, 0, 0, 0, // "\0asm", version 1
        1, 5, 1, 96, 0, 1, 123, // type section: () -> v128
        3, 2, 1, 0, // one function of that type
        10, 15, 1, 13, 0, // code section: one body of 13 bytes, no locals
        65, 0, 253, 17, 65, 0, 253, 17, // i32.const 0, i32x4.splat (twice)
        253, 222, 1, 11, // i64x2.extmul_low_i32x4_u, end
      ]));
    } catch {
      simd128 = false;
    }
  }
  return simd128;
}

// The module selection: options.wasm when given (a URL or string, bytes, or a
// compiled WebAssembly.Module: used as it is); otherwise simdUrl (the SIMD128 module)
// when the engine validates SIMD128, else scalarUrl (scalar only). The callers pass
// both as literal new URL(..., import.meta.url), which bundlers recognise as assets.
// Forcing one: options.simd = true or false, or in Node the environment variable
// CNCRYPTO_WASM=simd or scalar (options first).
export function chooseWasm(options, simdUrl, scalarUrl) {
  if (options.wasm !== undefined && options.wasm !== null) return options.wasm;
  let simd = options.simd;
  if (simd === undefined && isNode) {
    const forced = process.env.CNCRYPTO_WASM;
    if (forced === 'simd') simd = true;
    else if (forced === 'scalar') simd = false;
    else if (forced) throw new Error(`cncrypto: CNCRYPTO_WASM must be simd or scalar, not ${forced}`);
  }
  if (simd === undefined) simd = simdSupported();
  return simd ? simdUrl : scalarUrl;
}

async function wasmBytesOrResponse(source) {
  if (source instanceof WebAssembly.Module || source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source instanceof URL ? source : new URL(String(source), typeof location === 'object' ? location.href : undefined);
  if (url.protocol === 'file:') {
    if (!isNode) throw new Error(`cncrypto: cannot read ${url.href} outside Node`);
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`cncrypto: ${url.href}: HTTP ${response.status}`);
  return response;
}

async function instantiate(source, imports) {
  const got = await wasmBytesOrResponse(source);
  if (got instanceof WebAssembly.Module) return { instance: await WebAssembly.instantiate(got, imports), module: got };
  if (got instanceof ArrayBuffer || ArrayBuffer.isView(got)) return WebAssembly.instantiate(got, imports);
  // A fetch Response (not named before here: in Node, the first use of the
  // global Response loads its fetch implementation, about 100 ms).
  {
    if (typeof WebAssembly.instantiateStreaming === 'function' &&
        (got.headers.get('content-type') || '').startsWith('application/wasm')) {
      return WebAssembly.instantiateStreaming(got, imports);
    }
    return WebAssembly.instantiate(await got.arrayBuffer(), imports);
  }
}

// The ready emscripten module (its _cncrypto_* exports, HEAPU8, _malloc, _free);
// rejects when the .wasm cannot be had or instantiated (emscripten's own promise
// would wait for ever then).
export function loadModule(factory, source) {
  return new Promise((resolve, reject) => {
    factory({
      instantiateWasm(imports, receive) {
        instantiate(source, imports).then((r) => receive(r.instance, r.module), reject);
        return {};  // asynchronous: emscripten waits for receive()
      },
    }).then(resolve, reject);
  });
}
