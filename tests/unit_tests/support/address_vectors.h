// The real wallet of ../shared/data/vectors/addresses.json (Monero's
// functional tests): keys, standard and integrated addresses, six
// subaddresses. For tests decorated with needs_shared() (support/shared_data.h).
#pragma once

#include "support/shared_data.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>

namespace cncrypto::test {

// The "wallet" object of addresses.json. Throws std::runtime_error when the
// file cannot be read.
inline nlohmann::json shared_wallet() {
  const auto path = shared_path("data/vectors/addresses.json");
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return nlohmann::json::parse(in).at("wallet");
}

}  // namespace cncrypto::test
