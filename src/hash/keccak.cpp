// Monero's Keccak C API on the one sponge (sponge_core.h) and the permutation
// interface (keccak_permutation.h).

#include "crypto/keccak.h"

#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"
#include "hash/sponge_params.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace {

using crypto::sponge::keccak256_rate;  // Monero's HASH_DATA_AREA
using crypto::sponge::keccak_pad;      // original Keccak padding

// Monero's keccak() accepts mdlen 1..100 or 200, aborts unless the rate
// 200 - 2*mdlen is at most 144 bytes and mdlen is a multiple of 8, and hangs
// for mdlen 100 (rate 0). What is left: multiples of 8 from 32 to 96, and 200.
bool monero_accepts_mdlen(int mdlen) { return mdlen == 200 || (mdlen >= 32 && mdlen <= 96 && mdlen % 8 == 0); }

void require_ctx(const KECCAK_CTX *ctx, const char *function) {
  if (ctx == nullptr) throw std::invalid_argument(std::string(function) + ": ctx is NULL");
}

void require_input(const void *in, std::size_t inlen, const char *function) {
  if (in == nullptr && inlen != 0) {
    throw std::invalid_argument(std::string(function) + ": in is NULL but inlen is " + std::to_string(inlen));
  }
}

}  // namespace

extern "C" {

void keccakf(uint64_t st[25], int rounds) {
  if (rounds < 1 || rounds > 24) {
    throw std::invalid_argument("keccakf: rounds = " + std::to_string(rounds) +
                                " is outside 1..24 (Keccak-f[1600] has 24 round constants)");
  }
  crypto::keccak_active_permutation().permute_rounds(st, rounds);
}

void keccak(const uint8_t *in, size_t inlen, uint8_t *md, int mdlen) {
  if (!monero_accepts_mdlen(mdlen)) {
    throw std::invalid_argument("keccak: mdlen = " + std::to_string(mdlen) +
                                " is not supported; use a multiple of 8 from 32 to 96 (rate 200 - 2*mdlen), "
                                "or 200 for the whole state (as Monero's keccak)");
  }
  require_input(in, inlen, "keccak");
  if (md == nullptr) throw std::invalid_argument("keccak: md is NULL");
  const std::size_t rate = mdlen == 200 ? keccak256_rate : static_cast<std::size_t>(200 - 2 * mdlen);
  const crypto::keccak_permutation &p = crypto::keccak_active_permutation();
  if (mdlen == 32 && inlen < keccak256_rate) {
    // Keccak-256 of one block: the one-block entry (as cn_fast_hash), which
    // wipes its buffer.
    std::uint64_t block[25];
    crypto::sponge::set_only_block(block, in, inlen);
    p.hash_one_block(block, md, 32);
    return;
  }
  std::uint64_t st[25];
  crypto::sponge::zero_state(st);
  const std::size_t position = crypto::sponge::absorb(p, st, 0, rate, in, inlen);
  crypto::sponge::pad_and_permute(p, st, position, rate, keccak_pad);
  p.extract_bytes(st, md, 0, static_cast<std::size_t>(mdlen));
  sodium_memzero(st, sizeof st);
}

void keccak1600(const uint8_t *in, size_t inlen, uint8_t *md) { keccak(in, inlen, md, 200); }

void keccak_init(KECCAK_CTX *ctx) {
  require_ctx(ctx, "keccak_init");
  sodium_memzero(ctx, sizeof *ctx);
}

void keccak_update(KECCAK_CTX *ctx, const uint8_t *in, size_t inlen) {
  require_ctx(ctx, "keccak_update");
  if (ctx->finalized) {
    throw std::logic_error("keccak_update: called after keccak_finish on this KECCAK_CTX; call keccak_init first");
  }
  require_input(in, inlen, "keccak_update");
  if (ctx->rest >= keccak256_rate) {
    throw std::logic_error("keccak_update: KECCAK_CTX is corrupt (rest = " + std::to_string(ctx->rest) +
                           "); call keccak_init first");
  }
  ctx->rest = crypto::sponge::absorb(crypto::keccak_active_permutation(), ctx->hash, ctx->rest, keccak256_rate,
                                     in, inlen);
}

void keccak_finish(KECCAK_CTX *ctx, uint8_t *md) {
  require_ctx(ctx, "keccak_finish");
  const crypto::keccak_permutation &p = crypto::keccak_active_permutation();
  if (!ctx->finalized) {
    if (ctx->rest >= keccak256_rate) {
      throw std::logic_error("keccak_finish: KECCAK_CTX is corrupt (rest = " + std::to_string(ctx->rest) +
                             "); call keccak_init first");
    }
    crypto::sponge::pad_and_permute(p, ctx->hash, ctx->rest, keccak256_rate, keccak_pad);
    ctx->rest = 0;
    ctx->finalized = 1;
  }
  if (md != nullptr) p.extract_bytes(ctx->hash, md, 0, 32);
}

}  // extern "C"
