// cncrypto.h: hashing (cn_fast_hash, tree_hash, CryptoNight, SHA-3/SHAKE, the
// streaming state). RandomX: randomx.cpp.
#include <cstdint>
#include <cstdlib>
#include <new>

#include "boundary.h"
#include "crypto/hash-ops.h"
#include "crypto/sponge.h"
#include "memwipe.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// The streaming state in its (any-alignment) memory: a slot at the first
// suitably aligned address. `magic` says it is initialised, `owned` that
// cncrypto_keccak_create allocated it (the C ABI checks the call order itself,
// with hasher.finalized(), to name its own functions in the detail rather than
// keccak_hasher's).
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

bool known_algorithm(int algorithm) { return algorithm >= CNCRYPTO_KECCAK_256 && algorithm <= CNCRYPTO_SHAKE256; }
int bad_algorithm(const char *fn, int algorithm) {
  return fail_with(
      failure::bad_argument, fn,
      {"algorithm ", num::of_signed(algorithm), " outside 0..6 (CNCRYPTO_KECCAK_256 .. CNCRYPTO_SHAKE256)"});
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

// EINVAL for a state that is not initialised.
int not_live(const char *fn, const cncrypto_keccak_state *state, const char *name = "state") {
  if (state == nullptr) return fail_with(failure::bad_argument, fn, {name, " is NULL"});
  return fail_with(failure::bad_argument, fn,
                   {name, " is not initialised (cncrypto_keccak_init or _create), or was cleared or destroyed"});
}

// The call order and sizes cncrypto.h documents (EINVAL naming the C
// functions): `step` is update, final or squeeze, out_len final's size.
enum class step { update, final, squeeze };
int check_order(const char *fn, const keccak_slot &s, step what, std::size_t out_len = 0) {
  const cncrypto::keccak_algorithm_info &info = s.hasher.info();
  if (what == step::squeeze) {
    if (!info.xof)
      return fail_with(failure::bad_argument, fn,
                       {"squeeze is for SHAKE states only; this state is ", info.name});
    if (!s.hasher.finalized()) return fail(failure::bad_argument, fn, "called before cncrypto_keccak_final");
    return CNCRYPTO_OK;
  }
  if (s.hasher.finalized())
    return fail(failure::bad_argument, fn,
                info.xof ? "called after cncrypto_keccak_final (cncrypto_keccak_reset starts a new hash; "
                           "cncrypto_keccak_squeeze gives more output)"
                         : "called after cncrypto_keccak_final (cncrypto_keccak_reset starts a new hash)");
  if (what == step::final && !info.xof && out_len != info.output_size)
    return fail_with(failure::bad_argument, fn,
                     {"out_len ", num(out_len), ": the ", info.name, " digest is ", num(info.output_size), " bytes"});
  return CNCRYPTO_OK;
}

// Runs use(slot) on the live state (EINVAL for a state that is not, or for a
// bad argument `a`, the call's other pointer), with the guard.
template <typename Use>
int with_slot(const char *fn, cncrypto_keccak_state *state, arg a, Use use) {
  keccak_slot *s = live_slot(state);
  if (s == nullptr) return not_live(fn, state);
  if (const int rc = check_args(fn, a); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] { return use(*s); });
}

// A one-shot hash: data[0 .. len) (NULL only when len is 0) into out (NULL
// only when out_len is 0).
template <typename Hash>
int one_shot(const char *fn, const uint8_t *data, size_t len, uint8_t *out, arg out_arg, Hash hash) {
  if (const int rc = check_args(fn, need(data, len, "data"), out_arg); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    hash(data, len, out);
    return CNCRYPTO_OK;
  });
}

}  // namespace

extern "C" {

int cncrypto_cn_fast_hash(const uint8_t *data, size_t len, uint8_t hash[32]) {
  // cn_fast_hash cannot fail once the pointers are checked: no guard needed.
  if (const int rc = check_args("cn_fast_hash", need(data, len, "data"), need(hash, "hash")); rc != CNCRYPTO_OK)
    return rc;
  cn_fast_hash(data, len, reinterpret_cast<char *>(hash));
  return CNCRYPTO_OK;
}

int cncrypto_tree_hash(const uint8_t *hashes, size_t count, uint8_t root[32]) {
  if (const int rc = check_args("tree_hash", need(hashes, "hashes"), need(root, "root")); rc != CNCRYPTO_OK) return rc;
  if (count == 0) return fail(failure::bad_argument, "tree_hash", "count must be >= 1 (Monero asserts it)");
  if (count > SIZE_MAX / HASH_SIZE)
    return fail_with(failure::bad_argument, "tree_hash", {"count ", num(count), " times 32 bytes overflows size_t"});
  return guard("tree_hash", [&] {
    tree_hash(reinterpret_cast<const char(*)[HASH_SIZE]>(hashes), count, reinterpret_cast<char *>(root));
    return CNCRYPTO_OK;
  });
}

int cncrypto_cn_slow_hash(const uint8_t *data, size_t len, int variant, uint64_t height, uint8_t hash[32]) {
  if (const int rc = check_args("cn_slow_hash", need(data, len, "data"), need(hash, "hash")); rc != CNCRYPTO_OK)
    return rc;
  if (!CNCRYPTO_C_WITH_POW)  // a wallet build (CNCRYPTO_WITH_POW=OFF)
    return fail(failure::unsupported, "cn_slow_hash", "CryptoNight is not in this build (CNCRYPTO_WITH_POW=OFF)");
  if (variant < 0 || variant > 5)
    return fail_with(failure::bad_argument, "cn_slow_hash", {"variant ", num::of_signed(variant), " outside 0..5"});
  if (variant == 1 && len < 43)
    return fail_with(failure::bad_argument, "cn_slow_hash",
                     {"variant 1 needs len >= 43 (Monero exits), got ", num(len)});
  return guard("cn_slow_hash", [&] {
    cn_slow_hash(data, len, reinterpret_cast<char *>(hash), variant, 0, height);
    return CNCRYPTO_OK;
  });
}

int cncrypto_cn_slow_hash_free_state(void) {
  cn_slow_hash_free_state();
  return CNCRYPTO_OK;
}

int cncrypto_sha3_224(const uint8_t *data, size_t len, uint8_t out[28]) {
  return one_shot("sha3_224", data, len, out, need(out, "out"), cncrypto::sha3_224);
}
int cncrypto_sha3_256(const uint8_t *data, size_t len, uint8_t out[32]) {
  return one_shot("sha3_256", data, len, out, need(out, "out"), cncrypto::sha3_256);
}
int cncrypto_sha3_384(const uint8_t *data, size_t len, uint8_t out[48]) {
  return one_shot("sha3_384", data, len, out, need(out, "out"), cncrypto::sha3_384);
}
int cncrypto_sha3_512(const uint8_t *data, size_t len, uint8_t out[64]) {
  return one_shot("sha3_512", data, len, out, need(out, "out"), cncrypto::sha3_512);
}

int cncrypto_shake128(const uint8_t *data, size_t len, uint8_t *out, size_t out_len) {
  return one_shot("shake128", data, len, out_len != 0 ? out : nullptr, need(out, out_len, "out"),
                  [&](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::shake128(d, n, o, out_len); });
}
int cncrypto_shake256(const uint8_t *data, size_t len, uint8_t *out, size_t out_len) {
  return one_shot("shake256", data, len, out_len != 0 ? out : nullptr, need(out, out_len, "out"),
                  [&](const uint8_t *d, size_t n, uint8_t *o) { cncrypto::shake256(d, n, o, out_len); });
}

size_t cncrypto_keccak_statebytes(void) { return slot_bytes; }

int cncrypto_keccak_init(cncrypto_keccak_state *state, size_t state_len, int algorithm) {
  if (state == nullptr) return fail(failure::bad_argument, "keccak_init", "state is NULL");
  if (!known_algorithm(algorithm)) return bad_algorithm("keccak_init", algorithm);
  if (state_len < slot_bytes)
    return fail_size("keccak_init", "state", "bytes (cncrypto_keccak_statebytes())", slot_bytes, state_len);
  return guard("keccak_init", [&] {
    keccak_slot *s = slot_at(state);
    start(s, algorithm, false);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_create(int algorithm, cncrypto_keccak_state **state) {
  if (state == nullptr) return fail(failure::bad_argument, "keccak_create", "state is NULL");
  *state = nullptr;
  if (!known_algorithm(algorithm)) return bad_algorithm("keccak_create", algorithm);
  return guard("keccak_create", [&] {
    void *memory = std::malloc(slot_bytes);
    if (memory == nullptr) return fail(failure::no_memory, "keccak_create", "out of memory");
    start(slot_at(memory), algorithm, true);
    *state = static_cast<cncrypto_keccak_state *>(memory);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_destroy(cncrypto_keccak_state *state) {
  if (state == nullptr) return CNCRYPTO_OK;
  keccak_slot *s = slot_at(state);
  if (s->owned != slot_owned)  // not from cncrypto_keccak_create
    return fail(failure::bad_argument, "keccak_destroy",
                "state is not from cncrypto_keccak_create (caller memory: use cncrypto_keccak_clear)");
  if (s->magic == slot_magic) finish(s);
  memwipe(state, slot_bytes);
  std::free(state);
  return CNCRYPTO_OK;
}

int cncrypto_keccak_clear(cncrypto_keccak_state *state) {
  if (state == nullptr) return fail(failure::bad_argument, "keccak_clear", "state is NULL");
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
  return with_slot("keccak_update", state, need(data, len, "data"), [&](keccak_slot &s) {
    if (const int rc = check_order("keccak_update", s, step::update); rc != CNCRYPTO_OK) return rc;
    s.hasher.update(data, len);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_final(cncrypto_keccak_state *state, uint8_t *out, size_t out_len) {
  return with_slot("keccak_final", state, need(out, out_len, "out"), [&](keccak_slot &s) {
    if (const int rc = check_order("keccak_final", s, step::final, out_len); rc != CNCRYPTO_OK) return rc;
    s.hasher.finalize(out, out_len);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_squeeze(cncrypto_keccak_state *state, uint8_t *out, size_t out_len) {
  return with_slot("keccak_squeeze", state, need(out, out_len, "out"), [&](keccak_slot &s) {
    if (const int rc = check_order("keccak_squeeze", s, step::squeeze); rc != CNCRYPTO_OK) return rc;
    s.hasher.squeeze(out, out_len);
    return CNCRYPTO_OK;
  });
}

int cncrypto_keccak_copy(const cncrypto_keccak_state *src, cncrypto_keccak_state *dst) {
  keccak_slot *from = live_slot(const_cast<cncrypto_keccak_state *>(src));
  if (from == nullptr) return not_live("keccak_copy", src, "src");
  if (dst == nullptr) return fail(failure::bad_argument, "keccak_copy", "dst is NULL");
  keccak_slot *to = slot_at(dst);
  if (to->magic != slot_magic)
    return fail(failure::bad_argument, "keccak_copy",
                "dst is not initialised (cncrypto_keccak_init or _create it first, any algorithm)");
  if (to == from) return CNCRYPTO_OK;
  to->hasher = from->hasher;  // algorithm, absorbed state, finalised or not; `owned` stays dst's
  return CNCRYPTO_OK;
}

int cncrypto_keccak_reset(cncrypto_keccak_state *state) {
  keccak_slot *s = live_slot(state);
  if (s == nullptr) return not_live("keccak_reset", state);
  s->hasher.reset();  // noexcept
  return CNCRYPTO_OK;
}

}  // extern "C"
