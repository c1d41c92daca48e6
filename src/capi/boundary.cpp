// The exception half of the C ABI's error mapping (boundary.h has the table).
#include "boundary.h"

#include <new>
#include <stdexcept>

#include "common/binary_reader.h"  // cncrypto::parse_error
#include "crypto/rx-slow-hash.h"     // crypto_randomx_available
#include "cryptonote/block_pow.h"  // cncrypto::pow_error

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
