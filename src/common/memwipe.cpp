// epee's memwipe and mlocker (memwipe.h, mlocker.h) over libsodium and mlock(2).
#include "memwipe.h"
#include "mlocker.h"
#include "common/page_locks.h"

#include <sodium.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <vector>

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

// Pages whose last hold went but that are still mlocked, oldest first, at most
// kept_limit: a secret that comes back to a page (a stack frame, a reused heap
// block: every crypto::secret_key temporary) then costs no mlock/munlock system
// call pair (about 3 us each time here, docs/measurements/secret_key.md). Their
// contents were wiped by their owners; they are no longer counted as locked
// (get_num_locked_pages), and are munlocked when pushed out or when an mlock is
// refused (RLIMIT_MEMLOCK), so they never take another secret's place.
constexpr std::size_t kept_limit = 8;

// One held page. The table is a vector sorted by page number rather than a
// std::map: the tree's rebalancing lives in the compiled libstdc++, which
// MemorySanitizer builds (scripts/ct_msan.sh) do not instrument, so every
// lookup in a std::map built there reads as uninitialised. The table is small
// (the pages that hold live secrets), so a binary search and a shift are cheap.
struct held_page {
  std::uintptr_t page;
  std::size_t holds;
  bool locked;  // whether mlock succeeded
};

struct page_table {
  std::mutex mutex;
  std::vector<held_page> pages;  // sorted by page, holds > 0
  std::size_t objects = 0;  // epee::mlocker::lock calls not yet unlocked
  std::uintptr_t kept[kept_limit] = {};
  std::size_t kept_count = 0;
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

#if defined(CNCRYPTO_HAVE_MLOCK)
// Whether page was kept locked (and now is not kept any more). Caller holds t.mutex.
bool take_kept(page_table &t, std::uintptr_t page) noexcept {
  for (std::size_t i = 0; i < t.kept_count; ++i)
    if (t.kept[i] == page) {
      for (std::size_t j = i + 1; j < t.kept_count; ++j) t.kept[j - 1] = t.kept[j];
      --t.kept_count;
      return true;
    }
  return false;
}

// munlocks every kept page. Caller holds t.mutex.
void drop_kept(page_table &t) noexcept {
  for (std::size_t i = 0; i < t.kept_count; ++i)
    ::munlock(reinterpret_cast<const void *>(t.kept[i] * page_size()), page_size());
  t.kept_count = 0;
}

// mlock of one page, or none if it was kept locked; on a refusal the kept
// pages are given back and the mlock tried once more. Caller holds t.mutex.
bool lock_one_page(page_table &t, std::uintptr_t page) noexcept {
  if (take_kept(t, page)) return true;
  const void *p = reinterpret_cast<const void *>(page * page_size());
  if (::mlock(p, page_size()) == 0) return true;
  if (t.kept_count == 0) return false;
  drop_kept(t);
  return ::mlock(p, page_size()) == 0;
}

// The page's last hold went: keep it locked (pushing out, and munlocking, the
// oldest kept page when full). Caller holds t.mutex.
void keep_page(page_table &t, std::uintptr_t page) noexcept {
  if (t.kept_count == kept_limit) {
    ::munlock(reinterpret_cast<const void *>(t.kept[0] * page_size()), page_size());
    for (std::size_t j = 1; j < kept_limit; ++j) t.kept[j - 1] = t.kept[j];
    --t.kept_count;
  }
  t.kept[t.kept_count++] = page;
}
#endif

// Takes one hold on each page of [first, last]; next is the first page not
// yet held (so that a std::bad_alloc of the map can be undone). Caller holds
// t.mutex.
bool hold_pages(page_table &t, std::uintptr_t first, std::uintptr_t last, std::uintptr_t &next) {
  bool all = true;
  for (next = first;;) {
    auto it = std::lower_bound(t.pages.begin(), t.pages.end(), next,
                               [](const held_page &h, std::uintptr_t page) { return h.page < page; });
    if (it == t.pages.end() || it->page != next) {
      it = t.pages.insert(it, held_page{next, 0, false});  // may throw std::bad_alloc
#if defined(CNCRYPTO_HAVE_MLOCK)
      it->locked = lock_one_page(t, next);
#endif
    }
    ++it->holds;
    all = all && it->locked;
    if (next++ == last) break;
  }
  return all;
}

// Releases one hold of each page of [first, last]. Caller holds t.mutex.
void release_pages(page_table &t, std::uintptr_t first, std::uintptr_t last) noexcept {
  for (std::uintptr_t page = first;; ++page) {
    const auto it = std::lower_bound(t.pages.begin(), t.pages.end(), page,
                                     [](const held_page &h, std::uintptr_t p) { return h.page < p; });
    if (it != t.pages.end() && it->page == page && --it->holds == 0) {
#if defined(CNCRYPTO_HAVE_MLOCK)
      if (it->locked) keep_page(t, page);
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
