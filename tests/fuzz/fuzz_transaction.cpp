// Fuzz target: transaction blobs (cryptonote/serialization.h).
// Oracles: a blob that parses and is canonical re-serializes to the same bytes;
// its id from the blob's own byte ranges equals the id of the object (Monero's
// two paths); a non-canonical blob (cut inside a final varint) writes back to
// other bytes that keep everything before the cut (rewritten_after_cut); the pruned parser and the prefix parser agree with the full one,
// and Monero's bool wrappers (parse_and_validate_*_from_blob) with the parsers;
// obj_to_json_str of every parsed transaction, full and pruned, is a whole object
// (monero_json_looks_whole).
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/json.h"
#include "cryptonote/serialization.h"
#include "fuzz_check.h"

#include <cstdint>
#include <cstring>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const cncrypto::byte_span blob(data, size);
  cryptonote::transaction tx;
  cncrypto::transaction_layout layout;
  bool parsed = false;
  try {
    tx = cncrypto::parse_transaction(blob, &layout);
    parsed = true;
  } catch (const cncrypto::parse_error &) {
  }
  cryptonote::transaction wrapped;
  std::string error;
  FUZZ_CHECK(cryptonote::parse_and_validate_tx_from_blob(blob, wrapped, &error) == parsed);
  FUZZ_CHECK(parsed || !error.empty());
  if (parsed) {
    FUZZ_CHECK(cryptonote::tx_to_blob(wrapped) == cryptonote::tx_to_blob(tx));
    cryptonote::transaction_prefix wrapped_prefix;
    FUZZ_CHECK(cryptonote::parse_and_validate_tx_prefix_from_blob(blob, wrapped_prefix));
    FUZZ_CHECK(cncrypto::tx_prefix_to_blob(wrapped_prefix) == cncrypto::tx_prefix_to_blob(tx));
  }
  if (parsed) {
    const cryptonote::blobdata again = cryptonote::tx_to_blob(tx);
    if (layout.canonical) {
      FUZZ_CHECK(again.size() == size && std::memcmp(again.data(), data, size) == 0);
      FUZZ_CHECK(layout.total_size() == size);
    } else {
      FUZZ_CHECK(rewritten_after_cut(data, size, again));
    }
    FUZZ_CHECK(monero_json_looks_whole(cryptonote::obj_to_json_str(tx)));
    const crypto::hash from_blob = cncrypto::get_transaction_hashes_from_blob(blob).hash;
    FUZZ_CHECK(from_blob == cryptonote::get_transaction_hash(tx));
    // The prefix parser reads the same prefix.
    std::size_t prefix_size = 0;
    const cryptonote::transaction_prefix prefix = cncrypto::parse_transaction_prefix(blob, &prefix_size);
    if (layout.canonical) FUZZ_CHECK(prefix_size == layout.prefix_size);
    FUZZ_CHECK(cncrypto::tx_prefix_to_blob(prefix) == cncrypto::tx_prefix_to_blob(tx));
    // The unprunable part of a canonical blob parses as the pruned transaction.
    if (layout.canonical && tx.version == 2) {
      const cncrypto::byte_span base(data, layout.unprunable_size());
      const cryptonote::transaction pruned = cncrypto::parse_pruned_transaction(base);
      const cryptonote::blobdata pruned_blob = cryptonote::tx_to_blob(pruned);
      FUZZ_CHECK(pruned_blob.size() == base.size && std::memcmp(pruned_blob.data(), data, base.size) == 0);
    }
  }
  // The pruned parser alone: whatever it accepts and is canonical writes back the same.
  try {
    cncrypto::transaction_layout pruned_layout;
    const cryptonote::transaction pruned = cncrypto::parse_pruned_transaction(blob, &pruned_layout);
    const cryptonote::blobdata again = cryptonote::tx_to_blob(pruned);
    if (pruned_layout.canonical) FUZZ_CHECK(again.size() == size && std::memcmp(again.data(), data, size) == 0);
    FUZZ_CHECK(monero_json_looks_whole(cryptonote::obj_to_json_str(pruned)));
    cryptonote::transaction wrapped_base;
    FUZZ_CHECK(cncrypto::parse_and_validate_tx_base_from_blob_strict(blob, wrapped_base));
    FUZZ_CHECK(cryptonote::tx_to_blob(wrapped_base) == again);
    // Monero's name reads the same base (it only also allows bytes after it).
    cryptonote::transaction monero_base;
    FUZZ_CHECK(cryptonote::parse_and_validate_tx_base_from_blob(blob, monero_base));
    FUZZ_CHECK(cryptonote::tx_to_blob(monero_base) == again);
  } catch (const cncrypto::parse_error &) {
  }
  return 0;
}
