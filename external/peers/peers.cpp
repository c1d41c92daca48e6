// Which peer libraries this build has (see peers.h).
#include "peers.h"

#include <sstream>

namespace cncrypto::peers {

std::vector<std::string> available() {
  std::vector<std::string> result;
#if CNCRYPTO_PEER_OPENSSL
  result.push_back("openssl " + openssl::version());
#endif
#if CNCRYPTO_PEER_GCRYPT
  result.push_back("gcrypt " + gcrypt::version());
#endif
#if CNCRYPTO_PEER_CRYPTOPP
  result.push_back("cryptopp " + cryptopp::version());
#endif
#if CNCRYPTO_PEER_NETTLE
  result.push_back("nettle " + nettle::version());
#endif
  result.push_back("libsodium " + libsodium::version());
  return result;
}

std::vector<std::string> missing() {
  std::vector<std::string> result;
  std::istringstream names(CNCRYPTO_PEERS_MISSING);
  for (std::string name; std::getline(names, name, ',');) {
    if (!name.empty()) result.push_back(name);
  }
  return result;
}

}  // namespace cncrypto::peers
