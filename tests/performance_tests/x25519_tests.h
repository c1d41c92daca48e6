// X25519 (crypto/cncrypto_x25519.h; docs/x25519.md) against libsodium's crypto_scalarmult, in
// one run: test_x25519 (one call, RFC 7748) with peer_x25519<libsodium>,
// test_x25519_base with peer_x25519_base<libsodium>, test_x25519_unclamped (Carrot's
// form), and test_x25519_batch<backend, N>: x25519_batch's ladder (one scalar, N
// points) forced onto each backend this machine runs, per item, each with the peer
// peer_x25519_loop<libsodium, N> (N crypto_scalarmult calls), so that the peers
// table's ratio is the batch's speed-up per operation over libsodium.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "common/hex.h"
#include "crypto/cncrypto_x25519.h"
#include "curve/ecmult.h"
#include "curve/x25519.h"
#include "peers.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// A secret scalar and count public u-coordinates (public keys of random scalars).
struct x25519_inputs {
  std::array<unsigned char, 32> scalar{};
  std::vector<std::array<unsigned char, 32>> u;

  explicit x25519_inputs(std::size_t count) : u(count) {
    fill_random(scalar.data(), 32, 77);
    for (std::size_t i = 0; i < count; ++i) {
      std::array<unsigned char, 32> s;
      fill_random(s.data(), 32, 300 + i);
      cncrypto::x25519_base(u[i].data(), s.data());
    }
  }
  const unsigned char (*rows() const)[32] { return reinterpret_cast<const unsigned char(*)[32]>(u.data()); }
};

// RFC 7748 section 6.1's shared secret: every row checks it in init().
inline bool x25519_known_answer(bool (*f)(unsigned char *, const unsigned char *, const unsigned char *)) {
  unsigned char a[32], pb[32], out[32];
  static const unsigned char alice[32] = {0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1,
                                          0x72, 0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0,
                                          0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x6a};
  std::memcpy(a, alice, 32);
  if (!cncrypto::hex_decode_fixed("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", pb, 32))
    return false;
  if (!f(out, a, pb)) return false;
  return equals_hex(out, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
}

// One X25519 (kind 0), X25519(k, 9) (kind 1) or unclamped multiplication (kind 2).
template <int kind>
class test_x25519_one {
 public:
  static const std::size_t loop_count = 5000;
  bool init() {
    return x25519_known_answer([](unsigned char *o, const unsigned char *k, const unsigned char *u) {
      return cncrypto::x25519(o, k, u);
    });
  }
  bool test() {
    if constexpr (kind == 0) cncrypto::x25519(m_out.data(), m_in.scalar.data(), m_in.u[0].data());
    if constexpr (kind == 1) cncrypto::x25519_base(m_out.data(), m_in.scalar.data());
    if constexpr (kind == 2) cncrypto::x25519_unclamped(m_out.data(), m_in.scalar.data(), m_in.u[0].data());
    m_in.scalar[0] = static_cast<unsigned char>(m_in.scalar[0] ^ m_out[0]);  // a chain: no call is skipped
    return true;
  }

 private:
  x25519_inputs m_in{1};
  std::array<unsigned char, 32> m_out{};
};
using test_x25519 = test_x25519_one<0>;
using test_x25519_base = test_x25519_one<1>;
using test_x25519_unclamped = test_x25519_one<2>;

// libsodium: crypto_scalarmult (base: crypto_scalarmult_base), count calls per test().
template <typename lib, bool base, std::size_t count>
class peer_x25519_calls {
 public:
  static const std::size_t loop_count = count == 1 ? 5000 : (count <= 8 ? 500 : 50);
  static const std::size_t items_per_call = count;
  static constexpr bool available = lib::available;
  bool init() { return x25519_known_answer(lib::x25519); }
  bool test() {
    for (std::size_t i = 0; i < count; ++i) {
      const bool ok = base ? lib::x25519_base(m_out.data(), m_in.scalar.data())
                           : lib::x25519(m_out.data(), m_in.scalar.data(), m_in.u[i].data());
      if (!ok) return false;
      m_in.scalar[0] = static_cast<unsigned char>(m_in.scalar[0] ^ m_out[0]);
    }
    return true;
  }

 private:
  x25519_inputs m_in{count};
  std::array<unsigned char, 32> m_out{};
};
template <typename lib>
using peer_x25519 = peer_x25519_calls<lib, false, 1>;
template <typename lib>
using peer_x25519_base = peer_x25519_calls<lib, true, 1>;
template <typename lib, std::size_t count>
using peer_x25519_loop = peer_x25519_calls<lib, false, count>;

// x25519_batch's ladder of count points by one scalar on the named backend, per item
// (cncrypto::ed25519::x25519_ladder_batch_on; the public x25519_batch adds only the
// clamping and the all-zero count). init() checks every item against the single call.
template <std::size_t count>
class test_x25519_batch {
 public:
  static const std::size_t loop_count = count <= 8 ? 500 : 50;
  static const std::size_t items_per_call = count;
  explicit test_x25519_batch(const char *backend) : m_backend(backend) {}
  bool init() {
    m_in.scalar[0] &= 248;
    m_in.scalar[31] = static_cast<unsigned char>((m_in.scalar[31] & 127) | 64);
    if (!test()) return false;
    for (std::size_t i = 0; i < count; ++i) {
      std::array<unsigned char, 32> single;
      cncrypto::x25519(single.data(), m_in.scalar.data(), m_in.u[i].data());
      if (single != m_out[i]) return false;
    }
    return true;
  }
  bool test() {
    return cncrypto::ed25519::x25519_ladder_batch_on(m_backend, reinterpret_cast<unsigned char(*)[32]>(m_out.data()),
                                                     m_in.scalar.data(), m_in.rows(), count);
  }

 private:
  const char *m_backend;
  x25519_inputs m_in{count};
  std::vector<std::array<unsigned char, 32>> m_out = std::vector<std::array<unsigned char, 32>>(count);
};

inline void register_x25519_tests(registry &r) {
  using cncrypto::peers::libsodium;
  TEST_PERFORMANCE0(r, test_x25519);
  PEER_PERFORMANCE(r, peer_x25519, libsodium);
  TEST_PERFORMANCE0(r, test_x25519_base);
  PEER_PERFORMANCE(r, peer_x25519_base, libsodium);
  TEST_PERFORMANCE0(r, test_x25519_unclamped);
  const char *names[8];
  const std::size_t n = std::min<std::size_t>(cncrypto::ed25519::curve_backend_names(names, 8), 8);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string b = names[i];
    r.test<test_x25519_batch<8>>("test_x25519_batch<" + b + ", 8>", names[i]);
    PEER_PERFORMANCE(r, peer_x25519_loop, libsodium, 8);
    r.test<test_x25519_batch<64>>("test_x25519_batch<" + b + ", 64>", names[i]);
    PEER_PERFORMANCE(r, peer_x25519_loop, libsodium, 64);
  }
}

}  // namespace perf
