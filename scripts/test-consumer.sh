#!/usr/bin/env bash
# The consumer check: installs a built cncrypto into a scratch prefix, then against
# the INSTALLED package only
#   - the installed headers are exactly the public API: the files of src/*/include/
#     (no layer-interface or private header is installed);
#   - tests/consumer builds through find_package(cncrypto CONFIG): every installed
#     header compiles on its own (installed_headers) and all of them together (all_headers), main.cpp (Monero-style calls
#     with known answers) runs, and the programs of tests/examples build and print
#     the same as the in-tree build's (transaction hashes and output positions, random
#     each run, masked);
#   - main.cpp builds again through pkg-config and runs;
#   - tests/consumer_c (C only: crypto/hash-ops.h) builds through find_package in a
#     project without C++ and through cc + pkg-config, and runs (known answers);
#   - tests/consumer_monero: small programs of ours written in Monero's idiom (Monero's
#     include paths and names only: crypto/hash.h's HASH_SIZE, hash-ops.h's rx_*,
#     crypto/variant2_int_sqrt.h, crypto/crypto.cpp, unqualified calls that an extra
#     name in namespace crypto would make ambiguous, cryptonote_basic/difficulty.h
#     with boost's uint128_t after Monero's macros, ringct/multiexp.h's caches and
#     Bos-Coster, the cryptonote_basic/ and cryptonote_core/ headers: boost::get/which()/type()
#     on the transaction variants, get_output_public_key, boost::optional view tags,
#     blobdata as std::string, boost::optional tx proofs, merge mining; cryptonote_format_utils.h's
#     print_money/parse_amount, find_tx_extra_field_by_type, remove_field_from_tx_extra(typeid),
#     is_v1_tx, the money/output checks, get_hash_stats, t_serializable_object_from_blob, obj_to_json_str; epee's memwipe.h/mlocker.h/wipeable_string.h with
#     crypto/chacha.h and crypto/hmac-keccak.h, common/base58.h and common/varint.h's
#     templates, Monero master's crypto/blake2b.h, Monero master's crypto/generators.h,
#     unbiased_hash_to_ec/derive_key_image_generator and fcmp_pp/*.h (fcmp_pp_names),
#     cryptonote_basic/account.h and
#     cryptonote_basic_impl.h's addresses; secret_key_names.cpp: crypto::secret_key as Monero's
#     epee::mlocked<tools::scrubbed<ec_scalar>> (unwrap(unwrap(k)), hex_to_pod, std::hash); util_names.cpp: epee's int-util.h,
#     common/util.h's tools::sha256sum, boost::hash of the crypto types (crypto::hash_value); account_names.cpp:
#     account_base::encrypt_keys/decrypt_keys/encrypt_viewkey/decrypt_viewkey, m_multisig_keys, get_transaction_prefix_hash
#     with a hw::device, round_money_up on text, encrypt_key on epee::wipeable_string; own_names.cpp and wallet_names.cpp: a program's
#     own entities in namespace cryptonote named as cncrypto's own format, address and
#     wallet names, which are in namespace cncrypto) build with -I<prefix>/include/cncrypto
#     and pkg-config's link line, and check results against vectors;
#   - the C ABI: cncrypto.h under include/, tests/c_api/c_api_tests.c (+ c_api_wallet.c) built with cc and
#     pkg-config's cncrypto_c (libcncrypto_c.so) and run, tests/c_api/quickstart.c (the
#     README's C quick start) against the shared and the static library, and through
#     find_package(cncrypto) in a C-only project (tests/c_api/consumer, cncrypto::cncrypto_c),
#     tests/c_api/scan_example.c (the scanning example) built against it;
#   - the installed cnhash runs.
# Called by scripts/test.sh.
# Usage: scripts/test-consumer.sh [BUILD_DIR]   (default: build; from the repository root;
#        BUILD_DIR must be built with -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=ON)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
jobs="${JOBS:-2}"
work="$(mktemp -d "${TMPDIR:-/tmp}/cncrypto-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

echo "==> install $build into a scratch prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/cnhash"
test -f "$prefix/include/cncrypto/crypto/hash.h"

echo "==> installed headers are the public API (src/*/include) and nothing else"
(cd "$prefix/include/cncrypto" && find . -type f | sed 's#^\./##' | sort) >"$work/installed.txt"
# (headers, and Monero's source paths that Monero's tests #include: crypto/crypto.cpp, crypto/random.c, ...)
for dir in src/*/include; do [ "$dir" = src/capi/include ] && continue; (cd "$dir" && find . -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.cpp' \) | sed 's#^\./##'); done | sort >"$work/public.txt"
if ! diff -u "$work/public.txt" "$work/installed.txt"; then
  echo "installed headers differ from src/*/include ('+' lines are installed but not public)" >&2
  exit 1
fi
echo "    $(wc -l <"$work/installed.txt") headers"

echo "==> consumer via find_package(cncrypto CONFIG): every header alone, main.cpp, tests/examples"
cmake -S tests/consumer -B "$work/build-cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build-cmake" -j "$jobs" >/dev/null
"$work/build-cmake/consumer"
# The examples use fresh random keys each run: the transaction hash and the position
# of the recipient's output (outputs are shuffled) differ between runs; compare the rest.
mask() { sed -E 's/[0-9a-f]{64}/<hash>/g; s/owns output [0-9]+/owns output <i>/'; }
for example in example_build_and_scan example_build_check_scan_rct; do
  "$work/build-cmake/$example" | mask >"$work/$example.installed"
  "$build/tests/examples/$example" | mask >"$work/$example.in-tree"
  if ! diff -u "$work/$example.in-tree" "$work/$example.installed"; then
    echo "$example: output against the installed package differs from the in-tree build" >&2
    exit 1
  fi
  echo "    $example: same output as in-tree ($(wc -l <"$work/$example.installed") lines)"
done

echo "==> consumer via pkg-config"
pcdir="$(dirname "$(find "$prefix" -name cncrypto.pc -print -quit)")"
# shellcheck disable=SC2046 # word splitting of the flags is intended
c++ -std=c++17 -o "$work/consumer-pc" tests/consumer/main.cpp \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto)
# (a shared libcncrypto in a scratch prefix is found through LD_LIBRARY_PATH, as pkg-config users do)
LD_LIBRARY_PATH="$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/consumer-pc"

echo "==> a C program (crypto/hash-ops.h): C-only CMake project, and cc with pkg-config"
cmake -S tests/consumer_c -B "$work/build-c" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build-c" -j "$jobs" >/dev/null
"$work/build-c/consumer_c"
# shellcheck disable=SC2046 # word splitting of the flags is intended
cc -std=c11 -o "$work/consumer-c-pc" tests/consumer_c/main.c $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto)
LD_LIBRARY_PATH="$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/consumer-c-pc" >/dev/null

echo "==> programs in Monero's idiom (tests/consumer_monero): only Monero's include paths and names"
# -I<prefix>/include/cncrypto is the one include-path line a Monero build changes; the
# link line is pkg-config's. Boost (Multiprecision, Variant, Optional) comes from the system include path.
for prog in crypto_names hash_names difficulty_names multiexp_names format_names format_utils_names own_names blobdata_names epee_names common_names ringct_names \
    config_names blake2b_names mnemonics_names wallet_names secret_key_names fcmp_pp_names util_names account_names; do
  extra=""
  [ "$prog" = crypto_names ] && extra="tests/consumer_monero/monero_crypto_cpp.cpp"
  [ "$prog" = config_names ] && extra="tests/consumer_monero/config_after.cpp"
  # shellcheck disable=SC2046,SC2086 # word splitting of the flags is intended
  c++ -std=c++17 -Wall -Wextra -Werror -I"$prefix/include/cncrypto" -o "$work/monero_$prog" \
    "tests/consumer_monero/$prog.cpp" $extra $(PKG_CONFIG_PATH="$pcdir" pkg-config --libs cncrypto)
  LD_LIBRARY_PATH="$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/monero_$prog"
done

echo "==> the C ABI (cncrypto.h, libcncrypto_c): tests/c_api's suite, the README's C quick start (shared and static)"
# cncrypto.h alone under include/ (a C program sees no C++ header), the libraries, cncrypto_c.pc.
test -f "$prefix/include/cncrypto.h"
libdir="$(dirname "$pcdir")"
# The compile flags are the include directory alone: no dependency's definitions (Debian's
# libutf8proc.pc has -DUTF8PROC_EXPORTS; cmake/install.cmake names -lutf8proc instead).
c_cflags="$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags cncrypto_c)"
case "$c_cflags $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags cncrypto)" in
  *UTF8PROC*) echo "pkg-config --cflags cncrypto_c / cncrypto carries utf8proc's definition" >&2; exit 1 ;;
esac
case " $c_cflags" in *" -D"*) echo "pkg-config --cflags cncrypto_c carries a definition: $c_cflags" >&2; exit 1 ;; esac
# shellcheck disable=SC2046 # word splitting of the flags is intended
cc -std=c99 -pthread -Wall -Wextra -Werror -pedantic -o "$work/c_api_tests" tests/c_api/c_api_tests.c tests/c_api/c_api_wallet.c \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto_c)
c_api_status=0
LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/c_api_tests" 2>/dev/null || c_api_status=$?
[ "$c_api_status" -eq 0 ] || [ "$c_api_status" -eq 77 ] || { echo "c_api_tests failed against the installed package" >&2; exit 1; }
# shellcheck disable=SC2046 # word splitting of the flags is intended
cc -std=c99 -Wall -Wextra -Werror -o "$work/quickstart" tests/c_api/quickstart.c \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto_c)
LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/quickstart" |
  grep -qx 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
# The scanning example of docs/c_api.md builds against the installed header and library.
# shellcheck disable=SC2046 # word splitting of the flags is intended
cc -std=c99 -Wall -Wextra -Werror -pedantic -o "$work/scan_example" tests/c_api/scan_example.c \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto_c)
# Through the CMake package in a C-only project: cncrypto::cncrypto_c.
cmake -S tests/c_api/consumer -B "$work/build-c-api" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build-c-api" -j "$jobs" >/dev/null
"$work/build-c-api/quickstart" | grep -qx 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
# The static form: libcncrypto_c.a and pkg-config --static's dependencies.
# shellcheck disable=SC2046 # word splitting of the flags is intended
cc -std=c99 -o "$work/quickstart-static" tests/c_api/quickstart.c $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags cncrypto_c) \
  "$libdir/libcncrypto_c.a" $(PKG_CONFIG_PATH="$pcdir" pkg-config --static --libs cncrypto_c | sed 's/-lcncrypto_c//')
"$work/quickstart-static" | grep -qx 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45

echo "==> installed cnhash runs"
printf '' | "$prefix/bin/cnhash" | grep -q '^c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470  -$'
echo "==> consumer check passed"
