// The binary reader and writer moved to the common layer
// (common/binary_reader.h, common/binary_writer.h); this path stays for code
// written against it: cryptonote::binary_reader, binary_writer, parse_error,
// byte_span and blobdata are the same names as before.
#pragma once

#include "common/binary_reader.h"
#include "common/binary_writer.h"
