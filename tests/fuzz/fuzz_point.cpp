// Fuzz target: point decoding (crypto/crypto-ops.h, crypto/crypto.h).
// Oracles: check_key agrees with ge_frombytes_vartime on every 32 bytes; a decoded
// point encodes back to the input unless the input was one of the non-canonical
// encodings Monero accepts (y >= p, or x = 0 with the sign bit set), and then to
// the canonical form, which decodes to the same point.
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "fuzz_check.h"

#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  for (std::size_t off = 0; off + 32 <= size; off += 32) {
    crypto::public_key key;
    std::memcpy(key.data, data + off, 32);
    ge_p3 p;
    const bool decodes = ge_frombytes_vartime(&p, data + off) == 0;
    FUZZ_CHECK(crypto::check_key(key) == decodes);
    if (!decodes) continue;
    unsigned char back[32];
    ge_p3_tobytes(back, &p);
    if (std::memcmp(back, data + off, 32) != 0) {
      ge_p3 q;
      FUZZ_CHECK(ge_frombytes_vartime(&q, back) == 0);
      unsigned char twice[32];
      ge_p3_tobytes(twice, &q);
      FUZZ_CHECK(std::memcmp(twice, back, 32) == 0);
    }
  }
  return 0;
}
