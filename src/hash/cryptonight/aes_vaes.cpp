// The "vaes" CryptoNight implementation: the AES-NI loop of aes_ni.cpp (one
// AESENC per iteration on xmm registers, `a` in integer registers), with the
// scratchpad explode and implode on VAES: VAESENC on a 256-bit register is
// the AES round (ShiftRows, SubBytes, MixColumns, XOR with the key) on two
// independent 16-byte blocks at once, each with its own half of the key
// register (here the same round key broadcast to both halves).
//
// Why: explode and implode are 10 rounds on 8 independent blocks per 128-byte
// chunk (16384 chunks each way, 2.6 million block rounds per hash), bound by
// the AES unit's throughput when the blocks are fed one per instruction (two
// AESENC per cycle on current Intel cores); with VAES four ymm instructions
// carry a chunk's 8 blocks, so a round of a chunk issues in 2 cycles instead
// of 4. A chunk still depends on the one before (explode encrypts its own
// output; implode XORs each chunk into the running state), so one hash's
// explode is then bound by the round's latency (10 rounds x ~3 cycles per
// chunk); the multi-hash path (cn_slow_hash_many, 2 or 4 lanes) runs its
// hashes' explodes, and their implodes, interleaved: 4 independent ymm chains
// per hash, which the throughput bound then allows at 2 cycles per round of
// each chunk.
//
// Two hashes' 20 broadcast round keys plus 8 state registers fit the 32 vector
// registers of AVX-512 (EVEX encoding of ymm16-31); four hashes' 40 keys and 16
// states do not, and the compiler then reloads some keys from the stack (L1
// hits) inside the rounds. This file is compiled alone with -maes -msse4.1 -mvaes -mavx2 -mavx512f -mavx512vl, and
// cn_impl.cpp calls vaes_run only after the CPU probe saw AES, SSE4.1, VAES
// and usable AVX-512 F+VL (OS-saved zmm state).
//
// Scratchpad chunks are 128-byte aligned in a 2 MiB-aligned scratchpad, so
// the 32-byte loads and stores are aligned. Not constant time (the loop's
// addresses depend on the data); proof-of-work inputs are public.

#include "cn_loop.h"
#include "xmm_block_ops.h"

#include <immintrin.h>

namespace crypto::cn {
namespace {

using v256 = __m256i;

CN_ALWAYS_INLINE v256 broadcast_key(const std::uint8_t *p) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
}
CN_ALWAYS_INLINE v256 load256u(const std::uint8_t *p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
}
CN_ALWAYS_INLINE v256 load256(const std::uint8_t *p) { return _mm256_load_si256(reinterpret_cast<const __m256i *>(p)); }
CN_ALWAYS_INLINE void store256(std::uint8_t *p, v256 v) { _mm256_store_si256(reinterpret_cast<__m256i *>(p), v); }
CN_ALWAYS_INLINE void store256u(std::uint8_t *p, v256 v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(p), v);
}

// N hashes' explode (or implode) state: 4 ymm registers of 2 blocks each per
// hash, and each hash's 10 broadcast round keys.
template <int N>
struct bulk_state {
  v256 k[N][10];
  v256 x[N][4];

  bulk_state(const std::uint8_t *const key_bytes[N], const std::uint8_t *const blocks[N]) {
    for (int h = 0; h < N; ++h) {
      for (int r = 0; r < 10; ++r) k[h][r] = broadcast_key(key_bytes[h] + 16 * r);
      for (int i = 0; i < 4; ++i) x[h][i] = load256u(blocks[h] + 32 * i);
    }
  }

  // 10 rounds on all N x 8 blocks, round by round (N x 4 independent chains).
  CN_ALWAYS_INLINE void encrypt() {
    for (int r = 0; r < 10; ++r) {
      for (int h = 0; h < N; ++h) {
        for (int i = 0; i < 4; ++i) x[h][i] = _mm256_aesenc_epi128(x[h][i], k[h][r]);
      }
    }
  }
};

template <int N>
void explode_n(const std::uint8_t *const key_bytes[N], const std::uint8_t *const blocks[N], std::uint8_t *const sp[N]) {
  bulk_state<N> s(key_bytes, blocks);
  for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
    s.encrypt();
    for (int h = 0; h < N; ++h) {
      for (int i = 0; i < 4; ++i) store256(sp[h] + 128 * chunk + 32 * i, s.x[h][i]);
    }
  }
}

template <int N>
void implode_n(const std::uint8_t *const key_bytes[N], const std::uint8_t *const sp[N], std::uint8_t *const io[N]) {
  bulk_state<N> s(key_bytes, io);
  for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
    for (int h = 0; h < N; ++h) {
      for (int i = 0; i < 4; ++i) s.x[h][i] = _mm256_xor_si256(s.x[h][i], load256(sp[h] + 128 * chunk + 32 * i));
    }
    s.encrypt();
  }
  for (int h = 0; h < N; ++h) {
    for (int i = 0; i < 4; ++i) store256u(io[h] + 32 * i, s.x[h][i]);
  }
}

struct vaes_ops : xmm_block_ops {
  // Explode / implode on VAES (above), one hash or the multi-hash path's 2 or 4
  // interleaved.
  static constexpr bool bulk_aes = true;
  static constexpr bool bulk_many = true;
  static void explode_bulk(const std::uint8_t key_bytes[160], const std::uint8_t *in, std::uint8_t *sp) {
    const std::uint8_t *const k[1] = {key_bytes};
    const std::uint8_t *const b[1] = {in};
    std::uint8_t *const s[1] = {sp};
    explode_n<1>(k, b, s);
  }
  static void implode_bulk(const std::uint8_t key_bytes[160], const std::uint8_t *sp, std::uint8_t *io) {
    const std::uint8_t *const k[1] = {key_bytes};
    const std::uint8_t *const s[1] = {sp};
    std::uint8_t *const b[1] = {io};
    implode_n<1>(k, s, b);
  }
  template <int N>
  static void explode_bulk_many(const std::uint8_t *const key_bytes[N], const std::uint8_t *const in[N],
                                std::uint8_t *const sp[N]) {
    explode_n<N>(key_bytes, in, sp);
  }
  template <int N>
  static void implode_bulk_many(const std::uint8_t *const key_bytes[N], const std::uint8_t *const sp[N],
                                std::uint8_t *const io[N]) {
    implode_n<N>(key_bytes, sp, io);
  }
};

}  // namespace

void vaes_run(int variant, const job *jobs, std::size_t count) { run_variant<vaes_ops>(variant, jobs, count); }

}  // namespace crypto::cn
