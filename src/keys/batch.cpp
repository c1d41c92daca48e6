// Batched key operations (crypto/crypto_batch.h): derivations, one-time keys,
// subaddress spend keys and key images for many entries at once. Each entry is
// the single call's formula (keys.cpp); what is shared is the work around it:
// the scalar recoding of the one view key, and one field inversion for all the
// encodings of a chunk (Montgomery's trick through fe_batch_invert) instead of
// one per point. docs/scanning.md.
#include "crypto/crypto_batch.h"

#include "crypto/crypto-ops.h"
#include "key_helpers.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace crypto {

using keys_detail::hash_to_ec_p3;
using keys_detail::monero_scalarmult_scalar;
using keys_detail::u8;

namespace {

// Entries per chunk: large enough that the shared inversion costs little per
// point (one inversion is ~250 multiplications, the batch adds 3 per point),
// small enough that the scratch stays in the L1/L2 cache.
constexpr std::size_t chunk_size = 64;

void require(bool ok, const char *function, const char *argument, std::size_t count) {
  if (!ok)
    throw std::invalid_argument(std::string(function) + ": " + argument + " is null but count is " +
                                std::to_string(count));
}

// The scratch of one call: points, their encodings, the entries they belong to,
// the field elements of the shared inversion, and per-entry scalars. Every
// buffer that may hold a secret (points derived from secrets, scalars) is wiped
// when the call ends, however it ends.
struct scratch {
  std::vector<ge_p3> points;
  std::vector<fe> z;
  std::vector<std::size_t> entry;
  unsigned char encoded[chunk_size][32];
  unsigned char scalars[chunk_size][32];

  explicit scratch(std::size_t count)
      : points(count < chunk_size ? count : chunk_size), z(points.size()), entry(points.size()) {}
  scratch(const scratch &) = delete;
  scratch &operator=(const scratch &) = delete;
  ~scratch() {
    sodium_memzero(points.data(), points.size() * sizeof(ge_p3));
    sodium_memzero(z.data(), z.size() * sizeof(fe));
    sodium_memzero(encoded, sizeof encoded);
    sodium_memzero(scalars, sizeof scalars);
  }

  // encoded[j] = the encoding of points[j], j < m (ge_p3_tobytes of each), with
  // one inversion for all: x = X/Z, y = Y/Z, y || sign(x). Constant time in the
  // point values.
  void encode(std::size_t m) {
    for (std::size_t j = 0; j < m; ++j) std::memcpy(z[j], points[j].Z, sizeof(fe));
    fe_batch_invert(z.data(), z.data(), m);
    for (std::size_t j = 0; j < m; ++j) {
      fe x, y;
      fe_mul(x, points[j].X, z[j]);
      fe_mul(y, points[j].Y, z[j]);
      fe_tobytes(encoded[j], y);
      encoded[j][31] = static_cast<unsigned char>(encoded[j][31] ^ (fe_isnegative(x) << 7));
      sodium_memzero(x, sizeof x);
      sodium_memzero(y, sizeof y);
    }
  }

  template <typename T>
  void store(T *out, std::size_t m) const {
    for (std::size_t j = 0; j < m; ++j) std::memcpy(out[entry[j]].data, encoded[j], 32);
  }
};

// Decodes the public points in[begin, end) into s.points, noting which entry
// each belongs to; ok[i] says whether in[i] decoded. Returns how many did.
// _vartime (public points).
std::size_t decode_chunk(const public_key *in, std::size_t begin, std::size_t end, scratch &s, std::uint8_t *ok,
                         std::size_t &failed) {
  std::size_t m = 0;
  for (std::size_t i = begin; i < end; ++i) {
    ok[i] = ge_frombytes_vartime(&s.points[m], u8(in[i].data)) == 0 ? 1 : 0;
    if (ok[i]) {
      s.entry[m++] = i;
    } else {
      ++failed;
    }
  }
  return m;
}

// out[i] = point[i] + sign*Hs(derivations[i] || varint(output_indexes[i]))*G for
// the entries whose point decodes (derive_public_key, or
// derive_subaddress_public_key when subtract). Constant time in the derivations.
std::size_t offset_many(const char *function, const public_key *points, const key_derivation *derivations,
                        const std::size_t *output_indexes, std::size_t count, public_key *out, std::uint8_t *ok,
                        bool subtract) {
  if (count == 0) return 0;
  require(points != nullptr, function, subtract ? "out_keys" : "bases", count);
  require(derivations != nullptr, function, "derivations", count);
  require(output_indexes != nullptr, function, "output_indexes", count);
  require(out != nullptr, function, "derived_keys", count);
  require(ok != nullptr, function, "ok", count);
  scratch s(count);
  std::size_t failed = 0;
  for (std::size_t begin = 0; begin < count; begin += chunk_size) {
    const std::size_t end = begin + chunk_size < count ? begin + chunk_size : count;
    const std::size_t m = decode_chunk(points, begin, end, s, ok, failed);
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = s.entry[j];
      derivation_to_scalar(derivations[i], output_indexes[i], *reinterpret_cast<ec_scalar *>(s.scalars[j]));
      ge_p3 sG;
      ge_scalarmult_base(&sG, s.scalars[j]);
      ge_cached c;
      ge_p3_to_cached(&c, &sG);
      ge_p1p1 sum;
      if (subtract)
        ge_sub(&sum, &s.points[j], &c);
      else
        ge_add(&sum, &s.points[j], &c);
      ge_p1p1_to_p3(&s.points[j], &sum);
      sodium_memzero(&sG, sizeof sG);
      sodium_memzero(&c, sizeof c);
      sodium_memzero(&sum, sizeof sum);
    }
    s.encode(m);
    s.store(out, m);
  }
  return failed;
}

}  // namespace

std::size_t generate_key_derivations(const public_key *tx_pub_keys, std::size_t count, const secret_key &sec,
                                     key_derivation *derivations, std::uint8_t *ok) {
  if (count == 0) return 0;
  require(tx_pub_keys != nullptr, "generate_key_derivations", "tx_pub_keys", count);
  require(derivations != nullptr, "generate_key_derivations", "derivations", count);
  require(ok != nullptr, "generate_key_derivations", "ok", count);
  scratch s(count);
  // The one scalar every entry multiplies by (the single call recodes it each time).
  monero_scalarmult_scalar(s.scalars[0], u8(sec.data));
  std::size_t failed = 0;
  for (std::size_t begin = 0; begin < count; begin += chunk_size) {
    const std::size_t end = begin + chunk_size < count ? begin + chunk_size : count;
    const std::size_t m = decode_chunk(tx_pub_keys, begin, end, s, ok, failed);
    for (std::size_t j = 0; j < m; ++j) {
      ge_p2 kP;
      ge_scalarmult(&kP, s.scalars[0], &s.points[j]);
      ge_p1p1 eight;
      ge_mul8(&eight, &kP);
      ge_p1p1_to_p3(&s.points[j], &eight);
      sodium_memzero(&kP, sizeof kP);
      sodium_memzero(&eight, sizeof eight);
    }
    s.encode(m);
    s.store(derivations, m);
  }
  return failed;
}

std::size_t derive_public_keys(const key_derivation *derivations, const std::size_t *output_indexes,
                               const public_key *bases, std::size_t count, public_key *derived_keys,
                               std::uint8_t *ok) {
  return offset_many("derive_public_keys", bases, derivations, output_indexes, count, derived_keys, ok, false);
}

std::size_t derive_subaddress_public_keys(const public_key *out_keys, const key_derivation *derivations,
                                          const std::size_t *output_indexes, std::size_t count,
                                          public_key *derived_keys, std::uint8_t *ok) {
  return offset_many("derive_subaddress_public_keys", out_keys, derivations, output_indexes, count, derived_keys,
                     ok, true);
}

void generate_key_images(const public_key *pubs, const secret_key *secs, std::size_t count, key_image *images) {
  if (count == 0) return;
  require(pubs != nullptr, "generate_key_images", "pubs", count);
  require(secs != nullptr, "generate_key_images", "secs", count);
  require(images != nullptr, "generate_key_images", "images", count);
  scratch s(count);
  for (std::size_t begin = 0; begin < count; begin += chunk_size) {
    const std::size_t end = begin + chunk_size < count ? begin + chunk_size : count;
    const std::size_t m = end - begin;
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = begin + j;
      s.entry[j] = i;
      ge_p3 hp;
      hash_to_ec_p3(pubs[i], hp);
      monero_scalarmult_scalar(s.scalars[j], u8(secs[i].data));
      ge_scalarmult_p3(&s.points[j], s.scalars[j], &hp);
    }
    s.encode(m);
    s.store(images, m);
  }
}

}  // namespace crypto
