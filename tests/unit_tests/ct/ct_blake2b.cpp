// Constant-time check of keyed BLAKE2b (crypto/blake2b.h, docs/blake2b.md), the
// method of ct_keys.cpp: the key and the message are marked secret, and the
// checker (valgrind's memcheck, or MemorySanitizer in scripts/ct_msan.sh)
// reports any branch or memory index computed from them. Lengths are public.
// Covered: blake2b and blake2b_monero with a key (Carrot's shape), the
// streaming API (init_key, update, final), blake2b_long on a secret input, and
// the compression function of every implementation this CPU runs, called
// directly on a secret chaining value and block (the API above runs only the
// one the dispatcher chose), and the multi-message batch (crypto/blake2b_batch.h)
// on every implementation (the lanes of avx2 and avx512, portable's loop) with
// secret keys and messages of mixed lengths, Carrot's keyed shapes.
//
// Without a checker the functional checks run and the program returns 77
// (ctest: skipped).
#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"
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
  namespace impl = cncrypto::blake2b_impl;
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

  // The batch on every implementation: 11 keyed messages (keys of 32 bytes as
  // Carrot's, one of 64), lengths 0..300, digests of 3, 8, 16, 32 and 64 bytes.
  constexpr std::size_t messages = 11;
  const std::size_t lengths[messages] = {0, 1, 35, 64, 127, 128, 129, 200, 256, 257, 300};
  const std::size_t outlens[messages] = {3, 8, 16, 32, 64, 3, 8, 16, 32, 64, 32};
  std::uint8_t keys[messages][64], data[messages][300];
  for (std::size_t i = 0; i < messages; ++i) {
    for (std::size_t j = 0; j < 64; ++j) keys[i][j] = static_cast<std::uint8_t>(i * 31 + j * 7);
    for (std::size_t j = 0; j < 300; ++j) data[i][j] = static_cast<std::uint8_t>(i * 13 + j * 3);
  }
  secret(keys);
  secret(data);
  cncrypto::blake2b_batch_input inputs[messages];
  std::size_t total = 0;
  for (std::size_t i = 0; i < messages; ++i) {
    inputs[i].in = data[i];
    inputs[i].inlen = lengths[i];
    inputs[i].key = keys[i];
    inputs[i].keylen = i == 10 ? 64 : 32;
    inputs[i].personal = cncrypto::blake2b_monero_personal;
    inputs[i].outlen = outlens[i];
    total += outlens[i];
  }
  std::vector<std::uint8_t> expected(total);
  for (std::size_t i = 0, at = 0; i < messages; at += outlens[i], ++i) {
    expect(blake2b_monero(expected.data() + at, outlens[i], data[i], lengths[i], keys[i], inputs[i].keylen) == 0,
           "blake2b_monero for the batch");
  }
  declassify_bytes(expected.data(), expected.size());
  for (std::size_t k = 0; k < count; ++k) {
    if (!all[k]->available()) continue;
    std::vector<std::uint8_t> digests(total);
    impl::hash_batch(*all[k], digests.data(), inputs, messages);
    expect_tainted(digests.data()[0], "batch digest");
    declassify_bytes(digests.data(), digests.size());
    expect(digests == expected, all[k]->name);
  }
  return finish();
}
