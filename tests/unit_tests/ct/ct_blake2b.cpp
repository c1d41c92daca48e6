// Constant-time check of keyed BLAKE2b (crypto/blake2b.h, docs/blake2b.md), the
// method of ct_keys.cpp: the key and the message are marked secret, and the
// checker (valgrind's memcheck, or MemorySanitizer in scripts/ct_msan.sh)
// reports any branch or memory index computed from them. Lengths are public.
// Covered: blake2b and blake2b_monero with a key (Carrot's shape), the
// streaming API (init_key, update, final), blake2b_long on a secret input, and
// the compression function of every implementation this CPU runs, called
// directly on a secret chaining value and block (the API above runs only the
// one the dispatcher chose).
//
// Without a checker the functional checks run and the program returns 77
// (ctest: skipped).
#include "crypto/blake2b.h"
#include "hash/blake2b_impl.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace cncrypto::test::ct;

int main() {
  if (!setup("ct_blake2b", false)) return 1;
  for (std::size_t len : {0u, 1u, 127u, 128u, 129u, 300u}) {
    std::uint8_t key[32];
    std::vector<std::uint8_t> data(len + 1);
    for (std::size_t i = 0; i < sizeof key; ++i) key[i] = static_cast<std::uint8_t>(5 * i + len);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 29 + 3);
    secret(key);
    secret_bytes(data.data(), data.size());

    std::uint8_t oneshot[32], streamed[32], carrot[8], argon[100];
    expect(blake2b(oneshot, sizeof oneshot, data.data(), len, key, sizeof key) == 0, "blake2b keyed");
    expect(blake2b_monero(carrot, sizeof carrot, data.data(), len, key, sizeof key) == 0, "blake2b_monero keyed");
    blake2b_state S;
    expect(blake2b_init_key(&S, sizeof streamed, key, sizeof key) == 0, "blake2b_init_key");
    expect(blake2b_update(&S, data.data(), len / 2) == 0, "blake2b_update 1");
    expect(blake2b_update(&S, data.data() + len / 2, len - len / 2) == 0, "blake2b_update 2");
    expect(blake2b_final(&S, streamed, sizeof streamed) == 0, "blake2b_final");
    expect(blake2b_long(argon, sizeof argon, data.data(), len) == 0, "blake2b_long");
    expect_tainted(oneshot, "blake2b output");
    expect_tainted(streamed, "streamed output");
    expect_tainted(carrot, "blake2b_monero output");
    if (len > 0) expect_tainted(argon[99], "blake2b_long output");  // unkeyed: secret only through the data

    declassify(oneshot);
    declassify(streamed);
    expect(std::memcmp(oneshot, streamed, sizeof oneshot) == 0, "one-shot equals streamed");
    declassify(carrot);
    declassify(argon);
  }

  // Each implementation's compression on a secret chaining value and blocks.
  namespace impl = crypto::blake2b_impl;
  std::size_t count = 0;
  const impl::implementation *const *all = impl::implementations(count);
  std::uint64_t reference[8] = {};
  for (std::size_t k = 0; k < count; ++k) {
    if (!all[k]->available()) continue;
    std::uint64_t h[8], t[2] = {0, 0};
    std::uint8_t blocks[3 * 128];
    for (unsigned i = 0; i < 8; ++i) h[i] = 0x0123456789abcdefULL * (i + 1);
    for (std::size_t i = 0; i < sizeof blocks; ++i) blocks[i] = static_cast<std::uint8_t>(i * 7);
    secret(h);
    secret(blocks);
    all[k]->compress(h, t, 0, 0, blocks, 3, 128);
    all[k]->compress(h, t, ~std::uint64_t{0}, 0, blocks, 1, 77);
    expect_tainted(h, "compression output");
    declassify(h);
    if (k == 0) std::memcpy(reference, h, sizeof h);
    expect(std::memcmp(reference, h, sizeof h) == 0, all[k]->name);
  }
  return finish();
}
