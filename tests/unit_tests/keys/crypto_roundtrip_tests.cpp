// crypto/crypto.h: round trips, tampering, consistency between functions,
// libsodium as an independent oracle, the secret-key policy and the secret_key
// type's guarantees.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto.h"
#include "keys/ring_signature.h"
#include "crypto/ed25519/sc.h"
#include "keys/keys_test_util.h"

#include <sodium.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <map>
#include <memory>
#include <boost/optional.hpp>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <unordered_set>
#include <vector>

using keys_test::hex_of;
using keys_test::u8;

namespace {

crypto::hash random_hash() {
  crypto::hash h;
  randombytes_buf(h.data, sizeof h.data);
  return h;
}

struct key_pair {
  crypto::public_key pub;
  crypto::secret_key sec;
};

key_pair new_pair() {
  key_pair k;
  crypto::generate_keys(k.pub, k.sec);
  return k;
}

// n fresh members and the ring of pointers to their public keys (so not copyable).
struct test_ring {
  std::vector<key_pair> members;
  std::vector<const crypto::public_key *> ring;
  explicit test_ring(std::size_t n) : members(n) {
    for (auto &m : members) m = new_pair();
    for (const auto &m : members) ring.push_back(&m.pub);
  }
  test_ring(const test_ring &) = delete;
  test_ring &operator=(const test_ring &) = delete;
  // Member s's key image.
  crypto::key_image image(std::size_t s) const {
    crypto::key_image ki;
    crypto::generate_key_image(members[s].pub, members[s].sec, ki);
    return ki;
  }
};

// 1 0 0 ... : the L constant, as a secret key (not canonical).
crypto::secret_key scalar_L() {
  const auto b = keys_test::from_hex32("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
  crypto::secret_key s;
  std::memcpy(s.data, b.data(), 32);
  return s;
}

template <typename T>
void flip_bit(T &v, std::size_t bit) {
  reinterpret_cast<unsigned char *>(&v)[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
}

// The message of the std::invalid_argument call() throws, or "no exception".
template <typename Call>
std::string message_of(Call &&call) {
  try {
    call();
  } catch (const std::invalid_argument &e) {
    return e.what();
  }
  return "no exception";
}

// Whether `std::ostream << T` compiles.
template <typename T, typename = void>
struct is_streamable : std::false_type {};
template <typename T>
struct is_streamable<T, std::void_t<decltype(std::declval<std::ostream &>() << std::declval<const T &>())>>
    : std::true_type {};

struct sodium_setup {
  sodium_setup() { BOOST_TEST_REQUIRE(sodium_init() >= 0); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(crypto_roundtrip, *boost::unit_test::fixture<sodium_setup>())

BOOST_AUTO_TEST_CASE(secret_key_type) {
  static_assert(sizeof(crypto::secret_key) == 32 && std::is_standard_layout<crypto::secret_key>::value);
  // secret_key() is all zeros (Monero's null_skey).
  const crypto::secret_key zero = crypto::secret_key();
  BOOST_TEST(hex_of(zero) == std::string(64, '0'));
  // Constant-time equality still compares every byte.
  crypto::secret_key a = zero, b = zero;
  BOOST_TEST((a == b));
  b.data[31] = 1;
  BOOST_TEST((a != b));
  a.data[31] = 1;
  BOOST_TEST((a == b));
}

BOOST_AUTO_TEST_CASE(secret_key_wiped_on_destruction) {
  alignas(crypto::secret_key) unsigned char storage[sizeof(crypto::secret_key)];
  auto *sk = new (storage) crypto::secret_key;
  std::memset(sk->data, 0xa5, 32);
  BOOST_TEST(storage[0] == 0xa5);
  std::destroy_at(sk);
  // Read back through volatile: the compiler may treat the destroyed object's
  // bytes as dead (GCC 12 warns maybe-uninitialized on a plain read).
  const volatile unsigned char *bytes = storage;
  unsigned char acc = 0;
  for (std::size_t i = 0; i < sizeof storage; ++i) acc |= bytes[i];
  BOOST_TEST(acc == 0);
}

// secret_key is Monero's type, epee::mlocked<tools::scrubbed<ec_scalar>>:
// Monero's unwrap(unwrap(k)) (found by argument-dependent lookup) gives the
// scalar itself, and each live key holds one object in epee::mlocker's table
// (copies too; assignment takes none), released when it goes.
BOOST_AUTO_TEST_CASE(secret_key_is_moneros_mlocked_scrubbed_scalar) {
  static_assert(std::is_same<crypto::secret_key, epee::mlocked<tools::scrubbed<crypto::ec_scalar>>>::value);
  static_assert(alignof(crypto::secret_key) == 1);  // packed, as Monero's (its tests assume it)
  const std::size_t objects0 = epee::mlocker::get_num_locked_objects();
  {
    crypto::secret_key a;
    BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0 + 1);
    crypto::ec_scalar &s = unwrap(unwrap(a));  // Monero's tests/unit_tests/crypto.cpp idiom
    BOOST_TEST(static_cast<void *>(&s) == static_cast<void *>(&a));
    std::memset(s.data, 0x11, 32);
    crypto::secret_key b(a);  // a copy locks its own memory
    BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0 + 2);
    BOOST_TEST((b == a));
    crypto::secret_key c;
    c = a;  // assignment copies the bytes, takes no lock
    BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0 + 3);
    BOOST_TEST((c == a));
    {
      std::vector<crypto::secret_key> v(4, a);
      BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0 + 7);
    }
    BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0 + 3);
    // std::hash is Monero's: the first sizeof(size_t) bytes.
    std::size_t first;
    std::memcpy(&first, a.data, sizeof first);
    BOOST_TEST(std::hash<crypto::secret_key>()(a) == first);
  }
  BOOST_TEST(epee::mlocker::get_num_locked_objects() == objects0);
}

// A key's own pages are locked while it lives: one placed across a page
// boundary (it is packed, any address will do) holds both pages, and they are
// released when it is destroyed. Wiping is checked above.
BOOST_AUTO_TEST_CASE(secret_key_locks_its_own_pages) {
  const std::size_t ps = epee::mlocker::get_page_size();
  std::vector<unsigned char> block(4 * ps);
  // The boundary between the second and third pages of block, 16 bytes in.
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(block.data());
  unsigned char *const at = block.data() + ((base + 2 * ps) / ps * ps - base) - 16;
  const std::size_t pages0 = epee::mlocker::get_num_locked_pages();
  auto *k = new (at) crypto::secret_key;
  BOOST_TEST(epee::mlocker::get_num_locked_pages() == pages0 + 2);
  std::destroy_at(k);
  BOOST_TEST(epee::mlocker::get_num_locked_pages() == pages0);
}

BOOST_AUTO_TEST_CASE(generate_keys_and_recovery) {
  for (int i = 0; i < 20; ++i) {
    crypto::public_key pub;
    crypto::secret_key sec;
    const crypto::secret_key seed = crypto::generate_keys(pub, sec);
    BOOST_TEST(sc_check(u8(sec)) == 0);
    BOOST_TEST(sc_isnonzero(u8(sec)) == 1);
    BOOST_TEST((seed == sec));  // random32_unbiased output is already reduced
    crypto::public_key again;
    BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(sec, again));
    BOOST_TEST((again == pub));
    // Recovery from the returned seed gives the same pair.
    crypto::public_key pub2;
    crypto::secret_key sec2;
    const crypto::secret_key seed2 = crypto::generate_keys(pub2, sec2, seed, true);
    BOOST_TEST((pub2 == pub));
    BOOST_TEST((sec2 == sec));
    BOOST_TEST((seed2 == seed));
  }
  // A recovery key >= L is reduced (Monero: "reduce in case second round of keys").
  crypto::public_key pub;
  crypto::secret_key sec;
  crypto::secret_key seed = scalar_L();
  seed.data[0] = static_cast<char>(seed.data[0] + 5);  // L + 5
  const crypto::secret_key back = crypto::generate_keys(pub, sec, seed, true);
  BOOST_TEST((back == seed));
  BOOST_TEST(hex_of(sec) == "0500000000000000000000000000000000000000000000000000000000000000");
  crypto::secret_key five{};
  five.data[0] = 5;
  crypto::public_key pub5;
  BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(five, pub5));
  BOOST_TEST((pub == pub5));
}

BOOST_AUTO_TEST_CASE(random_scalars_are_canonical_and_nonzero) {
  for (int i = 0; i < 1000; ++i) {
    unsigned char s[32];
    crypto::random32_unbiased(s);
    BOOST_TEST(sc_check(s) == 0);
    BOOST_TEST(sc_isnonzero(s) == 1);
  }
}

// Independent oracle: libsodium's ed25519 scalar multiplications.
BOOST_AUTO_TEST_CASE(libsodium_oracle_base_and_variable) {
  for (int i = 0; i < 200; ++i) {
    crypto::secret_key s;
    crypto_core_ed25519_scalar_random(u8(s));
    crypto::public_key pub;
    BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(s, pub));
    unsigned char expect[32];
    BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_base_noclamp(expect, u8(s)) == 0);
    BOOST_TEST(hex_of(pub) == keys_test::hex(expect, 32));

    // Variable base on a prime-order point: derivation = 8*(t*pub).
    crypto::secret_key t;
    crypto_core_ed25519_scalar_random(u8(t));
    crypto::key_derivation d;
    BOOST_TEST_REQUIRE(crypto::generate_key_derivation(pub, t, d));
    unsigned char tp[32], eight[32] = {8}, d8[32];
    BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(tp, u8(t),
                                                         u8(pub)) == 0);
    BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(d8, eight, tp) == 0);
    BOOST_TEST(hex_of(d) == keys_test::hex(d8, 32));

    // Key image = t*hash_to_ec(pub) (hash_to_ec has prime order).
    crypto::key_image image;
    crypto::generate_key_image(pub, t, image);
    crypto::ec_point hp;
    cncrypto::hash_to_ec(pub, hp);
    unsigned char ki[32];
    BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(ki, u8(t),
                                                         u8(hp)) == 0);
    BOOST_TEST(hex_of(image) == keys_test::hex(ki, 32));
  }
}

// Derivations are symmetric: 8*(r*A) computed by the sender equals 8*(a*R) by the receiver.
BOOST_AUTO_TEST_CASE(derivation_symmetry_and_one_time_keys) {
  for (int i = 0; i < 20; ++i) {
    const key_pair view = new_pair(), spend = new_pair(), tx = new_pair();
    crypto::key_derivation sender, receiver;
    BOOST_TEST_REQUIRE(crypto::generate_key_derivation(view.pub, tx.sec, sender));
    BOOST_TEST_REQUIRE(crypto::generate_key_derivation(tx.pub, view.sec, receiver));
    BOOST_TEST(cncrypto::equal(sender, receiver));
    for (std::size_t index : {std::size_t{0}, std::size_t{1}, std::size_t{127}, std::size_t{128},
                              std::size_t{16383}, std::size_t{16384}, SIZE_MAX}) {
      // derive_public_key(D, i, B) == (derive_secret_key(D, i, b))*G
      crypto::public_key out_pub;
      BOOST_TEST_REQUIRE(crypto::derive_public_key(sender, index, spend.pub, out_pub));
      crypto::secret_key out_sec;
      crypto::derive_secret_key(receiver, index, spend.sec, out_sec);
      crypto::public_key from_sec;
      BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(out_sec, from_sec));
      BOOST_TEST((out_pub == from_sec));
      // Subaddress round trip: out_key - Hs(D||i)*G gives back the spend key.
      crypto::public_key back;
      BOOST_TEST_REQUIRE(crypto::derive_subaddress_public_key(out_pub, receiver, index, back));
      BOOST_TEST((back == spend.pub));
      // Consistency with derivation_to_scalar: out_sec = b + Hs(D||i).
      crypto::ec_scalar s;
      crypto::derivation_to_scalar(sender, index, s);
      unsigned char sum[32];
      sc_add(sum, u8(spend.sec), u8(s));
      BOOST_TEST(keys_test::hex(sum, 32) == hex_of(out_sec));
    }
  }
}

// Secret-key policy, derive_secret_key: a base >= L gives the result for base mod L.
BOOST_AUTO_TEST_CASE(derive_secret_key_unreduced_base) {
  const key_pair spend = new_pair();
  crypto::key_derivation d;
  randombytes_buf(d.data, 32);
  // base + L as a 256-bit integer (spend.sec < L, so the sum fits).
  crypto::secret_key big = spend.sec;
  const crypto::secret_key L = scalar_L();
  unsigned carry = 0;
  for (int i = 0; i < 32; ++i) {
    const unsigned v = static_cast<unsigned char>(big.data[i]) + static_cast<unsigned char>(L.data[i]) + carry;
    big.data[i] = static_cast<char>(v & 0xff);
    carry = v >> 8;
  }
  BOOST_TEST_REQUIRE(carry == 0u);
  crypto::secret_key a, b;
  crypto::derive_secret_key(d, 7, spend.sec, a);
  crypto::derive_secret_key(d, 7, big, b);
  BOOST_TEST((a == b));
}

// Secret-key policy, signing: secret keys >= L are refused loudly.
BOOST_AUTO_TEST_CASE(signing_refuses_unreduced_secret_keys) {
  const key_pair k = new_pair();
  const crypto::hash prefix = random_hash();
  crypto::signature sig;
  const crypto::secret_key L = scalar_L();
  BOOST_CHECK_THROW(crypto::generate_signature(prefix, k.pub, L, sig), std::invalid_argument);
  crypto::key_image image;
  crypto::generate_key_image(k.pub, k.sec, image);
  std::vector<const crypto::public_key *> ring{&k.pub};
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, ring, L, 0, &sig), std::invalid_argument);
  crypto::public_key D;
  crypto::key_derivation unused;
  (void)unused;
  std::memcpy(D.data, k.pub.data, 32);
  BOOST_CHECK_THROW(crypto::generate_tx_proof(prefix, k.pub, k.pub, boost::none, D, L, sig), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::generate_tx_proof_v1(prefix, k.pub, k.pub, boost::none, D, L, sig),
                    std::invalid_argument);
  try {
    crypto::generate_signature(prefix, k.pub, L, sig);
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()).find("generate_signature: sec") != std::string::npos);
  }
  // secret_key_to_public_key reports it by returning false, as Monero does.
  crypto::public_key pub;
  BOOST_TEST(!crypto::secret_key_to_public_key(L, pub));
}

BOOST_AUTO_TEST_CASE(signature_round_trip_and_tampering) {
  for (int i = 0; i < 8; ++i) {
    const key_pair k = new_pair();
    const crypto::hash prefix = random_hash();
    crypto::signature sig;
    crypto::generate_signature(prefix, k.pub, k.sec, sig);
    BOOST_TEST_REQUIRE(crypto::check_signature(prefix, k.pub, sig));
    // Every single-bit flip of the signature, the prefix and the key fails.
    for (std::size_t bit = 0; bit < 512; ++bit) {
      crypto::signature bad = sig;
      flip_bit(bad, bit);
      BOOST_TEST(!crypto::check_signature(prefix, k.pub, bad), "signature bit " << bit);
    }
    for (std::size_t bit = 0; bit < 256; ++bit) {
      crypto::hash p = prefix;
      flip_bit(p, bit);
      BOOST_TEST(!crypto::check_signature(p, k.pub, sig), "prefix bit " << bit);
      crypto::public_key pub = k.pub;
      flip_bit(pub, bit);
      BOOST_TEST(!crypto::check_signature(prefix, pub, sig), "key bit " << bit);
    }
    // Another key's signature does not verify.
    const key_pair other = new_pair();
    BOOST_TEST(!crypto::check_signature(prefix, other.pub, sig));
  }
}

// The equality operators of the 32- and 64-byte types compare every byte (and
// cncrypto::equal on derivations, which have no operator, as in Monero).
BOOST_AUTO_TEST_CASE(equality_operators_compare_every_byte) {
  crypto::signature a{}, b{};
  crypto::key_derivation d1{}, d2{};
  crypto::key_image k1{}, k2{};
  crypto::view_tag t1{}, t2{};
  BOOST_TEST((a == b && !(a != b) && cncrypto::equal(d1, d2) && !(k1 != k2) && !(t1 != t2)));
  for (std::size_t bit : {0u, 255u, 256u, 511u}) {
    crypto::signature c = a;
    flip_bit(c, bit);
    BOOST_TEST((!(a == c) && a != c), "signature bit " << bit);
  }
  flip_bit(d2, 255);
  flip_bit(k2, 0);
  t2.data = 1;
  BOOST_TEST((!cncrypto::equal(d1, d2) && k1 != k2 && t1 != t2));
}

BOOST_AUTO_TEST_CASE(ring_signature_round_trip) {
  const crypto::hash prefix = random_hash();
  for (std::size_t n : {1u, 2u, 11u, 16u}) {
    const test_ring r(n);
    const auto &ring = r.ring;
    for (std::size_t s = 0; s < n; ++s) {
      const crypto::key_image image = r.image(s);
      std::vector<crypto::signature> sigs(n);
      crypto::generate_ring_signature(prefix, image, ring, r.members[s].sec, s, sigs.data());
      BOOST_TEST(crypto::check_ring_signature(prefix, image, ring, sigs.data()), "n " << n << " index " << s);
      // The pointer-and-count form agrees.
      BOOST_TEST(crypto::check_ring_signature(prefix, image, ring.data(), ring.size(), sigs.data()));
      // Another member's key image does not verify.
      const crypto::key_image other = r.image((s + 1) % n);
      if (n > 1) BOOST_TEST(!crypto::check_ring_signature(prefix, image == other ? image : other, ring, sigs.data()));
    }
  }
}

BOOST_AUTO_TEST_CASE(ring_signature_tampering) {
  const crypto::hash prefix = random_hash();
  for (std::size_t n : {1u, 2u, 11u, 16u}) {
    const test_ring r(n);
    const auto &ring = r.ring;
    const std::size_t s = n / 2;
    const crypto::key_image image = r.image(s);
    std::vector<crypto::signature> sigs(n);
    crypto::generate_ring_signature(prefix, image, ring, r.members[s].sec, s, sigs.data());
    BOOST_TEST_REQUIRE(crypto::check_ring_signature(prefix, image, ring, sigs.data()));
    // Every bit of small rings; for larger rings one bit per byte (rotating).
    const std::size_t total_bits = 512 * n;
    const std::size_t step = n <= 2 ? 1 : 8;
    for (std::size_t bit = 0; bit < total_bits; bit += step) {
      auto bad = sigs;
      const std::size_t b = step == 1 ? bit : bit + (bit / 8) % 8;
      reinterpret_cast<unsigned char *>(bad.data())[b / 8] ^= static_cast<unsigned char>(1u << (b % 8));
      BOOST_TEST(!crypto::check_ring_signature(prefix, image, ring, bad.data()), "n " << n << " bit " << b);
    }
    for (std::size_t bit = 0; bit < 256; ++bit) {
      crypto::key_image im = image;
      flip_bit(im, bit);
      BOOST_TEST(!crypto::check_ring_signature(prefix, im, ring, sigs.data()), "image bit " << bit);
      crypto::hash p = prefix;
      flip_bit(p, bit);
      BOOST_TEST(!crypto::check_ring_signature(p, image, ring, sigs.data()), "prefix bit " << bit);
    }
    // Swapping two members' keys breaks it too.
    if (n > 1) {
      auto swapped = ring;
      std::swap(swapped[0], swapped[n - 1]);
      BOOST_TEST(!crypto::check_ring_signature(prefix, image, swapped, sigs.data()));
    }
  }
}

BOOST_AUTO_TEST_CASE(ring_signature_misuse_throws) {
  const key_pair k = new_pair(), d = new_pair();
  const crypto::hash prefix = random_hash();
  crypto::key_image image;
  crypto::generate_key_image(k.pub, k.sec, image);
  std::vector<const crypto::public_key *> ring{&d.pub, &k.pub};
  crypto::signature sigs[2];
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, ring, k.sec, 2, sigs), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, {}, k.sec, 0, sigs), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, ring, k.sec, 1, nullptr), std::invalid_argument);
  std::vector<const crypto::public_key *> with_null{nullptr, &k.pub};
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, with_null, k.sec, 1, sigs),
                    std::invalid_argument);
  BOOST_CHECK_THROW((void)crypto::check_ring_signature(prefix, image, with_null, sigs), std::invalid_argument);
  crypto::public_key bad_point;  // y = 2 has no x on the curve
  std::memset(bad_point.data, 0, 32);
  bad_point.data[0] = 2;
  BOOST_TEST_REQUIRE(!crypto::check_key(bad_point));
  std::vector<const crypto::public_key *> with_bad{&bad_point, &k.pub};
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, with_bad, k.sec, 1, sigs), std::invalid_argument);
  crypto::key_image bad_image;
  std::memcpy(bad_image.data, bad_point.data, 32);
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, bad_image, ring, k.sec, 1, sigs), std::invalid_argument);
  BOOST_TEST(!crypto::check_ring_signature(prefix, bad_image, ring, sigs));
  // The pointer-and-count forms: a null array or signature pointer with a
  // non-empty ring, and a count whose signature buffer (64 bytes per member)
  // could not even be sized, are refused before anything is read.
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, nullptr, 2, k.sec, 1, sigs), std::invalid_argument);
  BOOST_CHECK_THROW((void)crypto::check_ring_signature(prefix, image, nullptr, 2, sigs), std::invalid_argument);
  BOOST_CHECK_THROW((void)crypto::check_ring_signature(prefix, image, ring.data(), 2, nullptr), std::invalid_argument);
  const std::size_t absurd = SIZE_MAX / 64 + 1;  // 64 * absurd overflows size_t
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, ring.data(), absurd, k.sec, 1, sigs),
                    std::invalid_argument);
  BOOST_CHECK_THROW((void)crypto::check_ring_signature(prefix, image, ring.data(), absurd, sigs), std::invalid_argument);
}

// Signing with a secret key that is not the ring member's at sec_index, or with
// another key's image, can never give a signature that verifies: it is a caller
// bug (Monero's debug build asserts both), refused with a message naming it.
BOOST_AUTO_TEST_CASE(ring_signature_refuses_mismatched_key_or_image) {
  const key_pair k = new_pair(), d = new_pair();
  const crypto::hash prefix = random_hash();
  crypto::key_image image, other_image;
  crypto::generate_key_image(k.pub, k.sec, image);
  crypto::generate_key_image(d.pub, d.sec, other_image);
  std::vector<const crypto::public_key *> ring{&d.pub, &k.pub};
  std::vector<crypto::signature> sigs(2);
  crypto::generate_ring_signature(prefix, image, ring, k.sec, 1, sigs.data());
  BOOST_TEST_REQUIRE(crypto::check_ring_signature(prefix, image, ring, sigs.data()));
  // sec belongs to pubs[1], not pubs[0].
  const std::string wrong_index = message_of([&] { crypto::generate_ring_signature(prefix, image, ring, k.sec, 0, sigs.data()); });
  BOOST_TEST(wrong_index == "generate_ring_signature: pubs[0] is not sec*G (sec does not belong to the ring member at sec_index)");
  // The image of another key.
  const std::string wrong_image = message_of([&] { crypto::generate_ring_signature(prefix, other_image, ring, k.sec, 1, sigs.data()); });
  BOOST_TEST(wrong_image == "generate_ring_signature: the key image is not sec*hash_to_ec(pubs[1])");
  // A secret key of nobody in the ring.
  const key_pair stranger = new_pair();
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, image, ring, stranger.sec, 1, sigs.data()),
                    std::invalid_argument);
  // An image (or member key) that differs from the right one by a torsion point
  // is accepted: the signature verifies whenever c_s kills the torsion (Monero's
  // release behaviour, used by tests that forge torsioned key images).
  crypto::key_image torsioned;
  crypto::public_key torsioned_pub;
  {
    // + T, T = (0, -1) of order 2 (encoding ecff..ff7f), added with libsodium.
    unsigned char t[32];
    std::memset(t, 0xff, 32);
    t[0] = 0xec;
    t[31] = 0x7f;
    BOOST_TEST_REQUIRE(crypto_core_ed25519_add(u8(torsioned), u8(image), t) == 0);
    BOOST_TEST_REQUIRE(crypto_core_ed25519_add(u8(torsioned_pub), u8(k.pub), t) == 0);
  }
  bool verified = false;
  for (int attempt = 0; attempt < 64 && !verified; ++attempt) {
    crypto::generate_ring_signature(prefix, torsioned, ring, k.sec, 1, sigs.data());
    verified = crypto::check_ring_signature(prefix, torsioned, ring, sigs.data());
  }
  BOOST_TEST(verified, "a torsioned image signs and verifies for an even challenge (2^-64 to fail)");
  // The member key P + T with its own image sec*hash_to_ec(P + T).
  crypto::key_image image_t;
  crypto::generate_key_image(torsioned_pub, k.sec, image_t);
  std::vector<const crypto::public_key *> ring_t{&d.pub, &torsioned_pub};
  BOOST_CHECK_NO_THROW(crypto::generate_ring_signature(prefix, image_t, ring_t, k.sec, 1, sigs.data()));
}

// The builder's entry (keys/ring_signature.h): same signatures for a true
// statement, no statement check (a wrong image or index just does not verify),
// the other misuse checks kept.
BOOST_AUTO_TEST_CASE(ring_signature_prechecked_entry) {
  const crypto::hash prefix = random_hash();
  for (std::size_t n : {1u, 3u, 16u}) {
    const test_ring r(n);
    for (std::size_t s = 0; s < n; ++s) {
      const crypto::key_image image = r.image(s);
      std::vector<crypto::signature> sigs(n);
      crypto::generate_ring_signature_prechecked(prefix, image, r.ring.data(), n, r.members[s].sec, s,
                                                         sigs.data());
      BOOST_TEST(crypto::check_ring_signature(prefix, image, r.ring, sigs.data()), "n " << n << " index " << s);
    }
  }
  const key_pair k = new_pair(), d = new_pair();
  crypto::key_image image, other_image;
  crypto::generate_key_image(k.pub, k.sec, image);
  crypto::generate_key_image(d.pub, d.sec, other_image);
  std::vector<const crypto::public_key *> ring{&d.pub, &k.pub};
  std::vector<crypto::signature> sigs(2);
  // Wrong image: the public function refuses, the prechecked one signs a
  // signature that does not verify.
  BOOST_CHECK_THROW(crypto::generate_ring_signature(prefix, other_image, ring, k.sec, 1, sigs.data()),
                    std::invalid_argument);
  BOOST_CHECK_NO_THROW(
      crypto::generate_ring_signature_prechecked(prefix, other_image, ring.data(), 2, k.sec, 1, sigs.data()));
  BOOST_TEST(!crypto::check_ring_signature(prefix, other_image, ring, sigs.data()));
  // Wrong index: likewise.
  BOOST_CHECK_NO_THROW(
      crypto::generate_ring_signature_prechecked(prefix, image, ring.data(), 2, k.sec, 0, sigs.data()));
  BOOST_TEST(!crypto::check_ring_signature(prefix, image, ring, sigs.data()));
  // The other misuse checks stay.
  BOOST_CHECK_THROW(crypto::generate_ring_signature_prechecked(prefix, image, ring.data(), 2, k.sec, 2, sigs.data()),
                    std::invalid_argument);
  BOOST_CHECK_THROW(crypto::generate_ring_signature_prechecked(prefix, image, ring.data(), 0, k.sec, 0, sigs.data()),
                    std::invalid_argument);
  BOOST_CHECK_THROW(crypto::generate_ring_signature_prechecked(prefix, image, ring.data(), 2, k.sec, 1, nullptr),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(tx_proof_round_trip_and_tampering) {
  for (int with_b = 0; with_b < 2; ++with_b) {
    for (int version = 1; version <= 2; ++version) {
      const key_pair view = new_pair(), spend = new_pair();
      crypto::secret_key r;
      crypto::random32_unbiased(u8(r));
      // R = r*G (standard address) or r*B (subaddress); D = r*A.
      crypto::public_key R, D;
      boost::optional<crypto::public_key> B;
      if (with_b) {
        B = spend.pub;
        BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(u8(R),
                                                             u8(r),
                                                             u8(spend.pub)) == 0);
      } else {
        BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(r, R));
      }
      BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(u8(D),
                                                           u8(r),
                                                           u8(view.pub)) == 0);
      const crypto::hash prefix = random_hash();
      crypto::signature sig;
      if (version == 1)
        crypto::generate_tx_proof_v1(prefix, R, view.pub, B, D, r, sig);
      else
        crypto::generate_tx_proof(prefix, R, view.pub, B, D, r, sig);
      BOOST_TEST_REQUIRE(crypto::check_tx_proof(prefix, R, view.pub, B, D, sig, version));
      BOOST_TEST(!crypto::check_tx_proof(prefix, R, view.pub, B, D, sig, 3 - version));
      for (int v : {0, 3, -1}) BOOST_TEST(!crypto::check_tx_proof(prefix, R, view.pub, B, D, sig, v));
      // With B given vs. absent the statement differs.
      const boost::optional<crypto::public_key> other_b = with_b ? boost::none : boost::optional<crypto::public_key>(spend.pub);
      BOOST_TEST(!crypto::check_tx_proof(prefix, R, view.pub, other_b, D, sig, version));
      for (std::size_t bit = 0; bit < 512; ++bit) {
        crypto::signature bad = sig;
        flip_bit(bad, bit);
        BOOST_TEST(!crypto::check_tx_proof(prefix, R, view.pub, B, D, bad, version), "sig bit " << bit);
      }
      for (std::size_t bit = 0; bit < 256; bit += 3) {
        crypto::hash p = prefix;
        flip_bit(p, bit);
        BOOST_TEST(!crypto::check_tx_proof(p, R, view.pub, B, D, sig, version), "prefix bit " << bit);
        crypto::public_key d2 = D;
        flip_bit(d2, bit);
        BOOST_TEST(!crypto::check_tx_proof(prefix, R, view.pub, B, d2, sig, version), "D bit " << bit);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(tx_proof_invalid_points_throw) {
  const key_pair k = new_pair();
  crypto::public_key bad;
  std::memset(bad.data, 0, 32);
  bad.data[0] = 2;  // y = 2: not on the curve
  const crypto::hash prefix = random_hash();
  crypto::signature sig;
  BOOST_CHECK_THROW(crypto::generate_tx_proof(prefix, bad, k.pub, boost::none, k.pub, k.sec, sig), std::runtime_error);
  BOOST_CHECK_THROW(crypto::generate_tx_proof(prefix, k.pub, bad, boost::none, k.pub, k.sec, sig), std::runtime_error);
  BOOST_CHECK_THROW(crypto::generate_tx_proof(prefix, k.pub, k.pub, bad, k.pub, k.sec, sig), std::runtime_error);
  BOOST_CHECK_THROW(crypto::generate_tx_proof(prefix, k.pub, k.pub, boost::none, bad, k.sec, sig), std::runtime_error);
  try {
    crypto::generate_tx_proof(prefix, k.pub, bad, boost::none, k.pub, k.sec, sig);
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()) == "generate_tx_proof: recipient view pubkey is invalid");
  }
}

// A proof for a statement that is false (R != r*G or r*B, D != r*A) can never
// verify: generate_tx_proof refuses it, naming the argument (Monero's debug
// build asserts both).
BOOST_AUTO_TEST_CASE(tx_proof_refuses_false_statements) {
  const key_pair view = new_pair(), spend = new_pair(), other = new_pair();
  crypto::secret_key r;
  crypto::random32_unbiased(u8(r));
  crypto::public_key R, RB, D;
  BOOST_TEST_REQUIRE(crypto::secret_key_to_public_key(r, R));
  BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(u8(RB), u8(r), u8(spend.pub)) == 0);
  BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(u8(D), u8(r), u8(view.pub)) == 0);
  const crypto::hash prefix = random_hash();
  crypto::signature sig;
  // The true statements still sign (both versions, with and without B).
  crypto::generate_tx_proof(prefix, R, view.pub, boost::none, D, r, sig);
  BOOST_TEST(crypto::check_tx_proof(prefix, R, view.pub, boost::none, D, sig, 2));
  crypto::generate_tx_proof_v1(prefix, RB, view.pub, spend.pub, D, r, sig);
  BOOST_TEST(crypto::check_tx_proof(prefix, RB, view.pub, spend.pub, D, sig, 1));
  BOOST_TEST(message_of([&] { crypto::generate_tx_proof(prefix, other.pub, view.pub, boost::none, D, r, sig); }) ==
             "generate_tx_proof: R is not r*G");
  BOOST_TEST(message_of([&] { crypto::generate_tx_proof(prefix, R, view.pub, spend.pub, D, r, sig); }) ==
             "generate_tx_proof: R is not r*B");
  BOOST_TEST(message_of([&] { crypto::generate_tx_proof_v1(prefix, R, view.pub, boost::none, other.pub, r, sig); }) ==
             "generate_tx_proof_v1: D is not r*A");
  BOOST_TEST(message_of([&] { crypto::generate_tx_proof(prefix, R, other.pub, boost::none, D, r, sig); }) ==
             "generate_tx_proof: D is not r*A");
  // The common mistake: D = generate_key_derivation(A, r) = 8*r*A instead of r*A.
  crypto::key_derivation D8;
  BOOST_TEST_REQUIRE(crypto::generate_key_derivation(view.pub, r, D8));
  crypto::public_key D8_pub;
  std::memcpy(D8_pub.data, D8.data, 32);
  BOOST_TEST(message_of([&] { crypto::generate_tx_proof(prefix, R, view.pub, boost::none, D8_pub, r, sig); }) ==
             "generate_tx_proof: D is not r*A");
}

// random32_unbiased(nullptr) is a caller bug: a clear exception, not a crash.
BOOST_AUTO_TEST_CASE(random32_unbiased_null_throws) {
  BOOST_CHECK_THROW(crypto::random32_unbiased(nullptr), std::invalid_argument);
}

// derive_view_tag: a few known values computed independently with Python's
// pycryptodome Keccak-256 (Cryptodome.Hash.keccak, digest_bits=256) over
// b"view_tag" + D + varint(i).
BOOST_AUTO_TEST_CASE(view_tag_independent_values) {
  crypto::key_derivation d;
  for (int i = 0; i < 32; ++i) d.data[i] = static_cast<char>(i);
  struct {
    std::size_t index;
    const char *tag;
  } const cases[] = {{std::size_t{0ull}, "43"}, {std::size_t{1ull}, "5c"}, {std::size_t{127ull}, "45"}, {std::size_t{128ull}, "45"}, {std::size_t{300ull}, "e0"}, {std::size_t{4294967296ull}, "00"}, {std::size_t{18446744073709551615ull}, "e8"}};
  for (const auto &c : cases) {
    crypto::view_tag vt;
    crypto::derive_view_tag(d, c.index, vt);
    BOOST_TEST(hex_of(vt) == c.tag, "index " << c.index);
  }
}

// Calling code written for Monero's crypto.h compiles and behaves: the patterns
// below are the ones wallet and daemon code uses.
BOOST_AUTO_TEST_CASE(monero_style_calling_code) {
  crypto::public_key tx_pub, view_pub;
  crypto::secret_key tx_sec, view_sec;
  crypto::generate_keys(tx_pub, tx_sec);
  crypto::generate_keys(view_pub, view_sec, crypto::secret_key(), false);
  crypto::key_derivation derivation;
  if (!crypto::generate_key_derivation(tx_pub, view_sec, derivation)) BOOST_FAIL("derivation failed");
  crypto::view_tag tag;
  crypto::derive_view_tag(derivation, 0, tag);
  crypto::public_key output_key;
  BOOST_TEST(crypto::derive_public_key(derivation, 0, view_pub, output_key));
  crypto::secret_key in_ephemeral;
  crypto::derive_secret_key(derivation, 0, view_sec, in_ephemeral);
  crypto::key_image ki;
  crypto::generate_key_image(output_key, in_ephemeral, ki);
  std::unordered_set<crypto::key_image> spent{ki};
  BOOST_TEST(spent.count(ki) == 1u);
  std::unordered_set<crypto::public_key> keys{output_key, tx_pub};
  BOOST_TEST(keys.size() == 2u);
  BOOST_TEST((crypto::null_skey == crypto::secret_key()));
  BOOST_TEST((crypto::null_pkey == crypto::public_key{}));
  // RingCT-style access to the raw bytes.
  const unsigned char *raw = reinterpret_cast<const unsigned char *>(in_ephemeral.data);
  BOOST_TEST(sc_check(raw) == 0);
  crypto::ec_scalar hs;
  crypto::hash_to_scalar(&derivation, sizeof(derivation), hs);
  crypto::signature sig;
  const crypto::hash prefix = crypto::cn_fast_hash("tx prefix", 9);
  crypto::generate_signature(prefix, output_key, in_ephemeral, sig);
  BOOST_TEST(crypto::check_signature(prefix, output_key, sig));
}

// Monero's crypto.h orders public keys (operator< and operator>, memcmp order):
// wallet and daemon code keeps them in std::set and std::map.
BOOST_AUTO_TEST_CASE(public_keys_are_ordered_as_monero) {
  crypto::public_key a{}, b{};
  b.data[0] = 1;
  crypto::public_key c = b;
  c.data[31] = static_cast<char>(0x80);  // memcmp order: bytes as unsigned, first byte first
  BOOST_TEST((a < b));
  BOOST_TEST(!(b < a));
  BOOST_TEST((c > b));
  BOOST_TEST(!(a < a));
  std::set<crypto::public_key> keys{c, a, b, a};
  BOOST_TEST_REQUIRE(keys.size() == 3u);
  BOOST_TEST((*keys.begin() == a));
  BOOST_TEST((*keys.rbegin() == c));
  std::map<crypto::public_key, int> index{{b, 1}};
  BOOST_TEST(index.at(b) == 1);
}

// Every key type prints as Monero 0.18's crypto.h / hash.h / rctTypes.h print it:
// epee's to_hex::formatted, i.e. '<' + lowercase hex of the bytes in memory
// order + '>' (Monero's tests/unit_tests/crypto.cpp, Crypto.Ostream, checks
// "BEGIN<hex>END" for hash8, hash, public_key, secret_key, signature,
// key_derivation and key_image), secret types included. rct::key: rct_ops_tests.
template <typename T>
std::string printed(const unsigned char *bytes) {
  T value{};
  std::memcpy(static_cast<void *>(std::addressof(value)), bytes, sizeof(T));
  std::ostringstream out;
  out << "BEGIN" << value << "END";
  return out.str();
}

BOOST_AUTO_TEST_CASE(key_types_print_as_monero) {
  static_assert(is_streamable<crypto::secret_key>::value && is_streamable<crypto::key_derivation>::value);
  unsigned char bytes[64];
  for (int i = 0; i < 64; ++i) bytes[i] = static_cast<unsigned char>(0x0f + 37 * i);
  // The expected text, written out here from the bytes (not by the hex encoder under test).
  auto expected = [&](std::size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (std::size_t i = 0; i < n; ++i) {
      hex += digits[bytes[i] >> 4];
      hex += digits[bytes[i] & 15];
    }
    return "BEGIN<" + hex + ">END";
  };
  BOOST_TEST(printed<crypto::hash8>(bytes) == expected(8));
  BOOST_TEST(printed<crypto::hash>(bytes) == expected(32));
  BOOST_TEST(printed<crypto::public_key>(bytes) == expected(32));
  BOOST_TEST(printed<crypto::secret_key>(bytes) == expected(32));
  BOOST_TEST(printed<crypto::key_derivation>(bytes) == expected(32));
  BOOST_TEST(printed<crypto::key_image>(bytes) == expected(32));
  BOOST_TEST(printed<crypto::signature>(bytes) == expected(64));
  BOOST_TEST(printed<crypto::view_tag>(bytes) == expected(1));
  BOOST_TEST(expected(2) == "BEGIN<0f34>END");  // 0x0f, 0x0f + 37
  // The bare hex is cncrypto::hex_encode's (what cnutil prints).
  crypto::public_key pub;
  std::memcpy(pub.data, bytes, 32);
  BOOST_TEST("BEGIN<" + cncrypto::hex_encode(pub.data, 32) + ">END" == expected(32));
}

BOOST_AUTO_TEST_SUITE_END()
