// Deliberate declassification of secret-derived values, for the constant-time
// check under valgrind (tests/unit_tests/ct).
//
// That check marks secret inputs as undefined memory, so memcheck reports every
// branch or memory index that depends on them. A few values computed from
// secrets are public by design (a signature's c and r, the one bit "this
// random candidate was rejected") and the code branches on them; each such
// place calls CNCRYPTO_DECLASSIFY(ptr, len) and says why in a comment.
//
// When valgrind/memcheck.h was found at configure time (CNCRYPTO_HAVE_MEMCHECK)
// this is VALGRIND_MAKE_MEM_DEFINED: a few no-op instructions when the
// program does not run under valgrind. In a MemorySanitizer build
// (CNCRYPTO_SANITIZE_MEMORY, the same check for the AVX-512 code valgrind cannot
// run) it is __msan_unpoison. Otherwise it compiles to nothing.
#pragma once

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CNCRYPTO_CT_MSAN 1
#endif
#endif

#if defined(CNCRYPTO_CT_MSAN)
#include <sanitizer/msan_interface.h>
#define CNCRYPTO_DECLASSIFY(ptr, len) __msan_unpoison((ptr), (len))
#elif defined(CNCRYPTO_HAVE_MEMCHECK)
#include <valgrind/memcheck.h>
#define CNCRYPTO_DECLASSIFY(ptr, len) ((void)VALGRIND_MAKE_MEM_DEFINED((ptr), (len)))
#else
#define CNCRYPTO_DECLASSIFY(ptr, len) ((void)(ptr), (void)(len))
#endif
