// Monero master's crypto/blake2b.h in Monero's idiom, compiled against the
// installed package with Monero's include paths only (scripts/test-consumer.sh):
// tests/hash's keyed call (key and input in one buffer, BLAKE2B_KEYBYTES /
// BLAKE2B_OUTBYTES), crypto.cpp's blake2b_monero(std::addressof(hash), 64, ...,
// NULL, 0), a keyed Carrot-sized blake2b_monero, the streaming API with a
// blake2b_param, and blake2b_long.
// Expected values: the first record of Monero's tests/hash/tests-blake2b.txt
// (empty input, key 00..3f), and lines of ../shared/vectors/monero_master_crypto.txt
// (computed by Monero master's blake2b.c): "blake2b_monero 64 x 60",
// "blake2b_monero 32 0b9b...f22e x", "blake2b_param 0300010100..4d6f6e65726f.. x x"
// and "blake2b_long 72 62".
#include <cstdint>
#include <cstring>
#include <memory>

#include "check.h"
#include "crypto/blake2b.h"

using monero_idiom::check;
using monero_idiom::from_hex;

template <std::size_t N>
struct bytes {
  unsigned char data[N];
  bool operator==(const bytes &o) const { return std::memcmp(data, o.data, N) == 0; }
};

int main() {
  const char *program = "blake2b_names";

  // tests/hash/main.cpp's hash_blake2b: key first, then the input, in one buffer.
  unsigned char data[BLAKE2B_KEYBYTES];
  for (unsigned i = 0; i < sizeof data; ++i) data[i] = static_cast<unsigned char>(i);
  bytes<BLAKE2B_OUTBYTES> keyed, keyed_expected;
  from_hex("10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786"
           "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568",
           keyed_expected);
  check(program, "blake2b keyed (tests-blake2b.txt record 1)",
        blake2b(keyed.data, BLAKE2B_OUTBYTES, (char *)data + BLAKE2B_KEYBYTES, 0, data, BLAKE2B_KEYBYTES) == 0 &&
            keyed == keyed_expected);

  // crypto.cpp's unbiased_hash_to_ec: blake2b_monero into a 64-byte array.
  unsigned char hash[64];
  const unsigned char preimage[1] = {0x60};
  bytes<64> got, expected64;
  from_hex("fd3dc25a620f9fe18529d533547a58afb9297625f61763c075a60db5a31d03e6"
           "b81739bc9ed0ca6320def5f462dfd5ab94dedb0235fbd7e0721392ed7040f852",
           expected64);
  const int r = blake2b_monero(std::addressof(hash), 64, preimage, sizeof preimage, NULL, 0);
  std::memcpy(got.data, hash, 64);
  check(program, "blake2b_monero 64, no key", r == 0 && got == expected64);

  // Keyed with a 32-byte key, 32-byte output (Carrot's shape).
  bytes<32> key, out32, expected32;
  from_hex("0b9b1d0f1b98836e3db799c7c9deb1f4459ea47c53d8c0069ddec9729c1cf22e", key);
  from_hex("be0e2116710cbe6f740a7656a841ccc03922f183ac8651f6bbff17cfe53ad843", expected32);
  check(program, "blake2b_monero 32, 32-byte key, empty input",
        blake2b_monero(out32.data, 32, NULL, 0, key.data, sizeof key.data) == 0 && out32 == expected32);

  // The same personalisation through the parameter block and the streaming API (3 bytes).
  blake2b_param P;
  std::memset(&P, 0, sizeof P);
  P.digest_length = 3;
  P.fanout = 1;
  P.depth = 1;
  std::memcpy(P.personal, "Monero", 6);
  blake2b_state S;
  unsigned char three[3];
  bytes<3> out3, expected3;
  from_hex("f333bb", expected3);
  const bool streamed = blake2b_init_param(&S, &P) == 0 && blake2b_update(&S, NULL, 0) == 0 &&
                        blake2b_final(&S, three, sizeof three) == 0;
  std::memcpy(out3.data, three, 3);
  check(program, "blake2b_init_param/update/final, personal \"Monero\", 3 bytes", streamed && out3 == expected3);
  check(program, "blake2b_final twice fails", blake2b_final(&S, three, sizeof three) == -1);
  check(program, "blake2b_init with outlen 65 fails", blake2b_init(&S, BLAKE2B_OUTBYTES + 1) == -1);

  // Argon2's long form.
  bytes<72> long_out, long_expected;
  from_hex("a30e916c23e23e80c7ed47aba3396702e4a6f3f8ba049d3b234f89f194e3d4c8a45edd43b31225f2"
           "401ca744d0b0f8da1f84c1abcf11f0ce6cdf8551a3c597e942635fef9b129e21",
           long_expected);
  const unsigned char in62[1] = {0x62};
  check(program, "blake2b_long 72",
        blake2b_long(long_out.data, sizeof long_out.data, in62, 1) == 0 && long_out == long_expected);
  return 0;
}
