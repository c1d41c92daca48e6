// Which peer libraries this build has (see peers.h).
#include "peers.h"

#include <sstream>

namespace cncrypto::peers {

namespace {
// "name version" of each library tag in this build, in the order given.
template <typename... libs>
std::vector<std::string> names_and_versions() {
  std::vector<std::string> result;
  const auto add = [&result](auto tag) {
    using lib = decltype(tag);
    if constexpr (lib::available) result.push_back(std::string(lib::name) + " " + lib::version());
  };
  (add(libs{}), ...);
  return result;
}
}  // namespace

std::vector<std::string> available() { return names_and_versions<openssl, gcrypt, cryptopp, nettle, libsodium>(); }

std::vector<std::string> missing() {
  std::vector<std::string> result;
  std::istringstream names(CNCRYPTO_PEERS_MISSING);
  for (std::string name; std::getline(names, name, ',');) {
    if (!name.empty()) result.push_back(name);
  }
  return result;
}

}  // namespace cncrypto::peers
