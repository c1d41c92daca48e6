// cnutil pow: the proof-of-work hash of block blobs (docs/cnutil.md, docs/pow.md).
#pragma once

#include <string>
#include <vector>

namespace cncrypto::tools {

// Runs "cnutil pow ARGS...": parsing and printing only, the work is
// cncrypto::get_block_pow / get_blob_pow (cryptonote/block_pow.h). Returns
// the exit status (0, or 1 when an input failed or missed --difficulty);
// throws usage_error (cnutil_command.h) for a bad command line.
int run_pow(const std::vector<std::string> &args);

}  // namespace cncrypto::tools
