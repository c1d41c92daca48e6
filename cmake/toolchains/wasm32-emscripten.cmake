# WebAssembly (wasm32) with Debian's emscripten, for scripts/wasm.sh (docs/wasm.md).
# Wraps emscripten's own toolchain file and sets what cncrypto needs there:
#   - the 10-limb field (CNCRYPTO_FE_10LIMB) and the scalar code without
#     unsigned __int128 (CNCRYPTO_SC_NO_INT128): wasm32 multiplies 32x32->64
#     natively, a 128-bit product is a call to compiler-rt's __multi3;
#   - C++ exceptions by WebAssembly's exception handling (-fwasm-exceptions,
#     CNCRYPTO_WASM_EXCEPTIONS=wasm) or emscripten's JavaScript emulation
#     (=js, -sDISABLE_EXCEPTION_CATCHING=0); docs/wasm.md says why wasm. Either
#     way they are caught inside, at the C ABI's boundary;
#   - CNCRYPTO_NO_FILE_IO: no file reads or writes in the wallet layer (the module has
#     no file system: -sFILESYSTEM=0; the JavaScript package reads .keys files
#     itself), which keeps the C++ streams and std::filesystem out of the module;
#   - the seed word lists compressed (CNCRYPTO_COMPRESSED_WORDLISTS);
#   - the multiples of G computed at start-up, not stored (CNCRYPTO_COMPUTED_BASE_TABLES);
#   - the cold code (seeds, .keys files, CryptoNight, proofs and signatures that
#     are verified or made once) at -Oz (CNCRYPTO_COLD_CODE_FLAGS), the hot code
#     (field, group, scalars, Keccak, derivations, view tags, scanning) at -O3;
#   - no tests, tools or benchmarks (they need Boost.Test, libsodium's oracle, a
#     file system): the wasm build is the C ABI's static library, linked by
#     scripts/wasm.sh into the module.
# The third-party stand-ins (libsodium's functions, utf8proc's and Boost's headers)
# come from external/wasm/CMakeLists.txt.
#
# Usage: cmake -S . -B build-wasm -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/wasm32-emscripten.cmake
#        [-DCNCRYPTO_WITH_POW=OFF] [-DCNCRYPTO_WASM_EXCEPTIONS=js]
# (emscripten's tools need NODE_PATH=/usr/share/nodejs with Debian's node; scripts/wasm.sh sets it.)
if(DEFINED ENV{EMSCRIPTEN} AND EXISTS "$ENV{EMSCRIPTEN}/cmake/Modules/Platform/Emscripten.cmake")
  set(_cn_emscripten "$ENV{EMSCRIPTEN}")
else()
  find_program(_cn_emcc emcc REQUIRED)
  get_filename_component(_cn_emcc "${_cn_emcc}" REALPATH)
  get_filename_component(_cn_emscripten "${_cn_emcc}" DIRECTORY)
endif()
include("${_cn_emscripten}/cmake/Modules/Platform/Emscripten.cmake")

set(CNCRYPTO_WASM_EXCEPTIONS wasm CACHE STRING "C++ exceptions in the wasm build: wasm (-fwasm-exceptions) or js (emscripten's emulation)")
set_property(CACHE CNCRYPTO_WASM_EXCEPTIONS PROPERTY STRINGS wasm js)
if(CNCRYPTO_WASM_EXCEPTIONS STREQUAL "wasm")
  set(_cn_eh "-fwasm-exceptions")
elseif(CNCRYPTO_WASM_EXCEPTIONS STREQUAL "js")
  set(_cn_eh "-sDISABLE_EXCEPTION_CATCHING=0")
else()
  message(FATAL_ERROR "CNCRYPTO_WASM_EXCEPTIONS must be wasm or js, not ${CNCRYPTO_WASM_EXCEPTIONS}")
endif()
set(CMAKE_C_FLAGS_INIT "${_cn_eh}")
set(CMAKE_CXX_FLAGS_INIT "${_cn_eh} -DCNCRYPTO_SC_NO_INT128")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${_cn_eh}")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CNCRYPTO_WASM_EXCEPTIONS)

set(CNCRYPTO_FE_10LIMB ON CACHE BOOL "10-limb field (wasm32: no native 64x64->128 product)")
set(CNCRYPTO_COLD_CODE_FLAGS "-Oz" CACHE STRING "the cold code (src/CMakeLists.txt, CNCRYPTO_COLD_SOURCES) for size; the hot code stays at -O3")
set(CNCRYPTO_NO_FILE_IO ON CACHE BOOL "no file system: .keys files as bytes only (docs/wasm.md)")
set(CNCRYPTO_COMPRESSED_WORDLISTS ON CACHE BOOL "seed word lists compressed: 94 KB in place of 500 KB of the module (docs/measurements/wasm.md)")
set(CNCRYPTO_COMPUTED_BASE_TABLES ON CACHE BOOL "the multiples of G computed at start-up: 39 KB less module (docs/measurements/wasm.md)")
set(CNCRYPTO_BUILD_TESTS OFF CACHE BOOL "no native unit tests in the wasm build")
set(CNCRYPTO_BUILD_PERF OFF CACHE BOOL "no performance harness in the wasm build")
set(CNCRYPTO_BUILD_TOOLS OFF CACHE BOOL "no command-line tools in the wasm build")
