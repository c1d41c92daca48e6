// crypto/crypto.h against every line of ../shared/vectors/monero_crypto.txt
// for the key-layer functions (expected values computed by Monero's own code,
// see ../shared/vectors/README.md). Lines with secret keys >= L are included:
// cncrypto reproduces Monero's release-build output for them (docs/crypto.md).
#include <boost/test/unit_test.hpp>

#include "crypto/crypto.h"
#include "crypto/ed25519/sc.h"
#include "keys/keys_test_util.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <boost/optional.hpp>
#include <vector>

using namespace cncrypto::test;
using keys_test::field32;
using keys_test::field_as;
using keys_test::hex_of;
using keys_test::monero_lines;

namespace {

std::size_t index_field(const vector_line &l, std::size_t i) {
  const std::uint64_t v = u64_field(l.fields.at(i));
  static_assert(sizeof(std::size_t) >= sizeof(std::uint64_t), "output indices use the full 64-bit range");
  return static_cast<std::size_t>(v);
}

template <typename T>
T bytes_as(const std::vector<std::uint8_t> &v) {
  BOOST_TEST_REQUIRE(v.size() == sizeof(T));
  T out;
  std::memcpy(&out, v.data(), sizeof(T));
  return out;
}

// Counts lines whose secret input is not a canonical scalar, to show that the
// reproduced-quirk lines were really exercised.
bool non_canonical(const keys_test::bytes32 &s) { return sc_check(s.data()) != 0; }

}  // namespace

BOOST_AUTO_TEST_SUITE(crypto_vectors)

BOOST_AUTO_TEST_CASE(hash_to_scalar_lines, *needs_shared()) {
  const auto lines = monero_lines("hash_to_scalar");
  BOOST_TEST_REQUIRE(lines.size() == 200u);
  for (const auto &l : lines) {
    const auto data = hex_field(l.fields[1]);
    crypto::ec_scalar s;
    crypto::hash_to_scalar(data.data(), data.size(), s);
    BOOST_TEST(hex_of(s) == l.fields[2], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(check_key_lines, *needs_shared()) {
  const auto lines = monero_lines("check_key");
  BOOST_TEST_REQUIRE(lines.size() == 280u);
  for (const auto &l : lines) {
    const auto key = field_as<crypto::public_key>(l, 1);
    BOOST_TEST(crypto::check_key(key) == bool_field(l.fields[2]), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(secret_key_to_public_key_lines, *needs_shared()) {
  const auto lines = monero_lines("secret_key_to_public_key");
  BOOST_TEST_REQUIRE(lines.size() == 200u);
  for (const auto &l : lines) {
    const auto sec = field_as<crypto::secret_key>(l, 1);
    crypto::public_key pub{};
    const bool ok = crypto::secret_key_to_public_key(sec, pub);
    BOOST_TEST(ok == bool_field(l.fields[2]), "line " << l.line_number);
    if (ok && l.fields.size() > 3) {
      BOOST_TEST(hex_of(pub) == l.fields[3], "line " << l.line_number);
    }
  }
}

BOOST_AUTO_TEST_CASE(generate_key_derivation_lines, *needs_shared()) {
  const auto lines = monero_lines("generate_key_derivation");
  BOOST_TEST_REQUIRE(lines.size() == 220u);
  std::size_t unreduced = 0;
  for (const auto &l : lines) {
    const auto pub = field_as<crypto::public_key>(l, 1);
    const auto sec = field_as<crypto::secret_key>(l, 2);
    unreduced += non_canonical(field32(l, 2));
    crypto::key_derivation d{};
    const bool ok = crypto::generate_key_derivation(pub, sec, d);
    BOOST_TEST(ok == bool_field(l.fields[3]), "line " << l.line_number);
    if (ok && l.fields.size() > 4) {
      BOOST_TEST(hex_of(d) == l.fields[4], "line " << l.line_number);
    }
  }
  BOOST_TEST(unreduced > 0u);  // the secret >= L lines are reproduced, not skipped
}

BOOST_AUTO_TEST_CASE(derivation_to_scalar_lines, *needs_shared()) {
  const auto lines = monero_lines("derivation_to_scalar");
  BOOST_TEST_REQUIRE(lines.size() == 160u);
  for (const auto &l : lines) {
    const auto d = field_as<crypto::key_derivation>(l, 1);
    crypto::ec_scalar s;
    crypto::derivation_to_scalar(d, index_field(l, 2), s);
    BOOST_TEST(hex_of(s) == l.fields[3], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(derive_public_key_lines, *needs_shared()) {
  const auto lines = monero_lines("derive_public_key");
  BOOST_TEST_REQUIRE(lines.size() == 200u);
  for (const auto &l : lines) {
    const auto d = field_as<crypto::key_derivation>(l, 1);
    const auto base = field_as<crypto::public_key>(l, 3);
    crypto::public_key out{};
    const bool ok = crypto::derive_public_key(d, index_field(l, 2), base, out);
    BOOST_TEST(ok == bool_field(l.fields[4]), "line " << l.line_number);
    if (ok && l.fields.size() > 5) {
      BOOST_TEST(hex_of(out) == l.fields[5], "line " << l.line_number);
    }
  }
}

BOOST_AUTO_TEST_CASE(derive_secret_key_lines, *needs_shared()) {
  const auto lines = monero_lines("derive_secret_key");
  BOOST_TEST_REQUIRE(lines.size() == 180u);
  std::size_t unreduced = 0;
  for (const auto &l : lines) {
    const auto d = field_as<crypto::key_derivation>(l, 1);
    const auto base = field_as<crypto::secret_key>(l, 3);
    unreduced += non_canonical(field32(l, 3));
    crypto::secret_key out;
    crypto::derive_secret_key(d, index_field(l, 2), base, out);
    BOOST_TEST(hex_of(out) == l.fields[4], "line " << l.line_number);
    crypto::secret_key in_place = base;  // output aliasing the base
    crypto::derive_secret_key(d, index_field(l, 2), in_place, in_place);
    BOOST_TEST(hex_of(in_place) == l.fields[4], "aliased, line " << l.line_number);
  }
  BOOST_TEST(unreduced > 0u);
}

BOOST_AUTO_TEST_CASE(derive_subaddress_public_key_lines, *needs_shared()) {
  const auto lines = monero_lines("derive_subaddress_public_key");
  BOOST_TEST_REQUIRE(lines.size() == 170u);
  for (const auto &l : lines) {
    const auto out_key = field_as<crypto::public_key>(l, 1);
    const auto d = field_as<crypto::key_derivation>(l, 2);
    crypto::public_key out{};
    const bool ok = crypto::derive_subaddress_public_key(out_key, d, index_field(l, 3), out);
    BOOST_TEST(ok == bool_field(l.fields[4]), "line " << l.line_number);
    if (ok && l.fields.size() > 5) {
      BOOST_TEST(hex_of(out) == l.fields[5], "line " << l.line_number);
    }
  }
}

BOOST_AUTO_TEST_CASE(derive_view_tag_lines, *needs_shared()) {
  const auto lines = monero_lines("derive_view_tag");
  BOOST_TEST_REQUIRE(lines.size() == 220u);
  for (const auto &l : lines) {
    const auto d = field_as<crypto::key_derivation>(l, 1);
    crypto::view_tag vt;
    crypto::derive_view_tag(d, index_field(l, 2), vt);
    BOOST_TEST(hex_of(vt) == l.fields[3], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(hash_to_point_lines, *needs_shared()) {
  const auto lines = monero_lines("hash_to_point");
  BOOST_TEST_REQUIRE(lines.size() == 230u);
  for (const auto &l : lines) {
    const auto h = field_as<crypto::hash>(l, 1);
    crypto::ec_point p;
    cncrypto::hash_to_point(h, p);
    BOOST_TEST(hex_of(p) == l.fields[2], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(hash_to_ec_lines, *needs_shared()) {
  const auto lines = monero_lines("hash_to_ec");
  BOOST_TEST_REQUIRE(lines.size() == 200u);
  for (const auto &l : lines) {
    const auto pub = field_as<crypto::public_key>(l, 1);
    crypto::ec_point p;
    cncrypto::hash_to_ec(pub, p);
    BOOST_TEST(hex_of(p) == l.fields[2], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(generate_key_image_lines, *needs_shared()) {
  const auto lines = monero_lines("generate_key_image");
  BOOST_TEST_REQUIRE(lines.size() == 180u);
  std::size_t unreduced = 0;
  for (const auto &l : lines) {
    const auto pub = field_as<crypto::public_key>(l, 1);
    const auto sec = field_as<crypto::secret_key>(l, 2);
    unreduced += non_canonical(field32(l, 2));
    crypto::key_image image;
    crypto::generate_key_image(pub, sec, image);
    BOOST_TEST(hex_of(image) == l.fields[3], "line " << l.line_number);
  }
  BOOST_TEST(unreduced > 0u);
}

BOOST_AUTO_TEST_CASE(check_signature_lines, *needs_shared()) {
  const auto lines = monero_lines("check_signature");
  BOOST_TEST_REQUIRE(lines.size() == 250u);
  std::size_t valid = 0;
  for (const auto &l : lines) {
    const auto prefix = field_as<crypto::hash>(l, 1);
    const auto pub = field_as<crypto::public_key>(l, 2);
    const auto sig = bytes_as<crypto::signature>(hex_field(l.fields[3]));
    const bool expect = bool_field(l.fields[4]);
    valid += expect;
    BOOST_TEST(crypto::check_signature(prefix, pub, sig) == expect, "line " << l.line_number);
  }
  BOOST_TEST(valid > 0u);
}

BOOST_AUTO_TEST_CASE(check_ring_signature_lines, *needs_shared()) {
  const auto lines = monero_lines("check_ring_signature");
  BOOST_TEST_REQUIRE(lines.size() == 200u);
  std::size_t valid = 0;
  for (const auto &l : lines) {
    const auto prefix = field_as<crypto::hash>(l, 1);
    const auto image = field_as<crypto::key_image>(l, 2);
    const std::size_t n = index_field(l, 3);
    BOOST_TEST_REQUIRE(l.fields.size() == 6 + n, "line " << l.line_number);
    std::vector<crypto::public_key> keys;
    for (std::size_t i = 0; i < n; ++i) keys.push_back(field_as<crypto::public_key>(l, 4 + i));
    std::vector<const crypto::public_key *> pubs;
    for (const auto &k : keys) pubs.push_back(&k);
    const auto raw = hex_field(l.fields[4 + n]);
    BOOST_TEST_REQUIRE(raw.size() == 64 * n, "line " << l.line_number);
    std::vector<crypto::signature> sigs(n);
    if (n > 0) std::memcpy(sigs.data(), raw.data(), raw.size());
    const bool expect = bool_field(l.fields[5 + n]);
    valid += expect;
    BOOST_TEST(crypto::check_ring_signature(prefix, image, pubs, sigs.data()) == expect, "line " << l.line_number);
  }
  BOOST_TEST(valid > 0u);
}

BOOST_AUTO_TEST_CASE(check_tx_proof_lines, *needs_shared()) {
  const auto lines = monero_lines("check_tx_proof");
  BOOST_TEST_REQUIRE(lines.size() == 170u);
  std::size_t valid = 0;
  for (const auto &l : lines) {
    BOOST_TEST_REQUIRE(l.fields.size() == 9u, "line " << l.line_number);
    const auto prefix = field_as<crypto::hash>(l, 1);
    const auto R = field_as<crypto::public_key>(l, 2);
    const auto A = field_as<crypto::public_key>(l, 3);
    boost::optional<crypto::public_key> B;
    if (l.fields[4] != "x") B = field_as<crypto::public_key>(l, 4);
    const auto D = field_as<crypto::public_key>(l, 5);
    const auto sig = bytes_as<crypto::signature>(hex_field(l.fields[6]));
    const auto version = static_cast<int>(u64_field(l.fields[7]));
    const bool expect = bool_field(l.fields[8]);
    valid += expect;
    BOOST_TEST(crypto::check_tx_proof(prefix, R, A, B, D, sig, version) == expect, "line " << l.line_number);
  }
  BOOST_TEST(valid > 0u);
}

BOOST_AUTO_TEST_SUITE_END()
