// Monero master's generators (crypto/generators.h). The constants are Monero
// master's (0aa9c51) values, facts taken from ../shared/vectors/monero_master_crypto.txt
// ("generator" lines); the code is ours.
#include "crypto/generators.h"

#include "crypto/hash.h"
#include "key_helpers.h"
#include "curve/face.h"
#include "curve/ops.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::u8;

namespace {

enum generator_index { idx_G, idx_H, idx_T, idx_U, idx_V, generator_count };

// Monero master's hard-coded encodings, in the order G, H, T, U, V.
const unsigned char generator_bytes[generator_count][32] = {
    {
     0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
     0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66
    },
    {
     0x8b, 0x65, 0x59, 0x70, 0x15, 0x37, 0x99, 0xaf, 0x2a, 0xea, 0xdc, 0x9f, 0xf1, 0xad, 0xd0, 0xea,
     0x6c, 0x72, 0x51, 0xd5, 0x41, 0x54, 0xcf, 0xa9, 0x2c, 0x17, 0x3a, 0x0d, 0xd3, 0x9c, 0x1f, 0x94
    },
    {
     0x61, 0xb7, 0x36, 0xce, 0x93, 0xb6, 0x2a, 0x3d, 0x37, 0x78, 0xab, 0x20, 0x4d, 0xa8, 0x5d, 0x3b,
     0x4c, 0xdc, 0x07, 0x25, 0x0f, 0x5d, 0xa7, 0xe3, 0xdf, 0x26, 0x29, 0x92, 0x81, 0x34, 0xd5, 0x26
    },
    {
     0x50, 0x6b, 0x23, 0xf6, 0xd6, 0xe5, 0x30, 0x99, 0x7a, 0xbc, 0xac, 0xc6, 0xfd, 0x34, 0x77, 0x34,
     0xb1, 0x4c, 0x2b, 0xd7, 0x9b, 0xea, 0x00, 0xee, 0xb0, 0x48, 0x57, 0xe8, 0xea, 0xdd, 0x1a, 0x8a
    },
    {
     0x69, 0x35, 0xf4, 0x13, 0xf8, 0x31, 0x09, 0x13, 0x8a, 0x7a, 0x14, 0xb4, 0x09, 0x55, 0x2d, 0x3b,
     0x76, 0xd8, 0x8f, 0xca, 0x81, 0xbb, 0x59, 0x27, 0xe9, 0xa1, 0xe1, 0x30, 0xcd, 0xfe, 0x29, 0xf9
    }};

struct generator_table {
  public_key bytes[generator_count];
  ed::ge_p3 p3[generator_count];
  ed::ge_cached cached[generator_count];
  generator_table() {
    for (int i = 0; i < generator_count; ++i) {
      std::memcpy(bytes[i].data, generator_bytes[i], 32);
      // The constants are valid encodings, so decoding cannot fail.
      if (ed::ge_frombytes_vartime(&p3[i], generator_bytes[i]) != 0)
        throw std::logic_error("crypto/generators: a generator constant does not decode");
      ed::ge_p3_to_cached(&cached[i], &p3[i]);
    }
  }
};

const generator_table &table() {
  static const generator_table t;
  return t;
}

}  // namespace

public_key get_G() { return table().bytes[idx_G]; }
public_key get_H() { return table().bytes[idx_H]; }
public_key get_T() { return table().bytes[idx_T]; }
public_key get_U() { return table().bytes[idx_U]; }
public_key get_V() { return table().bytes[idx_V]; }
ge_p3 get_G_p3() { return ed::to_face(table().p3[idx_G]); }
ge_p3 get_H_p3() { return ed::to_face(table().p3[idx_H]); }
ge_p3 get_T_p3() { return ed::to_face(table().p3[idx_T]); }
ge_p3 get_U_p3() { return ed::to_face(table().p3[idx_U]); }
ge_p3 get_V_p3() { return ed::to_face(table().p3[idx_V]); }
ge_cached get_G_cached() { return ed::to_face(table().cached[idx_G]); }
ge_cached get_H_cached() { return ed::to_face(table().cached[idx_H]); }
ge_cached get_T_cached() { return ed::to_face(table().cached[idx_T]); }
ge_cached get_U_cached() { return ed::to_face(table().cached[idx_U]); }
ge_cached get_V_cached() { return ed::to_face(table().cached[idx_V]); }

}  // namespace crypto

namespace cncrypto {

crypto::public_key generator_from_seed(const void *seed, std::size_t length) {
  crypto::hash h;
  crypto::cn_fast_hash(seed, length, h);
  crypto::ec_point p;
  crypto::unbiased_hash_to_ec(crypto::keys_detail::u8(h.data), sizeof h.data, p);
  crypto::public_key out;
  std::memcpy(out.data, p.data, 32);
  return out;
}

crypto::public_key reproduce_generator(char name) {
  using crypto::keys_detail::u8;
  crypto::public_key out;
  switch (name) {
    case 'G': {  // y = 4/5, x positive (sign bit 0): the encoding is y's bytes
      fe four, five, y;
      fe_1(four);
      fe_add(four, four, four);
      fe_add(four, four, four);  // 4 (no carry needed: small)
      fe_1(five);
      fe_add(five, four, five);  // 5
      fe_invert(y, five);
      fe_mul(y, y, four);
      fe_tobytes(u8(out.data), y);
      return out;
    }
    case 'H': {  // 8*decode(cn_fast_hash(G))
      const crypto::public_key g = reproduce_generator('G');
      crypto::hash h;
      crypto::cn_fast_hash(g.data, sizeof g.data, h);
      ed::ge_p3 p;
      if (ed::ge_frombytes_vartime(&p, u8(h.data)) != 0)
        throw std::logic_error("cncrypto::reproduce_generator: cn_fast_hash(G) does not decode");
      ed::ge_p2 p2;
      ed::ge_p3_to_p2(&p2, &p);
      ed::ge_p1p1 p8;
      ed::ge_mul8(&p8, &p2);
      ed::ge_p1p1_to_p2(&p2, &p8);
      ed::ge_tobytes(u8(out.data), &p2);
      return out;
    }
    case 'T': return generator_from_seed("Monero Generator T", 18);
    case 'U': return generator_from_seed("Monero FCMP++ Generator U", 25);
    case 'V': return generator_from_seed("Monero FCMP++ Generator V", 25);
    default:
      throw std::invalid_argument(std::string("cncrypto::reproduce_generator: no generator named '") + name +
                                  "' (G, H, T, U or V)");
  }
}

}  // namespace cncrypto
