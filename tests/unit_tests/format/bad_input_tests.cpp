// Bad input as a property test: every truncation of every real blob and
// thousands of random byte flips (fixed seed) end either in a clean
// parse_error or in a valid object that re-serializes to exactly the mutated
// bytes (every accepted blob has one encoding), with one exception that is
// Monero's: a varint cut off (or missing) at the very end of the input reads
// as the bits present, so such a blob differs from its object's serialization
// only in a tail of varint continuation bytes. Never a crash, over-read or
// other exception; run under ASan+UBSan by scripts/test.sh.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "support/chain_data.h"
#include "support/hex.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_extra.h"
#include "support/shared_data.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {

struct sample {
  std::string name;
  blobdata blob;
  bool is_block;
};

// The real blobs of ../shared/data plus the three genesis blocks.
const std::vector<sample> &samples() {
  static const std::vector<sample> all = [] {
    std::vector<sample> out;
    const auto &m = cncrypto::test::data_manifest();
    for (const auto &e : m.at("shared_txs")) out.push_back({e.at("file"), cncrypto::test::as_blob(cncrypto::test::read_data_file(e.at("file"))), false});
    for (const auto &e : m.at("shared_blocks")) out.push_back({e.at("file"), cncrypto::test::as_blob(cncrypto::test::read_data_file(e.at("file"))), true});
    return out;
  }();
  return all;
}

enum class outcome { parsed, parsed_cut_varint, refused };

// blobdata holds char (signed here): compare as bytes.
bool same_bytes(const blobdata &a, byte_span b) {
  return a.size() == b.size && (a.empty() || std::memcmp(a.data(), b.data, a.size()) == 0);
}

// blob was accepted but is not the serialization `again` of its object. The
// only reason allowed is Monero's end-of-input varint rule: from the first
// difference on, blob holds only varint continuation bytes (0x80 set), or
// nothing when whole varints were missing.
void check_cut_varint_tail(const blobdata &again, byte_span blob) {
  std::size_t k = 0;
  while (k < blob.size && k < again.size() && static_cast<std::uint8_t>(again[k]) == blob.data[k]) ++k;
  for (std::size_t i = k; i < blob.size; ++i) {
    if ((blob.data[i] & 0x80) == 0) {
      BOOST_ERROR("accepted blob differs from its serialization at byte " << k << " and byte " << i
                                                                         << " is not a varint continuation byte");
      return;
    }
  }
}

// Parses blob as a tx or block. On success checks the round trip (or the
// cut-off varint explanation), that the serialization parses back to itself
// and that the ids can be computed; on parse_error checks the offset lies
// within the input. Any other exception propagates and fails the test.
outcome check_blob(byte_span blob, bool is_block) {
  try {
    blobdata again;
    if (is_block) {
      const block b = parse_block(blob);
      again = block_to_blob(b);
      BOOST_REQUIRE(block_to_blob(parse_block(again)) == again);
      crypto::hash id;
      const blobdata_ref received(reinterpret_cast<const char *>(blob.data), blob.size);
      (void)calculate_block_hash(b, id, &received);
      if (b.miner_tx.vin.size() == 1 && (b.miner_tx.vin[0].type() == typeid(txin_gen))) {
        (void)get_block_height(b);
      }
    } else {
      transaction_layout layout;
      const transaction tx = parse_transaction(blob, &layout);
      again = tx_to_blob(tx);
      BOOST_REQUIRE(layout.canonical == same_bytes(again, blob));
      BOOST_REQUIRE(tx_to_blob(parse_transaction(again)) == again);
      const transaction_hashes h = get_transaction_hashes(tx);
      BOOST_REQUIRE(h.hash == get_transaction_hashes_from_blob(blob).hash);
      (void)cncrypto::parse_tx_extra(tx.extra);
    }
    if (same_bytes(again, blob)) return outcome::parsed;
    check_cut_varint_tail(again, blob);
    return outcome::parsed_cut_varint;
  } catch (const parse_error &e) {
    BOOST_REQUIRE(e.offset() <= blob.size);
    BOOST_REQUIRE(std::string(e.what()).find("at byte offset") != std::string::npos);
    return outcome::refused;
  }
}

}  // namespace

// A parse only looks at bytes it has read, and a valid blob is consumed
// exactly, so every proper prefix of a real blob is refused, unless it was
// cut where only varints remain (Monero reads those as the bits present):
// such a prefix is never the real object's encoding.
BOOST_AUTO_TEST_CASE(every_truncation_is_refused_or_a_cut_varint, *cncrypto::test::needs_shared()) {
  std::size_t refused = 0, cut_varint = 0;
  for (const auto &s : samples()) {
    BOOST_TEST_CONTEXT(s.name) {
      BOOST_REQUIRE(check_blob(s.blob, s.is_block) == outcome::parsed);
      for (std::size_t n = 0; n < s.blob.size(); ++n) {
        // A copy of exactly n bytes, so ASan sees any read past the end.
        const blobdata cut(s.blob.begin(), s.blob.begin() + static_cast<std::ptrdiff_t>(n));
        switch (check_blob(cut, s.is_block)) {
          case outcome::refused: ++refused; break;
          case outcome::parsed_cut_varint: ++cut_varint; break;
          case outcome::parsed: BOOST_ERROR("truncation to " << n << " bytes is itself a canonical object"); break;
        }
      }
    }
  }
  BOOST_TEST_MESSAGE(refused << " truncations refused, " << cut_varint << " read with a cut-off final varint");
  BOOST_TEST(refused > 100000u);
  BOOST_TEST(cut_varint > 0u);
}

// Random 1-3 byte changes (fixed seed, so failures reproduce).
BOOST_AUTO_TEST_CASE(random_byte_flips, *cncrypto::test::needs_shared()) {
  std::mt19937_64 rng(0x63726e6f7465ull);
  const auto &all = samples();
  std::size_t parsed = 0, refused = 0;
  for (int iteration = 0; iteration < 6000; ++iteration) {
    const sample &s = all[rng() % all.size()];
    blobdata mutated = s.blob;
    const int flips = 1 + static_cast<int>(rng() % 3);
    std::string where;
    for (int f = 0; f < flips; ++f) {
      // Bias towards the structural start (prefix, counts, types) half the time.
      const std::size_t limit = (rng() & 1) ? std::min<std::size_t>(mutated.size(), 64) : mutated.size();
      const std::size_t pos = rng() % limit;
      const auto mask = static_cast<std::uint8_t>(1 + rng() % 255);
      mutated[pos] ^= mask;
      where += " " + std::to_string(pos);
    }
    BOOST_TEST_CONTEXT(s.name << " iteration " << iteration << " flipped at" << where) {
      (check_blob(mutated, s.is_block) == outcome::refused ? refused : parsed) += 1;
      // Also as a pruned tx and as a prefix: same rules, no crash.
      if (!s.is_block) {
        try {
          (void)parse_pruned_transaction(mutated);
        } catch (const parse_error &) {
        }
        try {
          (void)parse_transaction_prefix(mutated);
        } catch (const parse_error &) {
        }
      }
    }
  }
  BOOST_TEST_MESSAGE(parsed << " mutations parsed as other valid objects, " << refused << " refused");
  BOOST_TEST(parsed > 0u);
  BOOST_TEST(refused > 0u);
}

// Random bytes of random lengths, and random tx_extra contents.
BOOST_AUTO_TEST_CASE(random_garbage) {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 20000; ++i) {
    blobdata junk(rng() % 200, '\0');
    for (auto &b : junk) b = static_cast<char>(rng());
    if (!junk.empty() && (i & 1)) junk[0] = static_cast<char>(1 + (rng() & 1));  // plausible version
    BOOST_TEST_CONTEXT(cncrypto::hex_encode(junk.data(), junk.size())) {
      check_blob(junk, false);
      check_blob(junk, true);
      const auto r = cncrypto::parse_tx_extra(junk);
      if (r.complete) {
        std::vector<std::uint8_t> again;
        for (const auto &f : r.fields) cncrypto::write_tx_extra_field(again, f);
        const blobdata again_blob(again.begin(), again.end());
        if (again_blob != junk) check_cut_varint_tail(again_blob, junk);
      } else {
        BOOST_REQUIRE(r.error_offset < junk.size());
      }
    }
  }
}
