// Monero's idiom for crypto/hash.h, crypto/hash-ops.h (RandomX declarations)
// and crypto/variant2_int_sqrt.h, compiled against the installed package with
// Monero's include paths only (scripts/test-consumer.sh).
// Expected values: cn_fast_hash lines of ../shared/vectors/monero-hash/tests-fast.txt
// (Monero's own tests/hash file); the integer square roots are the worked
// examples of the CryptoNight v2 definition r(n) = floor(2*sqrt(2^64 + n)) - 2^33
// (r(2^64 - 1) = 3558067407 from 2*sqrt(2^65 - 1) - 2^33 = 3558067407.904...,
// checked with Python's math.isqrt: isqrt(2^66 + 4n) - 2^33); the RandomX seed
// height of block 1978433 (the first RandomX block) is the id of block 1978368.
// The CryptoNight-R line is the first of ../shared/vectors/monero-hash/tests-slow-4.txt
// (Monero's tests/hash file); mul128's product 0xffffffffffffffff^2 = 2^128 - 2^65 + 1.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "check.h"
#include "crypto/hash.h"
#include "crypto/variant2_int_sqrt.h"

using namespace crypto;
using monero_idiom::check;
using monero_idiom::from_hex;

// Monero's tests/hash casts to the hash-ops array type through crypto::HASH_SIZE.
static void hash_tree(const void *data, std::size_t length, char *out) {
  tree_hash(reinterpret_cast<const char(*)[crypto::HASH_SIZE]>(data), length >> 5, out);
}

static std::uint64_t sqrt_ref(std::uint64_t sqrt_input) {
  std::uint64_t sqrt_result;
  VARIANT2_INTEGER_MATH_SQRT_STEP_REF();
  return sqrt_result;
}

static std::uint64_t sqrt_fp64(std::uint64_t sqrt_input) {
  std::uint64_t sqrt_result;
  VARIANT2_INTEGER_MATH_SQRT_STEP_FP64();
  VARIANT2_INTEGER_MATH_SQRT_FIXUP(sqrt_result);
  return sqrt_result;
}

#if defined(__x86_64__)
static std::uint64_t sqrt_sse2(std::uint64_t sqrt_input) {
  std::uint64_t sqrt_result;
  VARIANT2_INTEGER_MATH_SQRT_STEP_SSE2();
  VARIANT2_INTEGER_MATH_SQRT_FIXUP(sqrt_result);
  return sqrt_result;
}
#endif

int main() {
  const char *me = "monero_idiom_hash";
  check(me, "crypto::HASH_SIZE, and HASH_SIZE under using namespace crypto, are 32",
        crypto::HASH_SIZE == 32 && HASH_SIZE == 32 && sizeof(crypto::hash) == crypto::HASH_SIZE);
  {  // tests-fast.txt line 2: cn_fast_hash of the byte cc
    crypto::hash expected, actual;
    from_hex("eead6dbfc7340a56caedc044696a168870549a6a7f6f56961e84a54bd9970b8a", expected);
    const char data[1] = {static_cast<char>(0xcc)};
    cn_fast_hash(data, 1, reinterpret_cast<char *>(&actual));  // the C form, as hash_f
    check(me, "cn_fast_hash (hash-ops.h form)", expected == actual);
    // tree_hash of two leaves is cn_fast_hash of their concatenation
    char leaves[2][32];
    std::memcpy(leaves[0], &expected, 32);
    std::memcpy(leaves[1], &actual, 32);
    crypto::hash root, concat;
    hash_tree(leaves, sizeof leaves, reinterpret_cast<char *>(&root));
    cn_fast_hash(leaves, sizeof leaves, concat);
    check(me, "tree_hash through const char (*)[crypto::HASH_SIZE]", root == concat);
  }
  {
    const std::uint64_t n[] = {0, 1ull << 32, (1ull << 32) + 1, 1ull << 50, (1ull << 55) + 20963331,
                               (1ull << 55) + 20963332, UINT64_MAX};
    const std::uint64_t r[] = {0, 0, 1, 262140, 8384515, 8384516, 3558067407ull};
    bool ok = true;
    for (int i = 0; i < 7; ++i) {
      ok = ok && integer_square_root_v2(n[i]) == r[i] && sqrt_ref(n[i]) == r[i] && sqrt_fp64(n[i]) == r[i];
#if defined(__x86_64__)
      ok = ok && sqrt_sse2(n[i]) == r[i];
#endif
    }
    check(me, "variant2_int_sqrt.h: integer_square_root_v2 and the STEP/FIXUP macros", ok);
  }
  {
    // Monero's hash-ops.h RandomX declarations, with Monero's C signatures.
    void (*slow)(const char *, const void *, size_t, char *) = rx_slow_hash;
    uint64_t (*seedheight)(const uint64_t) = rx_seedheight;
    void (*seedheights)(const uint64_t, uint64_t *, uint64_t *) = rx_seedheights;
    void (*set_main)(const char *, size_t) = rx_set_main_seedhash;
    void (*alloc)(void) = rx_slow_hash_allocate_state;
    void (*release)(void) = rx_slow_hash_free_state;
    void (*set_miner)(uint32_t, size_t) = rx_set_miner_thread;
    uint32_t (*get_miner)(void) = rx_get_miner_thread;
    check(me, "rx_* declared by crypto/hash-ops.h with Monero's signatures",
          slow && seedheight && seedheights && set_main && alloc && release && set_miner && get_miner &&
              RX_BLOCK_VERSION == 12);
    std::uint64_t seed = 0, next = 0;
    crypto::rx_seedheights(1978433, &seed, &next);
    check(me, "rx_seedheight(1978433) = 1978368", rx_seedheight(1978433) == 1978368 && seed == 1978368);
    check(me, "rx_get_miner_thread() on a new thread is 0", rx_get_miner_thread() == 0);
  }
  {
    // Monero's hash-ops.h includes int-util.h: mul128, SWAP64LE and <limits.h>'s
    // ULLONG_MAX (through <sys/param.h>) without another include, as Monero's
    // tests/crypto/cnv4-jit.c uses them.
    std::uint64_t hi = 0;
    const std::uint64_t lo = mul128(ULLONG_MAX, ULLONG_MAX, &hi);
    check(me, "crypto/hash-ops.h brings int-util.h (mul128, SWAP64LE, ULLONG_MAX)",
          lo == 1 && hi == ULLONG_MAX - 1 && SWAP64LE(UINT64_C(5)) == 5);
  }
  {
    // Monero's use_v4_jit_flag, as tests/crypto/cnv4-jit.c sets it: the interpreted
    // and the compiled CryptoNight-R program both give Monero's result.
    crypto::hash expected, interpreted, compiled;
    from_hex("f759588ad57e758467295443a9bd71490abff8e9dad1b95b6bf2f5d0d78387bc", expected);
    const char data[] = "This is a test This is a test This is a test";
    use_v4_jit_flag = 0;
    cn_slow_hash(data, sizeof data - 1, reinterpret_cast<char *>(&interpreted), 4, 0, 1806260);
    use_v4_jit_flag = 1;
    cn_slow_hash(data, sizeof data - 1, reinterpret_cast<char *>(&compiled), 4, 0, 1806260);
    use_v4_jit_flag = -1;
    check(me, "use_v4_jit_flag 0 and 1: cn_slow_hash variant 4 is Monero's either way",
          interpreted == expected && compiled == expected);
  }
  return 0;
}
