// The binary reader and writer moved to the common layer
// (common/binary_reader.h, common/binary_writer.h); this path stays for code
// written against it. binary_reader, binary_writer, parse_error and byte_span
// are in namespace cncrypto (cncrypto's own names); blobdata stays
// cryptonote::blobdata (Monero's name).
#pragma once

#include "common/binary_reader.h"
#include "common/binary_writer.h"
