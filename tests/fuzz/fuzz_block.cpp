// Fuzz target: block blobs (cryptonote/serialization.h).
// Oracles: a canonical block re-serializes to the same bytes; the header parser
// reads the same header; the block id from the received blob equals the id of the
// object except for Monero's one exception (mainnet block 202612, refused when it
// is not that block); obj_to_json_str of the block is a whole object.
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/json.h"
#include "cryptonote/serialization.h"
#include "fuzz_check.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const cncrypto::byte_span blob(data, size);
  cryptonote::block b;
  bool canonical = false;
  try {
    b = cncrypto::parse_block(blob, &canonical);
  } catch (const cncrypto::parse_error &) {
    try {
      cncrypto::parse_block_header(blob);  // must not crash either
    } catch (const cncrypto::parse_error &) {
    }
    return 0;
  }
  const cryptonote::blobdata again = cryptonote::block_to_blob(b);
  if (canonical) {
    FUZZ_CHECK(again.size() == size && std::memcmp(again.data(), data, size) == 0);
  } else {
    FUZZ_CHECK(rewritten_after_cut(data, size, again));
  }
  FUZZ_CHECK(monero_json_looks_whole(cryptonote::obj_to_json_str(b)));
  std::size_t header_size = 0;
  const cryptonote::block_header h = cncrypto::parse_block_header(blob, &header_size);
  FUZZ_CHECK(cncrypto::block_header_to_blob(h) == cncrypto::block_header_to_blob(b));
  const cryptonote::blobdata_ref received(reinterpret_cast<const char *>(data), size);
  crypto::hash with_blob, without_blob;
  const bool ok_with = cryptonote::calculate_block_hash(b, with_blob, &received);
  const bool ok_without = cryptonote::calculate_block_hash(b, without_blob);
  if (ok_with && ok_without) FUZZ_CHECK(with_blob == without_blob || cryptonote::get_block_height(b) == 202612);
  return 0;
}
