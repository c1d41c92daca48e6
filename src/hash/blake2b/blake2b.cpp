// Monero master's BLAKE2b API (crypto/blake2b.h) on the compression function
// of the implementation table (hash/blake2b_impl.h). RFC 7693: the parameter
// block XORed into the IV (section 2.5; BLAKE2 paper section 2.8), the key as a
// first block padded with zeros (section 3.3), the last block padded with zeros
// and compressed with the final flag and the true byte count.
//
// The one-shot functions (blake2b, blake2b_monero) compress straight from the
// input, copying only the last block; the streaming functions keep Monero's
// blake2b_state (the last block, full or not, stays in buf until final).

#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"

#include "blake2b/blake2b_oneshot.h"
#include "common/endian.h"
#include "hash/blake2b_impl.h"

#include <sodium/utils.h>

#include <cstring>

namespace cncrypto::blake2b_impl {

void sequential_chain(std::uint64_t h[8], std::size_t outlen, std::size_t keylen, const std::uint8_t *salt,
                      const std::uint8_t *personal) {
  for (unsigned i = 0; i < 8; ++i) h[i] = iv[i];
  h[0] ^= outlen | keylen << 8 | 0x01010000u;  // fanout 1, depth 1
  for (unsigned i = 0; i < 2; ++i) {
    if (salt != nullptr) h[4 + i] ^= cncrypto::load_le64(salt + 8 * i);
    if (personal != nullptr) h[6 + i] ^= cncrypto::load_le64(personal + 8 * i);
  }
}

void hash_oneshot(compress_fn compress, const std::uint64_t chain[8], std::size_t outlen, const void *key,
                  std::size_t keylen, const void *in, std::size_t inlen, std::uint8_t *out) {
  constexpr std::size_t block_bytes = BLAKE2B_BLOCKBYTES;
  std::uint64_t h[8];
  std::uint64_t t[2] = {0, 0};
  std::memcpy(h, chain, sizeof h);
  std::uint8_t last[block_bytes] = {};
  if (keylen > 0) {
    std::memcpy(last, key, keylen);
    // The key block is the last block only of an empty message.
    if (inlen > 0) {
      compress(h, t, 0, 0, last, 1, block_bytes);
      std::memset(last, 0, keylen);
    }
  }
  std::size_t tail = 0;
  if (inlen > 0) {
    const auto *p = static_cast<const std::uint8_t *>(in);
    const std::size_t full = (inlen - 1) / block_bytes;  // every block but the last (1..128 bytes)
    if (full > 0) compress(h, t, 0, 0, p, full, block_bytes);
    tail = inlen - full * block_bytes;
    std::memcpy(last, p + full * block_bytes, tail);
  } else if (keylen > 0) {
    tail = block_bytes;
  }
  compress(h, t, ~std::uint64_t{0}, 0, last, 1, tail);
  write_digest(h, 1, out, outlen);
  sodium_memzero(last, sizeof last);
  sodium_memzero(h, sizeof h);
}

}  // namespace cncrypto::blake2b_impl

namespace {

namespace impl = cncrypto::blake2b_impl;
using impl::write_digest;

constexpr std::size_t block_bytes = BLAKE2B_BLOCKBYTES;
constexpr std::size_t out_bytes = BLAKE2B_OUTBYTES;
constexpr std::uint64_t all_ones = ~std::uint64_t{0};

// Monero's blake2b_invalidate_state: wiped, and final-flagged so that update
// and final refuse it.
void invalidate(blake2b_state *S) {
  sodium_memzero(S, sizeof *S);
  S->f[0] = all_ones;
}

// Monero's blake2b_init0 then IV xor parameter block; outlen from byte 0.
void init_state(blake2b_state *S, const std::uint8_t params[64]) {
  std::memset(S, 0, sizeof *S);
  for (unsigned i = 0; i < 8; ++i) S->h[i] = impl::iv[i] ^ cncrypto::load_le64(params + 8 * i);
  S->outlen = params[0];
}

// The same for sequential hashing with these lengths (no salt, no personalisation).
void init_sequential(blake2b_state *S, std::size_t outlen, std::size_t keylen) {
  std::memset(S, 0, sizeof *S);
  impl::sequential_chain(S->h, outlen, keylen, nullptr, nullptr);
  S->outlen = static_cast<unsigned>(outlen);
}

// The checks blake2b and blake2b_monero share (Monero's "Verify parameters").
bool valid_oneshot_args(const void *out, std::size_t outlen, const void *in, std::size_t inlen, const void *key,
                        std::size_t keylen) {
  if (in == nullptr && inlen > 0) return false;
  if (out == nullptr || outlen == 0 || outlen > BLAKE2B_OUTBYTES) return false;
  if ((key == nullptr && keylen > 0) || keylen > BLAKE2B_KEYBYTES) return false;
  return true;
}

}  // namespace

extern "C" {

int blake2b_init_param(blake2b_state *S, const blake2b_param *P) {
  if (S == nullptr || P == nullptr) return -1;
  init_state(S, reinterpret_cast<const std::uint8_t *>(P));
  return 0;
}

int blake2b_init(blake2b_state *S, size_t outlen) {
  if (S == nullptr) return -1;
  if (outlen == 0 || outlen > BLAKE2B_OUTBYTES) {
    invalidate(S);
    return -1;
  }
  init_sequential(S, outlen, 0);
  return 0;
}

int blake2b_init_key(blake2b_state *S, size_t outlen, const void *key, size_t keylen) {
  if (S == nullptr) return -1;
  if (outlen == 0 || outlen > BLAKE2B_OUTBYTES || key == nullptr || keylen == 0 || keylen > BLAKE2B_KEYBYTES) {
    invalidate(S);
    return -1;
  }
  init_sequential(S, outlen, keylen);
  // The key padded to a whole block, buffered as an update of 128 bytes would be.
  std::memcpy(S->buf, key, keylen);
  S->buflen = block_bytes;
  return 0;
}

int blake2b_update(blake2b_state *S, const void *in, size_t inlen) {
  if (inlen == 0) return 0;
  if (S == nullptr || in == nullptr) return -1;
  if (S->f[0] != 0 || S->buflen > block_bytes) return -1;
  const auto *p = static_cast<const std::uint8_t *>(in);
  if (inlen > block_bytes - S->buflen) {
    // The buffer's block is not the last: complete and compress it, then every
    // whole block of the input but the last.
    const impl::compress_fn compress = impl::active_implementation().compress;
    const std::size_t fill = block_bytes - S->buflen;
    std::memcpy(S->buf + S->buflen, p, fill);
    compress(S->h, S->t, S->f[0], S->f[1], S->buf, 1, block_bytes);
    S->buflen = 0;
    p += fill;
    inlen -= fill;
    if (inlen > block_bytes) {
      const std::size_t full = (inlen - 1) / block_bytes;
      compress(S->h, S->t, S->f[0], S->f[1], p, full, block_bytes);
      p += full * block_bytes;
      inlen -= full * block_bytes;
    }
  }
  std::memcpy(S->buf + S->buflen, p, inlen);
  S->buflen += static_cast<unsigned>(inlen);
  return 0;
}

int blake2b_final(blake2b_state *S, void *out, size_t outlen) {
  if (S == nullptr || out == nullptr || outlen < S->outlen) return -1;
  if (S->f[0] != 0) return -1;
  if (S->outlen > BLAKE2B_OUTBYTES || S->buflen > block_bytes) return -1;
  S->f[0] = all_ones;
  if (S->last_node != 0) S->f[1] = all_ones;
  std::memset(S->buf + S->buflen, 0, block_bytes - S->buflen);
  impl::active_implementation().compress(S->h, S->t, S->f[0], S->f[1], S->buf, 1, S->buflen);
  write_digest(S->h, 1, static_cast<std::uint8_t *>(out), S->outlen);
  sodium_memzero(S->buf, sizeof S->buf);
  sodium_memzero(S->h, sizeof S->h);
  return 0;
}

int blake2b(void *out, size_t outlen, const void *in, size_t inlen, const void *key, size_t keylen) {
  if (!valid_oneshot_args(out, outlen, in, inlen, key, keylen)) return -1;
  std::uint64_t chain[8];
  impl::sequential_chain(chain, outlen, keylen, nullptr, nullptr);
  impl::hash_oneshot(impl::active_implementation().compress, chain, outlen, key, keylen, in, inlen,
                     static_cast<std::uint8_t *>(out));
  return 0;
}

int blake2b_monero(void *out, size_t outlen, const void *in, size_t inlen, const void *key, size_t keylen) {
  if (!valid_oneshot_args(out, outlen, in, inlen, key, keylen)) return -1;
  if (key != nullptr && keylen == 0) return -1;
  std::uint64_t chain[8];
  impl::sequential_chain(chain, outlen, keylen, nullptr, cncrypto::blake2b_monero_personal);
  impl::hash_oneshot(impl::active_implementation().compress, chain, outlen, key, keylen, in, inlen,
                     static_cast<std::uint8_t *>(out));
  return 0;
}

int blake2b_long(void *out, size_t outlen, const void *in, size_t inlen) {
  if (outlen == 0 || outlen > UINT32_MAX || out == nullptr || (in == nullptr && inlen > 0)) return -1;
  const std::uint8_t prefix[4] = {static_cast<std::uint8_t>(outlen), static_cast<std::uint8_t>(outlen >> 8),
                                  static_cast<std::uint8_t>(outlen >> 16), static_cast<std::uint8_t>(outlen >> 24)};
  auto *o = static_cast<std::uint8_t *>(out);
  const std::size_t first = outlen <= out_bytes ? outlen : out_bytes;
  blake2b_state S;
  std::uint8_t v[BLAKE2B_OUTBYTES];
  // V1 = BLAKE2b-first(LE32(outlen) || in); the checks above make these succeed.
  blake2b_init(&S, first);
  blake2b_update(&S, prefix, sizeof prefix);
  blake2b_update(&S, in, inlen);
  blake2b_final(&S, v, first);
  sodium_memzero(&S, sizeof S);
  if (outlen <= BLAKE2B_OUTBYTES) {
    std::memcpy(o, v, outlen);
  } else {
    // Half of each 64-byte V while more than 64 bytes remain, then the last
    // hash whole, of the remaining length.
    std::size_t remaining = outlen;
    while (remaining > BLAKE2B_OUTBYTES) {
      std::memcpy(o, v, BLAKE2B_OUTBYTES / 2);
      o += BLAKE2B_OUTBYTES / 2;
      remaining -= BLAKE2B_OUTBYTES / 2;
      std::uint8_t next[BLAKE2B_OUTBYTES] = {};
      blake2b(next, remaining > out_bytes ? out_bytes : remaining, v, sizeof v, nullptr, 0);
      std::memcpy(v, next, sizeof next);
      sodium_memzero(next, sizeof next);
    }
    std::memcpy(o, v, remaining);
  }
  sodium_memzero(v, sizeof v);
  return 0;
}

}  // extern "C"
