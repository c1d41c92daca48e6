/* Monero's epee memwipe.h (contrib/epee/include/memwipe.h, included as
 * "memwipe.h"): a wipe the compiler may not remove, and tools::scrubbed, a
 * wrapper that wipes its value when destroyed. Usable from C (memwipe only).
 * Implementation: libsodium's sodium_memzero. */
#pragma once

#ifdef __cplusplus
#include <array>
#include <cstddef>
#include <type_traits>

extern "C" {
#else
#include <stddef.h>
#endif

/* Overwrites src[0..n) with zeros in a way the compiler does not elide, and
 * returns src. n == 0 does nothing (src may then be NULL); src NULL with n > 0
 * does nothing either (Monero would crash). Time depends only on n.
 * Source: Monero memwipe (epee). */
void *memwipe(void *src, size_t n);

#ifdef __cplusplus
}

namespace tools {

/* T with a destructor that wipes its bytes (memwipe). T must be trivially
 * copyable and trivially destructible, so that wiping its bytes is a complete
 * clean-up (Monero asks for a POD type; an array or a plain struct of bytes
 * is both). scrub() wipes now. Source: Monero tools::scrubbed (epee
 * memwipe.h). */
template <class T>
struct scrubbed : public T {
  using type = T;

  ~scrubbed() { scrub(); }

  void scrub() {
    static_assert(std::is_trivially_copyable<T>::value, "tools::scrubbed<T>: T must be trivially copyable");
    static_assert(std::is_trivially_destructible<T>::value, "tools::scrubbed<T>: T must be trivially destructible");
    memwipe(static_cast<T *>(this), sizeof(T));
  }
};

/* The wrapped value. Source: Monero tools::unwrap (epee memwipe.h). */
template <typename T>
T &unwrap(scrubbed<T> &src) {
  return src;
}
template <typename T>
const T &unwrap(scrubbed<T> const &src) {
  return src;
}

/* N values of T, wiped when destroyed. Source: Monero tools::scrubbed_arr. */
template <class T, std::size_t N>
using scrubbed_arr = scrubbed<std::array<T, N>>;

}  // namespace tools
#endif
