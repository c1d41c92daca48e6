// Internal: naming the element a parse error happened in. Used by the
// transaction parser (src/format/serialization.cpp) and the RingCT reader
// (src/ringct/rctSerialization.cpp). Not part of the public API.
#pragma once

#include "common/binary_reader.h"

#include <cstddef>
#include <string>

namespace cncrypto {

// Runs f; a parse_error escaping it gets "context N: " in front of its reason
// (same offset), e.g. "input 3: key image: unexpected end of input". Free on
// the success path (only the throwing path pays). Variable time.
template <class F>
void with_parse_context(const char *context, std::size_t index, F &&f) {
  try {
    f();
  } catch (const parse_error &e) {
    throw parse_error(std::string(context) + " " + std::to_string(index) + ": " + e.reason(), e.offset());
  }
}

}  // namespace cncrypto
