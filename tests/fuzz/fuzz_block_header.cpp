// Fuzz target: block headers (cryptonote/serialization.h parse_block_header),
// the first part of a block blob and what a miner's hashing blob starts with.
// Oracles: a header that parses writes back (block_header_to_blob) to the bytes
// it was read from, except when the blob ended inside or instead of the last
// varint (Monero reads the bits present): then it was read to the end and
// writes back to other bytes that keep everything before the cut. A whole block that parses has the
// same header.
#include "cryptonote/serialization.h"
#include "fuzz_check.h"

#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const cncrypto::byte_span blob(data, size);
  cryptonote::block_header h;
  std::size_t header_size = 0;
  try {
    h = cncrypto::parse_block_header(blob, &header_size);
  } catch (const cncrypto::parse_error &) {
    return 0;
  }
  FUZZ_CHECK(header_size <= size);
  const cryptonote::blobdata again = cncrypto::block_header_to_blob(h);
  const bool same = again.size() == header_size && std::memcmp(again.data(), data, header_size) == 0;
  FUZZ_CHECK(same || (header_size == size && rewritten_after_cut(data, size, again)));
  cryptonote::block b;
  std::string error;
  if (cryptonote::parse_and_validate_block_from_blob(blob, b, &error)) {
    FUZZ_CHECK(cncrypto::block_header_to_blob(b) == again);
  }
  return 0;
}
