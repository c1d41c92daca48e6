// Monero's idiom for crypto::secret_key, which is Monero's type,
// epee::mlocked<tools::scrubbed<crypto::ec_scalar>> (crypto/crypto.h, mlocker.h,
// memwipe.h), compiled against the installed package with Monero's include paths
// only (scripts/test-consumer.sh). Written as Monero's code uses the type:
// unwrap(unwrap(k)) found by argument-dependent lookup (Monero's
// tests/unit_tests/crypto.cpp), a key passed where a tools::scrubbed<...> is
// wanted (epee::wipeable_string::hex_to_pod, as simplewallet reads a view key),
// an overload chosen because the argument is an epee::mlocked<...>, a hash set
// of keys, printing. Expected values: 1*G is the ed25519 base point, encoded
// 0x58 followed by 31 bytes 0x66 (RFC 8032, section 5.1); printing is Monero's
// "<hex>" (its tests/unit_tests/crypto.cpp, Crypto.Ostream).
#include <cstring>
#include <sstream>
#include <string>
#include <unordered_set>

#include "check.h"
#include "crypto/crypto.h"
#include "memwipe.h"
#include "mlocker.h"
#include "wipeable_string.h"

using monero_idiom::check;
using monero_idiom::from_hex;

namespace {

// A program's own overloads on the wrapper (Monero code overloads on mlocked).
template <typename T>
int kind(const epee::mlocked<T> &) {
  return 1;
}
template <typename T>
int kind(const T &) {
  return 2;
}

}  // namespace

int main() {
  const char *me = "secret_key_names";

  crypto::secret_key k;  // Monero's secret_key() is zero
  crypto::ec_scalar &scalar = unwrap(unwrap(k));
  check(me, "unwrap(unwrap(k)) by argument-dependent lookup is the key's scalar",
        static_cast<void *>(&scalar) == static_cast<void *>(&k));
  check(me, "secret_key() is null_skey (zero)", std::memcmp(k.data, crypto::null_skey.data, 32) == 0 && k == crypto::null_skey);
  check(me, "an overload on epee::mlocked<T> takes a secret_key", kind(k) == 1 && kind(scalar) == 2);

  // One live key is one locked object in epee's page table.
  const std::size_t objects = epee::mlocker::get_num_locked_objects();
  {
    crypto::secret_key copy(k);
    check(me, "a copy of a key is locked too", epee::mlocker::get_num_locked_objects() == objects + 1);
  }
  check(me, "a key leaving scope unlocks", epee::mlocker::get_num_locked_objects() == objects);

  // simplewallet's way of reading a key typed in hex.
  const epee::wipeable_string typed("0100000000000000000000000000000000000000000000000000000000000000");
  check(me, "wipeable_string::hex_to_pod(unwrap(k))", typed.hex_to_pod(epee::unwrap(k)));
  crypto::public_key pub, G;
  from_hex("5866666666666666666666666666666666666666666666666666666666666666", G);
  check(me, "secret_key_to_public_key(1) == G", crypto::secret_key_to_public_key(k, pub) && pub == G);

  tools::scrubbed<crypto::ec_scalar> &base = k;  // the wrapped type, by conversion to the base
  check(me, "secret_key converts to tools::scrubbed<ec_scalar>&", base.data[0] == 1);

  std::unordered_set<crypto::secret_key> seen{k, crypto::null_skey, k};
  check(me, "std::unordered_set<secret_key> (std::hash and == are Monero's)", seen.size() == 2 && seen.count(k) == 1);

  std::ostringstream out;
  out << k;
  check(me, "a secret key prints as Monero's <hex>", out.str() == "<" + std::string(typed.data(), typed.size()) + ">");
  return 0;
}
