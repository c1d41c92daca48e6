// The process-wide page-lock table behind epee::mlocker (mlocker.h) and
// crypto's secret memory helpers: each page of a locked range holds a count,
// mlock(2) when it goes 0 -> 1, munlock when it goes back to 0 (counts are
// kept even where mlock fails or does not exist). Thread safe. src/common/memwipe.cpp.
#pragma once

#include <cstddef>

namespace cncrypto::detail {

// The page size in bytes (a power of two; 4096 where the system does not say).
std::size_t page_size() noexcept;

// Takes one hold on each page of [ptr, ptr + size). Returns true if every one
// of those pages is locked in memory, false if any is not (mlock refused,
// no mlock on this platform, ptr null or size 0, or no memory for the table:
// then nothing is held). Call unlock_pages with the same arguments in every
// case but the last two. Never throws.
bool lock_pages(const void *ptr, std::size_t size) noexcept;

// Releases one hold of each page of [ptr, ptr + size); a page without a hold
// is left alone. Never throws.
void unlock_pages(const void *ptr, std::size_t size) noexcept;

}  // namespace cncrypto::detail
