// Monero's epee mlocker.h (contrib/epee/include/mlocker.h, included as
// "mlocker.h"): keeping secrets out of swap by locking their memory pages.
//
// Locks are counted per page, process-wide, so two objects on one page do not
// unlock each other: a page is locked (mlock(2)) when its first holder comes;
// when its last goes it stops counting as locked, and is munlocked once 8 more
// recently released pages are kept locked after it (so a secret that comes
// back to the same page, every crypto::secret_key temporary on a stack, costs
// no mlock/munlock system calls; Monero munlocks at once). Locking can fail
// (RLIMIT_MEMLOCK, containers): that is never an error, the kept pages are
// munlocked and the mlock tried once more; a page still refused is counted (as
// in Monero) but stays swappable. Monero logs the first failure; we say
// nothing. Where the platform has no mlock (not POSIX), the counting happens
// and nothing is locked. Thread safe.
#pragma once

#include <array>
#include <cstddef>

namespace epee {

// Holds a lock on the pages of [ptr, ptr + len) from construction to
// destruction. len 0 locks no page but counts as a locked object (as in
// Monero). Source: Monero epee::mlocker.
class mlocker {
 public:
  mlocker(void *ptr, std::size_t len);
  ~mlocker();
  mlocker(const mlocker &) = delete;
  mlocker &operator=(const mlocker &) = delete;

  // The page size in bytes (sysconf(_SC_PAGESIZE); 4096 where it is unknown).
  static std::size_t get_page_size();
  // Pages that hold at least one lock now.
  static std::size_t get_num_locked_pages();
  // lock() calls not yet matched by unlock() (an mlocker object is one).
  static std::size_t get_num_locked_objects();

  // Takes one lock on each page of [ptr, ptr + len) and counts one object.
  // Throws std::bad_alloc only if the page table cannot grow (nothing is then
  // locked).
  static void lock(void *ptr, std::size_t len);
  // Releases one lock of each page of [ptr, ptr + len) and uncounts the
  // object. A page that holds no lock is left alone. Never throws.
  static void unlock(void *ptr, std::size_t len);

 private:
  void *locked_ptr;
  std::size_t locked_len;
};

// T whose memory is locked for the object's whole life (mlocker::lock in
// every constructor, unlock in the destructor). A copy or a move locks the new
// object's own memory; assignment copies the value only. Source: Monero
// epee::mlocked (secret keys are mlocked<tools::scrubbed<...>>).
template <class T>
struct mlocked : public T {
  using type = T;

  mlocked() : T() { mlocker::lock(this, sizeof(T)); }
  mlocked(const T &t) : T(t) { mlocker::lock(this, sizeof(T)); }
  mlocked(const mlocked<T> &mt) : T(mt) { mlocker::lock(this, sizeof(T)); }
  mlocked(const T &&t) : T(t) { mlocker::lock(this, sizeof(T)); }
  mlocked(const mlocked<T> &&mt) : T(mt) { mlocker::lock(this, sizeof(T)); }
  mlocked<T> &operator=(const mlocked<T> &mt) {
    T::operator=(mt);
    return *this;
  }
  ~mlocked() { mlocker::unlock(this, sizeof(T)); }
};

// The wrapped value. Source: Monero epee::unwrap (mlocker.h).
template <typename T>
T &unwrap(mlocked<T> &src) {
  return src;
}
template <typename T>
const T &unwrap(mlocked<T> const &src) {
  return src;
}

// N values of T in locked memory. Source: Monero epee::mlocked_arr.
template <class T, std::size_t N>
using mlocked_arr = mlocked<std::array<T, N>>;

}  // namespace epee
