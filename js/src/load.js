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
