// Monero's idiom for epee's memwipe.h, mlocker.h and wipeable_string.h, and for
// the crypto headers that use them (crypto/chacha.h: chacha_key is
// epee::mlocked<tools::scrubbed_arr<...>>, crypto::chacha8 with raw pointers;
// crypto/hmac-keccak.h), compiled against the installed package with Monero's
// include paths only (scripts/test-consumer.sh). Expected values: the first
// ChaCha8 vector of Monero's tests/unit_tests/chacha.cpp (key 00 00 20 00..00,
// IV and plaintext zero) and the first HMAC-Keccak vector of Monero's
// tests/unit_tests/hmac_keccak.cpp (32-byte zero key and message).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "crypto/chacha.h"
#include "crypto/hmac-keccak.h"
#include "memwipe.h"
#include "mlocker.h"
#include "wipeable_string.h"

using monero_idiom::check;
using monero_idiom::from_hex;

namespace {
struct bytes8 {
  unsigned char b[8];
};
}  // namespace

int main() {
  const char *me = "epee_names";

  // memwipe and tools::scrubbed, as wallet code holds a password hash.
  char secret[16];
  std::memset(secret, 'x', sizeof secret);
  check(me, "memwipe returns its argument", memwipe(secret, sizeof secret) == secret);
  check(me, "memwipe zeroes", secret[0] == 0 && secret[15] == 0);
  tools::scrubbed_arr<char, 32> pwd_hash;
  pwd_hash[0] = 'p';
  check(me, "unwrap(scrubbed_arr)", tools::unwrap(pwd_hash)[0] == 'p');

  // mlocker / mlocked (Monero's secret key types are mlocked<scrubbed<...>>).
  const std::size_t objects = epee::mlocker::get_num_locked_objects();
  {
    epee::mlocked<tools::scrubbed_arr<char, 32>> locked;
    check(me, "mlocked counts an object", epee::mlocker::get_num_locked_objects() == objects + 1);
    check(me, "mlocked is zero-initialised", unwrap(unwrap(locked))[31] == 0);
    const std::size_t ps = epee::mlocker::get_page_size();
    check(me, "page size is a power of two", ps != 0 && (ps & (ps - 1)) == 0);
  }
  check(me, "mlocked releases", epee::mlocker::get_num_locked_objects() == objects);

  // ChaCha8: crypto::chacha8 with raw pointers and with chacha_key/chacha_iv.
  std::uint8_t raw_key[32] = {0, 0, 0x20};
  std::uint8_t raw_iv[8] = {};
  std::vector<char> zeros(64, 0), out(64);
  crypto::chacha8(zeros.data(), zeros.size(), raw_key, raw_iv, out.data());
  bytes8 first;
  from_hex("653f4a18e3d27daf", first);
  check(me, "crypto::chacha8 raw pointers (Monero's vector 0)", std::memcmp(out.data(), first.b, 8) == 0);
  crypto::chacha_key key;
  std::memcpy(&unwrap(unwrap(key)), raw_key, sizeof(key));  // Monero's generate_chacha_key idiom
  crypto::chacha_iv iv = {};
  std::vector<char> out2(64);
  crypto::chacha8(zeros.data(), zeros.size(), key, iv, out2.data());
  check(me, "crypto::chacha8 with chacha_key", out == out2);

  // HMAC-Keccak, one shot and incremental.
  std::uint8_t k[32] = {}, msg[32] = {}, mac[32], mac2[32];
  hmac_keccak_hash(mac, k, sizeof k, msg, sizeof msg);
  struct {
    unsigned char b[32];
  } expected;
  from_hex("d164c38ca454176281b3c09dc83cf70bd00290835ff5490356993d368cde0577", expected);
  check(me, "hmac_keccak_hash", std::memcmp(mac, expected.b, 32) == 0);
  hmac_keccak_state S;
  hmac_keccak_init(&S, k, sizeof k);
  hmac_keccak_update(&S, msg, 5);
  hmac_keccak_update(&S, msg + 5, sizeof msg - 5);
  hmac_keccak_finish(&S, mac2);
  check(me, "hmac_keccak_init/update/finish", std::memcmp(mac2, expected.b, 32) == 0);

  // wipeable_string as wallet code uses it for passwords and seeds.
  epee::wipeable_string words("  abbey  ability able ");
  words.trim();
  std::vector<epee::wipeable_string> fields;
  words.split(fields);
  check(me, "wipeable_string trim/split", fields.size() == 3 && fields[1] == epee::wipeable_string("ability"));
  epee::wipeable_string hex("0102ff");
  boost::optional<epee::wipeable_string> bytes = hex.parse_hexstr();
  check(me, "wipeable_string parse_hexstr", bytes && bytes->size() == 3 && (unsigned char)bytes->data()[2] == 0xff);
  tools::scrubbed<bytes8> pod;
  check(me, "wipeable_string hex_to_pod(scrubbed)", epee::wipeable_string("653f4a18e3d27daf").hex_to_pod(pod) &&
                                                        std::memcmp(pod.b, first.b, 8) == 0);
  epee::wipeable_string pass = std::string("hunter2");
  pass += '!';
  check(me, "wipeable_string append", std::string(pass.data(), pass.size()) == "hunter2!");
  check(me, "std::hash<wipeable_string>", std::hash<epee::wipeable_string>()(pass) != 0);
  return 0;
}
