// Monero's idiom for crypto/crypto.h, compiled against the installed package
// with Monero's include paths only (scripts/test-consumer.sh). Like Monero's
// tests/crypto/main.cpp, this file has `using namespace crypto;` and declares
// its own hash_to_point, hash_to_ec and operator!= on key_derivation at global
// scope, then calls them unqualified: a name of cncrypto's in namespace crypto
// would make these calls ambiguous (issue 33). Expected values: lines of
// ../shared/vectors/monero_crypto.txt (computed by Monero's own code; the
// line is named beside each).
#include <cstring>
#include <string>

#include "check.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"

using namespace crypto;
using monero_idiom::check;
using monero_idiom::from_hex;

bool operator!=(const key_derivation &a, const key_derivation &b) { return std::memcmp(&a, &b, sizeof a) != 0; }
bool operator!=(const ec_point &a, const ec_point &b) { return std::memcmp(&a, &b, sizeof a) != 0; }

// A Monero program's own helpers in namespace crypto, under names that
// cncrypto's crypto/crypto.h, crypto/hash.h and crypto/random.h once declared
// there too (issue 33): cncrypto's are in namespace cncrypto now, so these
// definitions are the program's alone (each was a redefinition or a
// static-after-extern error before) and the unqualified calls below find them.
namespace crypto {
constexpr int EC_POINT_SIZE = 32;
struct secret_buffer {
  unsigned char bytes[EC_POINT_SIZE];
};
struct cn_slow_hash_input {
  int unused;
};
namespace detail {
template <class T>
struct first_bytes_hash {
  int value;
};
}  // namespace detail
static std::string to_hex(const hash &h) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (char c : h.data) {
    out += digits[static_cast<unsigned char>(c) >> 4];
    out += digits[static_cast<unsigned char>(c) & 15];
  }
  return out;
}
static void derive_view_tags(const key_derivation *derivations, const std::size_t *output_indexes,
                             std::size_t count, view_tag *tags) {
  for (std::size_t i = 0; i < count; ++i) derive_view_tag(derivations[i], output_indexes[i], tags[i]);
}
}  // namespace crypto

// Defined in monero_crypto_cpp.cpp (which includes "crypto/crypto.cpp", as Monero's
// tests/crypto/crypto.cpp does).
void hash_to_point(const crypto::hash &h, crypto::ec_point &res);
void hash_to_ec(const crypto::public_key &key, crypto::ec_point &res);
bool scalar_is_canonical(const crypto::ec_scalar &s);
bool random_scalar_is_canonical();

int main() {
  const char *me = "monero_idiom_crypto";
  // hash_to_point line 50 of monero_crypto.txt's hash_to_point lines
  {
    crypto::hash h;
    ec_point expected, actual;
    from_hex("5f18ffcf6441ec1b3e5f61aa9d6e2874cd069a9764fd2e217399837050632d90", h);
    from_hex("e16bf76c84f8405d6ec8153da5454a91aeaf42b70c69ec045392b656e3dea447", expected);
    hash_to_point(h, actual);
    check(me, "hash_to_point (own helper over crypto-ops, unqualified call)", !(expected != actual));
  }
  {  // hash_to_ec line 50
    public_key key;
    ec_point expected, actual;
    from_hex("424aee9ec0e065c0871861a84e04809cc64626649af0988923caaa63203dae3b", key);
    from_hex("fdf6bd4eca7797ebf9a679c364726563c742702ba3226757aed585f5bc1862f0", expected);
    hash_to_ec(key, actual);
    check(me, "hash_to_ec (own helper over crypto::hash_to_ec(key, ge_p3&))", !(expected != actual));
  }
  {  // generate_key_derivation line 50 of the `true` lines
    public_key pub;
    secret_key sec;
    key_derivation expected, actual;
    from_hex("051863de879aac3bc62a50d76764c01a88bad75c948c151a11d6fa5d01e9447c", pub);
    from_hex("ec01261e9ca46ff56cecb31e452d673438b7fb5013f2a7b2118851615c6d5408", sec);
    from_hex("720bb839773965a6b5f6fc7267d15ea38c0fd8e2f7608494273f0c6a63c77f73", expected);
    const bool ok = generate_key_derivation(pub, sec, actual);
    check(me, "generate_key_derivation + own operator!= on key_derivation", ok && !(expected != actual));
    view_tag tag;
    derive_view_tag(actual, 0, tag);
    check(me, "derive_view_tag compiles on Monero's view_tag", sizeof tag == 1);
    view_tag tags[1];
    const std::size_t index = 0;
    derive_view_tags(&actual, &index, 1, tags);  // the program's own, found unqualified
    check(me, "a program's own crypto::derive_view_tags (cncrypto's is cncrypto::)", tags[0] == tag);
    secret_buffer buffer{};
    detail::first_bytes_hash<int> fbh{7};
    check(me, "a program's own crypto::EC_POINT_SIZE, secret_buffer, detail::first_bytes_hash",
          sizeof buffer.bytes == 32 && fbh.value == 7 && sizeof(cn_slow_hash_input) == sizeof(int));
  }
  {
    crypto::hash h;
    from_hex("424aee9ec0e065c0871861a84e04809cc64626649af0988923caaa63203dae3b", h);
    ec_scalar s;
    hash_to_scalar(&h, sizeof h, s);
    check(me, "crypto::hash_to_scalar gives a reduced scalar", scalar_is_canonical(s));
    check(me, "a program's own crypto::to_hex (cncrypto's is cncrypto::to_hex)",
          to_hex(h) == "424aee9ec0e065c0871861a84e04809cc64626649af0988923caaa63203dae3b");
    check(me, "crypto::random_scalar (crypto/crypto.cpp) gives a reduced scalar", random_scalar_is_canonical());
  }
  return 0;
}
