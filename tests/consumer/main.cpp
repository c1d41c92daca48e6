// Uses the installed cncrypto the way an application would; exits 0 only when
// cn_fast_hash("") is Keccak-256 of the empty string and the key API
// (crypto/crypto.h) and group API (crypto/crypto-ops.h) give 2*G.
// Expected values: pycryptodome, Cryptodome.Hash.keccak.new(digest_bits=256,
// data=b"").hexdigest(); 2*G is RFC 8032's base point doubled (libsodium
// crypto_scalarmult_ed25519_base_noclamp with the scalar 2); X25519 public key: RFC 7748
// section 6.1.
#include <cstdio>
#include <cstring>
#include <string>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "crypto/cncrypto_x25519.h"
#include "cryptonote/difficulty.h"
#include "mnemonics/polyseed.h"

namespace {

bool expect(const char *what, const std::string &got, const char *expected) {
  if (got != expected) {
    std::fprintf(stderr, "consumer: %s = %s, expected %s\n", what, got.c_str(), expected);
    return false;
  }
  std::printf("consumer: %s = %s OK\n", what, got.c_str());
  return true;
}

}  // namespace

int main() {
  const crypto::hash h = crypto::cn_fast_hash("", 0);
  bool ok = expect("cn_fast_hash(\"\")", cncrypto::hex_encode(&h, sizeof h),
                   "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  // 1*G through the key API, then doubled through Monero's C group API.
  crypto::public_key G;
  crypto::secret_key one;
  std::memset(one.data, 0, sizeof one.data);
  one.data[0] = 1;
  if (!crypto::secret_key_to_public_key(one, G)) return 1;
  ge_p3 g;
  if (ge_frombytes_vartime(&g, reinterpret_cast<const unsigned char *>(G.data)) != 0) return 1;
  ge_p1p1 twice;
  ge_p3_dbl(&twice, &g);
  ge_p2 two;
  ge_p1p1_to_p2(&two, &twice);
  unsigned char enc[32];
  ge_tobytes(enc, &two);
  ok = expect("2*G via ge_p3_dbl", cncrypto::hex_encode(enc, 32),
              "c9a3f86aae465f0e56513864510f3997561fa2c9e85ea21dc2292309f3cd6022") && ok;
  // Proof of work (docs/pow.md): links the RandomX wrapper (and -lrandomx when built with it).
  ok = expect("rx_seedheight(1978433)", std::to_string(rx_seedheight(1978433)), "1978368") && ok;
  ok = expect("check_hash(h, 1)", cryptonote::check_hash(h, 1) ? "true" : "false", "true") && ok;
  std::printf("librandomx in the build: %s\n", crypto_randomx_available() ? "yes" : "no");
  // A Polyseed restore (tevador's test phrase en1): NFKD through utf8proc, a private
  // dependency that a static libcncrypto.a needs on the consumer's link line.
  const auto seed = cncrypto::polyseed::decode(
      "raven tail swear infant grief assist regular lamp duck valid someone little harsh puppy airport language");
  const crypto::secret_key spend = cncrypto::polyseed::monero_spend_key(seed);
  ok = expect("Polyseed en1 spend key", cncrypto::hex_encode(spend.data, 32),
              "6dd6b2029bfdf1c44a36ce8b229f35dcaa5800b8d858da9facf4b0a778dc2800") && ok;
  // X25519 (docs/x25519.md): RFC 7748 section 6.1's public key of Alice.
  unsigned char alice[32], alice_pub[32];
  if (!cncrypto::hex_decode_fixed("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c6a", alice, 32))
    return 1;
  if (!cncrypto::x25519_base(alice_pub, alice)) return 1;
  ok = expect("x25519_base(RFC 7748 Alice)", cncrypto::hex_encode(alice_pub, 32),
              "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a") && ok;
  return ok ? 0 : 1;
}
