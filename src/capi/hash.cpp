// cncrypto.h: hashing (cn_fast_hash, tree_hash, CryptoNight, SHA-3/SHAKE, the
// streaming state, RandomX).
#include <cstdint>
#include <cstdlib>
#include <new>

#include "boundary.h"
#include "crypto/hash-ops.h"
#include "crypto/rx-slow-hash.h"
#include "crypto/sponge.h"
#include "memwipe.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// The streaming state in its (any-alignment) memory: a slot at the first
// suitably aligned address. `magic` says it is initialised, `owned` that
// cncrypto_keccak_create allocated it.
struct keccak_slot {
  std::uint64_t magic;
  std::uint64_t owned;
  cncrypto::keccak_hasher hasher;
};
constexpr std::uint64_t slot_magic = 0x63'6e'6b'65'63'63'61'6bULL;  // "cnkeccak"
constexpr std::uint64_t slot_owned = 0x6f'77'6e'65'64'21'21'21ULL;  // "owned!!!"
constexpr std::size_t slot_bytes = sizeof(keccak_slot) + alignof(keccak_slot) - 1;

keccak_slot *slot_at(void *memory) {
  auto p = reinterpret_cast<std::uintptr_t>(memory);
  p = (p + alignof(keccak_slot) - 1) & ~static_cast<std::uintptr_t>(alignof(keccak_slot) - 1);
  return reinterpret_cast<keccak_slot *>(p);
}

// The initialised slot of state, or nullptr.
keccak_slot *live_slot(cncrypto_keccak_state *state) {
  if (state == nullptr) return nullptr;
  keccak_slot *s = slot_at(state);
  return s->magic == slot_magic ? s : nullptr;
}

bool known_algorithm(int algorithm) {
  return algorithm >= CNCRYPTO_KECCAK_256 && algorithm <= CNCRYPTO_SHAKE256;
}

// cncrypto.h's algorithm numbers are keccak_algorithm's order (static_asserts below).
cncrypto::keccak_algorithm algorithm_of(int algorithm) { return static_cast<cncrypto::keccak_algorithm>(algorithm); }
static_assert(static_cast<int>(cncrypto::keccak_algorithm::keccak_256) == CNCRYPTO_KECCAK_256 &&
                  static_cast<int>(cncrypto::keccak_algorithm::sha3_224) == CNCRYPTO_SHA3_224 &&
                  static_cast<int>(cncrypto::keccak_algorithm::sha3_256) == CNCRYPTO_SHA3_256 &&
                  static_cast<int>(cncrypto::keccak_algorithm::sha3_384) == CNCRYPTO_SHA3_384 &&
                  static_cast<int>(cncrypto::keccak_algorithm::sha3_512) == CNCRYPTO_SHA3_512 &&
                  static_cast<int>(cncrypto::keccak_algorithm::shake128) == CNCRYPTO_SHAKE128 &&
                  static_cast<int>(cncrypto::keccak_algorithm::shake256) == CNCRYPTO_SHAKE256,
              "cncrypto.h's algorithm numbers follow cncrypto::keccak_algorithm");

void start(keccak_slot *s, int algorithm, bool owned) {
  new (&s->hasher) cncrypto::keccak_hasher(algorithm_of(algorithm));
  s->owned = owned ? slot_owned : 0;
  s->magic = slot_magic;
}

// Ends a live slot: the hasher wipes itself; the slot forgets it was initialised.
void finish(keccak_slot *s) {
  s->hasher.~keccak_hasher();
  s->magic = 0;
}

// Runs use(hasher) on the live state (EINVAL for a state that is not, or for
// bad_args), with the guard.
template <typename Use>
int with_hasher(cncrypto_keccak_state *state, bool bad_args, Use use) {
  keccak_slot *s = live_slot(state);
  if (s == nullptr || bad_args) return CNCRYPTO_EINVAL;
  return guard([&] {
    use(s->hasher);
    return CNCRYPTO_OK;
  });
}

// A one-shot hash: data[0 .. len) (NULL only when len is 0) into out (NULL
// only when out_may_be_null: an empty SHAKE output).
template <typename Hash>
int one_shot(const uint8_t *data, size_t len, uint8_t *out, Hash hash, bool out_may_be_null = false) {
  if (bad(data, len) || (bad(out) && !out_may_be_null)) return CNCRYPTO_EINVAL;
  return guard([&] {
    hash(data, len, out);
    return CNCRYPTO_OK;
  });
}

}  // namespace

extern "C" {

int cncrypto_cn_fast_hash(const uint8_t *data, size_t len, uint8_t hash[32]) {
  // cn_fast_hash cannot fail once the pointers are checked: no guard needed.
  if (bad(data, len) || bad(hash)) return CNCRYPTO_EINVAL;
  cn_fast_hash(data, len, reinterpret_cast<char *>(hash));
  return CNCRYPTO_OK;
}

int cncrypto_tree_hash(const uint8_t *hashes, size_t count, uint8_t root[32]) {
  if (hashes == nullptr || count == 0 || count > SIZE_MAX / HASH_SIZE || bad(root)) return CNCRYPTO_EINVAL;
  return guard([&] {
    tree_hash(reinterpret_cast<const char(*)[HASH_SIZE]>(hashes), count, reinterpret_cast<char *>(root));
    return CNCRYPTO_OK;
  });
}

int cncrypto_cn_slow_hash(const uint8_t *data, size_t len, int variant, uint64_t height, uint8_t hash[32]) {
  if (bad(data, len) || bad(hash)) return CNCRYPTO_EINVAL;
  if (!CNCRYPTO_C_WITH_POW) return CNCRYPTO_EUNSUPPORTED;  // a wallet build (CNCRYPTO_WITH_POW=OFF)
  return guard([&] {
    cn_slow_hash(data, len, reinterpret_cast<char *>(hash), variant, 0, height);
    return CNCRYPTO_OK;
  });
}

int cncrypto_cn_slow_hash_free_state(void) {
  cn_slow_hash_free_state();
  return CNCRYPTO_OK;
}

int cncrypto_sha3_224(const uint8_t *data, size_t len, uint8_t out[28]) {
  return one_shot(data, len, out, [](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::sha3_224(d, n, o); });
}
int cncrypto_sha3_256(const uint8_t *data, size_t len, uint8_t out[32]) {
  return one_shot(data, len, out, [](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::sha3_256(d, n, o); });
}
int cncrypto_sha3_384(const uint8_t *data, size_t len, uint8_t out[48]) {
  return one_shot(data, len, out, [](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::sha3_384(d, n, o); });
}
int cncrypto_sha3_512(const uint8_t *data, size_t len, uint8_t out[64]) {
  return one_shot(data, len, out, [](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::sha3_512(d, n, o); });
}

int cncrypto_shake128(const uint8_t *data, size_t len, uint8_t *out, size_t out_len) {
  if (bad(out, out_len)) return CNCRYPTO_EINVAL;
  return one_shot(data, len, out_len != 0 ? out : nullptr,
                  [&](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::shake128(d, n, o, out_len); }, out_len == 0);
}
int cncrypto_shake256(const uint8_t *data, size_t len, uint8_t *out, size_t out_len) {
  if (bad(out, out_len)) return CNCRYPTO_EINVAL;
  return one_shot(data, len, out_len != 0 ? out : nullptr,
                  [&](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::shake256(d, n, o, out_len); }, out_len == 0);
}

size_t cncrypto_keccak_statebytes(void) { return slot_bytes; }

int cncrypto_keccak_init(cncrypto_keccak_state *state, size_t state_len, int algorithm) {
  if (state == nullptr || !known_algorithm(algorithm)) return CNCRYPTO_EINVAL;
  if (state_len < slot_bytes) return CNCRYPTO_ESIZE;
  return guard([&] {
    keccak_slot *s = slot_at(state);
    start(s, algorithm, false);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_create(int algorithm, cncrypto_keccak_state **state) {
  if (state == nullptr) return CNCRYPTO_EINVAL;
  *state = nullptr;
  if (!known_algorithm(algorithm)) return CNCRYPTO_EINVAL;
  return guard([&] {
    void *memory = std::malloc(slot_bytes);
    if (memory == nullptr) return CNCRYPTO_ENOMEM;
    start(slot_at(memory), algorithm, true);
    *state = static_cast<cncrypto_keccak_state *>(memory);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_destroy(cncrypto_keccak_state *state) {
  if (state == nullptr) return CNCRYPTO_OK;
  keccak_slot *s = slot_at(state);
  if (s->owned != slot_owned) return CNCRYPTO_EINVAL;  // not from cncrypto_keccak_create
  if (s->magic == slot_magic) finish(s);
  memwipe(state, slot_bytes);
  std::free(state);
  return CNCRYPTO_OK;
}

int cncrypto_keccak_clear(cncrypto_keccak_state *state) {
  if (state == nullptr) return CNCRYPTO_EINVAL;
  keccak_slot *s = slot_at(state);
  if (s->magic == slot_magic) finish(s);
  if (s->owned == slot_owned) {
    memwipe(&s->hasher, sizeof s->hasher);  // keep `owned`: destroy frees it
  } else {
    memwipe(state, slot_bytes);
  }
  return CNCRYPTO_OK;
}

int cncrypto_keccak_update(cncrypto_keccak_state *state, const uint8_t *data, size_t len) {
  return with_hasher(state, bad(data, len), [&](cncrypto::keccak_hasher &h) { h.update(data, len); });
}

int cncrypto_keccak_final(cncrypto_keccak_state *state, uint8_t *out, size_t out_len) {
  return with_hasher(state, bad(out, out_len), [&](cncrypto::keccak_hasher &h) { h.finalize(out, out_len); });
}

int cncrypto_keccak_squeeze(cncrypto_keccak_state *state, uint8_t *out, size_t out_len) {
  return with_hasher(state, bad(out, out_len), [&](cncrypto::keccak_hasher &h) { h.squeeze(out, out_len); });
}

int cncrypto_keccak_reset(cncrypto_keccak_state *state) {
  return with_hasher(state, false, [](cncrypto::keccak_hasher &h) { h.reset(); });
}

int cncrypto_rx_slow_hash(const uint8_t seed_hash[32], const uint8_t *data, size_t len, uint8_t hash[32]) {
  if (bad(seed_hash) || bad(data, len) || bad(hash)) return CNCRYPTO_EINVAL;
  if (!CNCRYPTO_C_WITH_POW || !crypto_randomx_available()) return CNCRYPTO_EUNSUPPORTED;
  return guard([&] {
    rx_slow_hash(reinterpret_cast<const char *>(seed_hash), data, len, reinterpret_cast<char *>(hash));
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
