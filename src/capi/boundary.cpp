// The exception half of the C ABI's error mapping (boundary.h has the table).
#include "boundary.h"

#include <new>
#include <stdexcept>

#include "common/binary_reader.h"  // cncrypto::parse_error
#include "crypto/rx-slow-hash.h"     // crypto_randomx_available
#include "cryptonote/address.h"    // cncrypto::address_error
#include "cryptonote/base58.h"     // cncrypto::base58::decode_error
#include "cryptonote/block_pow.h"  // cncrypto::pow_error
#include "cryptonote/wallet_keys_file.h"  // cncrypto::keys_file_error
#include "mnemonics/cncrypto_seed.h"      // cncrypto::seed_error
#include "mnemonics/polyseed.h"           // cncrypto::polyseed::polyseed_error

namespace cncrypto::capi {

failure failure_of_current_exception() noexcept {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return failure::no_memory;
  } catch (const cncrypto::parse_error &) {
    return failure::decode;
  } catch (const cncrypto::pow_error &e) {
    return e.error_kind() == cncrypto::pow_error::kind::seed_required ? failure::bad_argument : failure::decode;
  } catch (const cncrypto::address_error &) {  // every kind: the string is not an address (of that network)
    return failure::decode;
  } catch (const cncrypto::base58::decode_error &) {
    return failure::decode;
  } catch (const cncrypto::seed_error &e) {
    using k = cncrypto::seed_error::kind;
    return e.error_kind() == k::unknown_language || e.error_kind() == k::bad_length ? failure::bad_argument
                                                                                     : failure::decode;
  } catch (const cncrypto::polyseed::polyseed_error &e) {
    using k = cncrypto::polyseed::polyseed_error::kind;
    if (e.error_kind() == k::bad_argument) return failure::bad_argument;
    return e.error_kind() == k::unsupported ? failure::unsupported : failure::decode;
  } catch (const cncrypto::keys_file_error &e) {
    using k = cncrypto::keys_file_error::kind;
    switch (e.error_kind()) {
      case k::io: return failure::io;
      case k::wrong_password: return failure::verify;
      case k::unsupported: return failure::unsupported;
      case k::truncated:
      case k::bad_format:
      case k::keys_mismatch: return failure::decode;
    }
    return failure::internal;
  } catch (const std::logic_error &) {  // invalid_argument, length_error, out_of_range, ...: misuse
    return failure::bad_argument;
  } catch (const std::runtime_error &) {
    // The RandomX functions of a build without librandomx throw runtime_error.
    return crypto_randomx_available() ? failure::internal : failure::unsupported;
  } catch (...) {
    return failure::internal;
  }
}

}  // namespace cncrypto::capi
