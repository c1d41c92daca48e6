// epee's memwipe and mlocker (memwipe.h, mlocker.h) over libsodium and mlock(2).
#include "memwipe.h"
#include "mlocker.h"
#include "common/page_locks.h"

#include <sodium.h>

#include <map>
#include <mutex>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define CNCRYPTO_HAVE_MLOCK 1
#endif

extern "C" void *memwipe(void *src, size_t n) {
  if (src != nullptr && n != 0) sodium_memzero(src, n);
  return src;
}

namespace cncrypto::detail {

namespace {

struct page_table {
  std::mutex mutex;
  // page number -> (holds, whether mlock succeeded)
  std::map<std::uintptr_t, std::pair<std::size_t, bool>> pages;
  std::size_t objects = 0;  // epee::mlocker::lock calls not yet unlocked
};

page_table &table() {
  static page_table *const instance = new page_table;  // never destroyed: objects may unlock during exit
  return *instance;
}

// [first, last] page numbers of [ptr, ptr + size); false for size 0.
bool page_range(const void *ptr, std::size_t size, std::uintptr_t &first, std::uintptr_t &last) {
  if (size == 0) return false;
  const std::uintptr_t ps = page_size();
  const std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(ptr);
  if (begin > UINTPTR_MAX - (size - 1)) return false;  // wraps the address space: no such object
  first = begin / ps;
  last = (begin + size - 1) / ps;
  return true;
}

// Takes one hold on each page of [first, last]; next is the first page not
// yet held (so that a std::bad_alloc of the map can be undone). Caller holds
// t.mutex.
bool hold_pages(page_table &t, std::uintptr_t first, std::uintptr_t last, std::uintptr_t &next) {
  bool all = true;
  for (next = first;;) {
    auto &entry = t.pages[next];
    if (entry.first++ == 0) {
#if defined(CNCRYPTO_HAVE_MLOCK)
      entry.second = ::mlock(reinterpret_cast<const void *>(next * page_size()), page_size()) == 0;
#else
      entry.second = false;
#endif
    }
    all = all && entry.second;
    if (next++ == last) break;
  }
  return all;
}

// Releases one hold of each page of [first, last]. Caller holds t.mutex.
void release_pages(page_table &t, std::uintptr_t first, std::uintptr_t last) noexcept {
  for (std::uintptr_t page = first;; ++page) {
    const auto it = t.pages.find(page);
    if (it != t.pages.end() && --it->second.first == 0) {
#if defined(CNCRYPTO_HAVE_MLOCK)
      if (it->second.second) ::munlock(reinterpret_cast<const void *>(page * page_size()), page_size());
#endif
      t.pages.erase(it);
    }
    if (page == last) break;
  }
}

// lock_pages under the mutex; throws std::bad_alloc with nothing held.
bool hold_range(page_table &t, const void *ptr, std::size_t size) {
  std::uintptr_t first = 0, last = 0;
  if (ptr == nullptr || !page_range(ptr, size, first, last)) return false;
  std::uintptr_t next = first;
  try {
    return hold_pages(t, first, last, next);
  } catch (...) {
    if (next != first) release_pages(t, first, next - 1);
    throw;
  }
}

void release_range(page_table &t, const void *ptr, std::size_t size) noexcept {
  std::uintptr_t first = 0, last = 0;
  if (ptr == nullptr || !page_range(ptr, size, first, last)) return;
  release_pages(t, first, last);
}

}  // namespace

std::size_t page_size() noexcept {
  static const std::size_t size = [] {
#if defined(CNCRYPTO_HAVE_MLOCK)
    const long n = ::sysconf(_SC_PAGESIZE);
    if (n > 0 && (n & (n - 1)) == 0) return static_cast<std::size_t>(n);
#endif
    return std::size_t{4096};
  }();
  return size;
}

bool lock_pages(const void *ptr, std::size_t size) noexcept {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  try {
    return hold_range(t, ptr, size);
  } catch (...) {  // std::bad_alloc of the page map: the memory stays unlocked
    return false;
  }
}

void unlock_pages(const void *ptr, std::size_t size) noexcept {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  release_range(t, ptr, size);
}

}  // namespace cncrypto::detail

namespace epee {

using cncrypto::detail::page_table;
using cncrypto::detail::table;

mlocker::mlocker(void *ptr, std::size_t len) : locked_ptr(ptr), locked_len(len) { lock(ptr, len); }

mlocker::~mlocker() { unlock(locked_ptr, locked_len); }

std::size_t mlocker::get_page_size() { return cncrypto::detail::page_size(); }

std::size_t mlocker::get_num_locked_pages() {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  return t.pages.size();
}

std::size_t mlocker::get_num_locked_objects() {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  return t.objects;
}

void mlocker::lock(void *ptr, std::size_t len) {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  cncrypto::detail::hold_range(t, ptr, len);  // std::bad_alloc: nothing held, nothing counted
  ++t.objects;
}

void mlocker::unlock(void *ptr, std::size_t len) {
  page_table &t = table();
  std::lock_guard<std::mutex> guard(t.mutex);
  cncrypto::detail::release_range(t, ptr, len);
  if (t.objects != 0) --t.objects;
}

}  // namespace epee
