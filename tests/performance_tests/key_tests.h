// Monero's key operations (crypto/crypto.h), with the names of Monero's tests
// (test_generate_keypair, test_generate_key_derivation, test_derive_public_key,
// test_derive_secret_key, test_derive_view_tag, test_generate_key_image,
// test_signature<verify>). Each init() checks a consistency property first.
#pragma once

#include <cstddef>
#include <vector>

#include "crypto/crypto.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// A receiver (view and spend keys) and a transaction key pair, as Monero's
// single_tx_test_base provides them.
struct key_inputs {
  crypto::public_key view_pub, spend_pub, tx_pub;
  crypto::secret_key view_sec, spend_sec, tx_sec;
  crypto::key_derivation derivation;

  bool make() {
    crypto::generate_keys(view_pub, view_sec);
    crypto::generate_keys(spend_pub, spend_sec);
    crypto::generate_keys(tx_pub, tx_sec);
    // The sender's and the receiver's derivations agree: 8*r*A = 8*a*R.
    crypto::key_derivation sender;
    return crypto::generate_key_derivation(tx_pub, view_sec, derivation) &&
           crypto::generate_key_derivation(view_pub, tx_sec, sender) && cncrypto::equal(sender, derivation);
  }
};

// The init() of the tests on key_inputs.
class key_test_base {
 public:
  bool init() { return m_in.make(); }

 protected:
  key_inputs m_in;
};

class test_generate_keypair {
 public:
  static const std::size_t loop_count = 10000;

  bool init() { return true; }
  bool test() {
    crypto::generate_keys(m_pub, m_sec);
    return true;
  }

 private:
  crypto::public_key m_pub;
  crypto::secret_key m_sec;
};

class test_generate_key_derivation : public key_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool test() {
    crypto::key_derivation d;
    return crypto::generate_key_derivation(m_in.tx_pub, m_in.view_sec, d);
  }
};

class test_derive_public_key : public key_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool init() {
    if (!key_test_base::init()) return false;
    // derive_public_key(D, i, B) = derive_secret_key(D, i, b) * G
    crypto::public_key derived, expected;
    crypto::secret_key derived_sec;
    crypto::derive_secret_key(m_in.derivation, 0, m_in.spend_sec, derived_sec);
    return crypto::derive_public_key(m_in.derivation, 0, m_in.spend_pub, derived) &&
           crypto::secret_key_to_public_key(derived_sec, expected) && derived == expected;
  }
  bool test() {
    crypto::public_key out;
    return crypto::derive_public_key(m_in.derivation, 0, m_in.spend_pub, out);
  }
};

// Monero 0.18's performance_tests has no row for it: compare_monero.py sets it
// against Monero's test_derive_public_key (the same work: a decoding, Hs, s G, one
// addition or subtraction, an encoding).
class test_derive_subaddress_public_key : public key_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool init() {
    if (!key_test_base::init()) return false;
    // derive_subaddress_public_key(derive_public_key(D, i, B), D, i) = B
    crypto::public_key derived, back;
    if (!crypto::derive_public_key(m_in.derivation, 0, m_in.spend_pub, derived)) return false;
    m_out_key = derived;
    return crypto::derive_subaddress_public_key(m_out_key, m_in.derivation, 0, back) && back == m_in.spend_pub;
  }
  bool test() {
    crypto::public_key out;
    return crypto::derive_subaddress_public_key(m_out_key, m_in.derivation, 0, out);
  }

 private:
  crypto::public_key m_out_key;
};

class test_derive_secret_key : public key_test_base {
 public:
  static const std::size_t loop_count = 100000;

  bool test() {
    crypto::derive_secret_key(m_in.derivation, 0, m_in.spend_sec, m_out);
    return true;
  }

 private:
  crypto::secret_key m_out;
};

class test_derive_view_tag : public key_test_base {
 public:
  static const std::size_t loop_count = 100000;

  bool test() {
    crypto::derive_view_tag(m_in.derivation, 0, m_tag);
    return true;
  }

 private:
  crypto::view_tag m_tag;
};

class test_generate_key_image : public key_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool test() {
    crypto::generate_key_image(m_in.spend_pub, m_in.spend_sec, m_image);
    return true;
  }

 private:
  crypto::key_image m_image;
};

class test_hash_to_ec : public key_test_base {
 public:
  static const std::size_t loop_count = 10000;

  bool test() {
    cncrypto::hash_to_ec(m_in.spend_pub, m_point);
    return true;
  }

 private:
  crypto::ec_point m_point;
};

template <bool verify>
class test_signature : public key_test_base {
 public:
  static const std::size_t loop_count = 10000;

  bool init() {
    if (!key_test_base::init()) return false;
    fill_random(&m_message, sizeof m_message, 21);
    crypto::generate_signature(m_message, m_in.spend_pub, m_in.spend_sec, m_signature);
    return crypto::check_signature(m_message, m_in.spend_pub, m_signature);
  }
  bool test() {
    if (verify) return crypto::check_signature(m_message, m_in.spend_pub, m_signature);
    crypto::generate_signature(m_message, m_in.spend_pub, m_in.spend_sec, m_signature);
    return true;
  }

 private:
  crypto::hash m_message;
  crypto::signature m_signature;
};

// CryptoNote ring signature (v1 inputs) over a ring of `ring` keys, the real
// one in the middle.
template <std::size_t ring, bool verify>
class test_ring_signature {
 public:
  static const std::size_t loop_count = ring <= 4 ? 1000 : 100;

  bool init() {
    m_keys.resize(ring);
    for (auto &k : m_keys) crypto::generate_keys(k.first, k.second);
    for (auto &k : m_keys) m_pubs.push_back(&k.first);
    fill_random(&m_message, sizeof m_message, 22);
    crypto::generate_key_image(m_keys[ring / 2].first, m_keys[ring / 2].second, m_image);
    m_signatures.resize(ring);
    crypto::generate_ring_signature(m_message, m_image, m_pubs, m_keys[ring / 2].second, ring / 2,
                                    m_signatures.data());
    return crypto::check_ring_signature(m_message, m_image, m_pubs, m_signatures.data());
  }
  bool test() {
    if (verify) return crypto::check_ring_signature(m_message, m_image, m_pubs, m_signatures.data());
    crypto::generate_ring_signature(m_message, m_image, m_pubs, m_keys[ring / 2].second, ring / 2,
                                    m_signatures.data());
    return true;
  }

 private:
  std::vector<std::pair<crypto::public_key, crypto::secret_key>> m_keys;
  std::vector<const crypto::public_key *> m_pubs;
  crypto::hash m_message;
  crypto::key_image m_image;
  std::vector<crypto::signature> m_signatures;
};

// Monero's key operations (crypto/crypto.h), named as Monero's tests. Then
// CryptoNote (v1) ring signatures over the ring sizes of Monero's
// test_check_tx_signature<ring, outputs, false>, whose test() is one
// check_ring_signature call (compare_monero.py pairs them).
inline void register_key_tests(registry &r) {
  TEST_PERFORMANCE0(r, test_generate_keypair);
  TEST_PERFORMANCE0(r, test_generate_key_derivation);
  TEST_PERFORMANCE0(r, test_derive_public_key);
  TEST_PERFORMANCE0(r, test_derive_subaddress_public_key);
  TEST_PERFORMANCE0(r, test_derive_secret_key);
  TEST_PERFORMANCE0(r, test_derive_view_tag);
  TEST_PERFORMANCE0(r, test_generate_key_image);
  TEST_PERFORMANCE0(r, test_hash_to_ec);
  TEST_PERFORMANCE(r, test_signature, false);
  TEST_PERFORMANCE(r, test_signature, true);
  TEST_PERFORMANCE(r, test_ring_signature, 1, false);
  TEST_PERFORMANCE(r, test_ring_signature, 1, true);
  TEST_PERFORMANCE(r, test_ring_signature, 2, false);
  TEST_PERFORMANCE(r, test_ring_signature, 2, true);
  TEST_PERFORMANCE(r, test_ring_signature, 10, false);
  TEST_PERFORMANCE(r, test_ring_signature, 10, true);
  TEST_PERFORMANCE(r, test_ring_signature, 100, false);
  TEST_PERFORMANCE(r, test_ring_signature, 100, true);
}

}  // namespace perf
