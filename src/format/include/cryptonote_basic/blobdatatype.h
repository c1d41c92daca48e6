// Monero's cryptonote_basic/blobdatatype.h: cryptonote::blobdata, the
// serialized bytes of an object (std::string, as in Monero), and
// cryptonote::blobdata_ref (boost::string_ref over such bytes).
// blobdata is defined once, in common/binary_writer.h.
#pragma once

#include <boost/utility/string_ref.hpp>
#include <string>

#include "common/binary_writer.h"

namespace cryptonote {
typedef boost::string_ref blobdata_ref;
}  // namespace cryptonote
