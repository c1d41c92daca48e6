// Fuzz target: the RingCT signature sections of every type 1-6
// (ringct/rctSerialization.h, ringct/rctSigs.h), reached through transaction
// blobs (the section readers need the prefix's input, output and ring counts).
// Oracles: the sections of a canonical v2 blob, read again with
// read_rctsig_base / read_rctsig_prunable from the blob's own byte ranges, write
// back (serialize_rctsig_base / serialize_rctsig_prunable) to exactly those
// bytes; verification (verRct for type 1, verRctSimple for types 2-6, over a
// ring made of the blob's own keys) returns or throws, never crashes; batch
// semantics verification of the signature twice agrees with the one-by-one result.
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "fuzz_check.h"
#include "ringct/rctSerialization.h"
#include "ringct/rctSigs.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <boost/variant.hpp>
#include <vector>

namespace {

// A ring for rv from keys the blob holds (outputs' keys and commitments): Monero's
// shapes, [member][input] for type 1 and [input][member] for types 2-6.
void fill_ring(rct::rctSig &rv, const cryptonote::transaction &tx, std::size_t members) {
  const std::size_t inputs = tx.vin.size();
  const rct::ctkeyV &keys = rv.outPk;
  auto key = [&](std::size_t n) { return keys[n % keys.size()]; };
  rv.mixRing.clear();
  if (rv.type == rct::RCTTypeFull) {
    rv.mixRing.assign(members, rct::ctkeyV(inputs));
    for (std::size_t m = 0; m < members; ++m)
      for (std::size_t i = 0; i < inputs; ++i) rv.mixRing[m][i] = key(m + i);
  } else {
    rv.mixRing.assign(inputs, rct::ctkeyV(members));
    for (std::size_t i = 0; i < inputs; ++i)
      for (std::size_t m = 0; m < members; ++m) rv.mixRing[i][m] = key(m + i);
  }
  for (std::size_t i = 0; i < rv.p.CLSAGs.size() && i < inputs; ++i) {
    if (const auto *in = boost::get<cryptonote::txin_to_key>(&tx.vin[i])) {
      std::memcpy(rv.p.CLSAGs[i].I.bytes, in->k_image.data, 32);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  cryptonote::transaction tx;
  cncrypto::transaction_layout layout;
  try {
    tx = cncrypto::parse_transaction(cncrypto::byte_span(data, size), &layout);
  } catch (const cncrypto::parse_error &) {
    return 0;
  }
  rct::rctSig &rv = tx.rct_signatures;
  if (tx.version != 2 || rv.type == rct::RCTTypeNull) return 0;
  const std::size_t inputs = tx.vin.size(), outputs = tx.vout.size();
  std::size_t members = 0;
  if (const auto *in = boost::get<cryptonote::txin_to_key>(&tx.vin[0])) members = in->key_offsets.size();

  if (layout.canonical) {
    // The sections alone, from the blob's byte ranges, read and written back.
    const std::uint8_t *base = data + layout.prefix_size;
    cncrypto::binary_reader rb(cncrypto::byte_span(base, layout.rct_base_size));
    rct::rctSig again;
    cncrypto::read_rctsig_base(rb, again, inputs, outputs);
    FUZZ_CHECK(rb.at_end() && again.type == rv.type);
    cncrypto::binary_reader rp(cncrypto::byte_span(base + layout.rct_base_size, layout.rct_prunable_size));
    cncrypto::read_rctsig_prunable(rp, again.p, again.type, inputs, outputs, members - 1);
    FUZZ_CHECK(rp.at_end());
    std::vector<std::uint8_t> out;
    rct::serialize_rctsig_base(out, again, inputs, outputs);
    FUZZ_CHECK(out.size() == layout.rct_base_size && std::memcmp(out.data(), base, out.size()) == 0);
    out.clear();
    rct::serialize_rctsig_prunable(out, again.p, again.type, inputs, outputs, members - 1);
    FUZZ_CHECK(out.size() == layout.rct_prunable_size &&
               std::memcmp(out.data(), base + layout.rct_base_size, out.size()) == 0);
  }

  // Verification over a ring of the blob's own keys: any answer, no crash. Kept
  // cheap (a Borromean or Bulletproof check costs milliseconds, the parse
  // microseconds): at most 4 inputs of at most 16 members, and under libFuzzer
  // only for inputs whose last byte is a multiple of 8 (an eighth of them, the
  // same each run; the seed replay verifies every seed).
  if (rv.outPk.empty() || members == 0 || inputs > 4 || members > 16) return 0;
#ifdef CNCRYPTO_LIBFUZZER
  if (data[size - 1] % 8 != 0) return 0;
#endif
  fill_ring(rv, tx, members);
  std::memcpy(rv.message.bytes, cryptonote::get_transaction_prefix_hash(tx).data, 32);
  try {
    if (rv.type == rct::RCTTypeFull) {
      (void)rct::verRct(rv, true);
      (void)rct::verRct(rv, false);
    } else {
      const bool one = rct::verRctSemanticsSimple(rv);
      const bool batch = rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{&rv, &rv});
      FUZZ_CHECK(one == batch);
      (void)rct::verRctNonSemanticsSimple(rv);
    }
  } catch (const std::exception &) {
  }
  return 0;
}
