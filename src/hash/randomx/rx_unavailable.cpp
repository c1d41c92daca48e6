// The RandomX hashing functions of crypto/rx-slow-hash.h in a build without
// librandomx (CMake did not find librandomx-dev): each throws, naming the
// missing package; rx_seedheight(s) (rx_seedheight.cpp) still work.
#include <memory>
#include <stdexcept>
#include <string>

#include "crypto/hash.h"
#include "crypto/rx-handles.h"
#include "crypto/rx-slow-hash.h"
#include "hash/randomx.h"

namespace {
[[noreturn]] void missing(const char *function) {
  throw std::runtime_error(std::string(function) +
                           ": cncrypto was built without librandomx (install the Debian package "
                           "librandomx-dev and rebuild); RandomX hashing is unavailable");
}
}  // namespace

extern "C" void rx_set_main_seedhash(const char *, size_t) { missing("rx_set_main_seedhash"); }
extern "C" void rx_slow_hash(const char *, const void *, size_t, char *) { missing("rx_slow_hash"); }
extern "C" void rx_slow_hash_allocate_state(void) {}
extern "C" void rx_slow_hash_free_state(void) {}
extern "C" int crypto_randomx_available(void) { return 0; }

namespace {
thread_local std::uint32_t tl_miner_thread = 0;
}  // namespace

extern "C" void rx_set_miner_thread(uint32_t value, size_t) { tl_miner_thread = value; }
extern "C" uint32_t rx_get_miner_thread(void) { return tl_miner_thread; }

namespace cncrypto {
void rx_slow_hash(const std::string &, const void *, std::size_t, crypto::hash &) { missing("cncrypto::rx_slow_hash"); }
void rx_set_fast_mode(bool) {}
bool rx_fast_mode() { return false; }
}  // namespace cncrypto

namespace crypto {
void rx_hash_with_key(const void *, std::size_t, const void *, std::size_t, char *) { missing("rx_hash_with_key"); }
std::shared_ptr<randomx_cache> rx_light_cache(const void *, std::size_t) { missing("rx_light_cache"); }
int rx_light_vm_flags() { missing("rx_light_vm_flags"); }
rx_light_cache_counts rx_light_cache_counters() { return {}; }  // no cache is ever built
void rx_reset_light_cache_peak() {}
}  // namespace crypto

namespace cncrypto::rx {
struct cache {};
struct dataset {};
struct vm {};
std::shared_ptr<const cache> make_cache(const void *, std::size_t) { missing("cncrypto::rx::make_cache"); }
std::shared_ptr<const dataset> make_dataset(const std::shared_ptr<const cache> &, unsigned) {
  missing("cncrypto::rx::make_dataset");
}
std::shared_ptr<vm> make_vm(const std::shared_ptr<const cache> &, const std::shared_ptr<const dataset> &) {
  missing("cncrypto::rx::make_vm");
}
void hash(vm &, const void *, std::size_t, std::uint8_t *) { missing("cncrypto::rx::hash"); }
}  // namespace cncrypto::rx
