// Batched key operations (crypto/crypto_batch.h): derivations, one-time keys,
// subaddress spend keys and key images for many entries at once. Each entry is
// the single call's formula (keys.cpp); what is shared is the work around it:
// the scalar recoding of the one view key, the curve layer's batch
// multiplications (curve/ecmult.h: scalarmult_batch, scalarmult_base_batch,
// scalarmult_each_batch, on
// the vector backend where the CPU has one), and one field inversion for all
// the encodings of a chunk (p3_tobytes_batch) instead of one per point.
// docs/scanning.md.
#include "crypto/crypto_batch.h"

#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "key_helpers.h"

#include <sodium/utils.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace cncrypto {

using namespace crypto;  // the types and helpers of Monero's names

using keys_detail::hash_to_ec_p3;
using keys_detail::monero_scalarmult_scalar;
using keys_detail::u8;

namespace {

// Entries per chunk: the curve layer's p3_tobytes_batch shares one inversion
// per 256 points (one inversion is ~250 multiplications, the batch adds 3 per
// point); the scratch (~100 KiB) stays in the L2 cache.
constexpr std::size_t chunk_size = 256;

void require(bool ok, const char *function, const char *argument, std::size_t count) {
  if (!ok)
    throw std::invalid_argument(std::string(function) + ": " + argument + " is null but count is " +
                                std::to_string(count));
}

// The scratch of one call: decoded points, products, their encodings, the
// entries they belong to, and per-entry scalars. Every buffer that may hold a
// secret (points derived from secrets, scalars) is wiped when the call ends,
// however it ends.
struct scratch {
  using bytes32 = unsigned char[32];
  std::vector<ed::ge_p3> points, products;
  std::vector<std::size_t> entry;
  std::vector<std::array<unsigned char, 32>> encoded, scalars;

  explicit scratch(std::size_t count)
      : points(count < chunk_size ? count : chunk_size),
        products(points.size()),
        entry(points.size()),
        encoded(points.size()),
        scalars(points.size()) {}
  scratch(const scratch &) = delete;
  scratch &operator=(const scratch &) = delete;
  ~scratch() {
    sodium_memzero(points.data(), points.size() * sizeof(ed::ge_p3));
    sodium_memzero(products.data(), products.size() * sizeof(ed::ge_p3));
    sodium_memzero(encoded.data(), encoded.size() * 32);
    sodium_memzero(scalars.data(), scalars.size() * 32);
  }

  bytes32 *scalar_rows() { return reinterpret_cast<bytes32 *>(scalars.data()); }

  // encoded[j] = ge_p3_tobytes(points[j]), j < m, one inversion for all (curve
  // layer: p3_tobytes_batch). Constant time in the point values.
  void encode(std::size_t m) {
    cncrypto::ed25519::p3_tobytes_batch(reinterpret_cast<bytes32 *>(encoded.data()), points.data(), m);
  }

  // out[entry[j]] = the encoding of points[j], j < m.
  template <typename T>
  void emit(T *out, std::size_t m) {
    encode(m);
    for (std::size_t j = 0; j < m; ++j) std::memcpy(out[entry[j]].data, encoded[j].data(), 32);
  }
};

// dst = 8 src (three doublings, Monero's ge_mul8). Constant time.
void times8(ed::ge_p3 &dst, const ed::ge_p3 &src) {
  ed::ge_p2 p;
  ed::ge_p3_to_p2(&p, &src);
  ed::ge_p1p1 eight;
  ed::ge_mul8(&eight, &p);
  ed::ge_p1p1_to_p3(&dst, &eight);
  sodium_memzero(&p, sizeof p);
  sodium_memzero(&eight, sizeof eight);
}

// Decodes the public points in[begin, end) into s.points, noting which entry
// each belongs to; ok[i] says whether in[i] decoded. Returns how many did.
// _vartime (public points).
std::size_t decode_chunk(const public_key *in, std::size_t begin, std::size_t end, scratch &s, std::uint8_t *ok,
                         std::size_t &failed) {
  std::size_t m = 0;
  for (std::size_t i = begin; i < end; ++i) {
    ok[i] = ed::ge_frombytes_vartime(&s.points[m], u8(in[i].data)) == 0 ? 1 : 0;
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
      derivation_to_scalar(derivations[i], output_indexes[i], *reinterpret_cast<ec_scalar *>(s.scalars[j].data()));
    }
    cncrypto::ed25519::scalarmult_base_batch(s.products.data(), s.scalar_rows(), m);
    for (std::size_t j = 0; j < m; ++j) {
      ed::ge_cached c;
      ed::ge_p3_to_cached(&c, &s.products[j]);
      ed::ge_p1p1 sum;
      if (subtract)
        ed::ge_sub(&sum, &s.points[j], &c);
      else
        ed::ge_add(&sum, &s.points[j], &c);
      ed::ge_p1p1_to_p3(&s.points[j], &sum);
      sodium_memzero(&c, sizeof c);
      sodium_memzero(&sum, sizeof sum);
    }
    s.emit(out, m);
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
  monero_scalarmult_scalar(s.scalars[0].data(), u8(sec.data));
  std::size_t failed = 0;
  for (std::size_t begin = 0; begin < count; begin += chunk_size) {
    const std::size_t end = begin + chunk_size < count ? begin + chunk_size : count;
    const std::size_t m = decode_chunk(tx_pub_keys, begin, end, s, ok, failed);
    cncrypto::ed25519::scalarmult_batch(s.products.data(), s.scalars[0].data(), s.points.data(), m);
    for (std::size_t j = 0; j < m; ++j) times8(s.points[j], s.products[j]);
    s.emit(derivations, m);
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
      hash_to_ec_p3(pubs[i], s.products[j]);  // Hp(P_i), public
      monero_scalarmult_scalar(s.scalars[j].data(), u8(secs[i].data));
    }
    // One scalar per entry: the curve's batch with a scalar per point.
    cncrypto::ed25519::scalarmult_each_batch(s.points.data(), s.scalar_rows(), s.products.data(), m);
    s.emit(images, m);
  }
}

}  // namespace cncrypto
