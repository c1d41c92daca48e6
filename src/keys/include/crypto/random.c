/* Monero's src/crypto/random.c path, for programs that #include Monero's source
 * file: Monero's tests/crypto does, then sets the generator's state to known
 * bytes (`memset(&state, 42, sizeof(union hash_state))`) so that random_scalar,
 * generate_keys, generate_signature and generate_ring_signature give the
 * results written in its tests.txt.
 *
 * NOT FOR PRODUCTION CODE. Including this file replaces the random source of
 * the whole process: it installs Monero's generator as libsodium's random
 * implementation (randombytes_set_implementation), and libsodium is where every
 * random byte of cncrypto comes from (crypto::rand, random32_unbiased, key
 * generation, signatures). Monero's generator, reproduced here: a 200-byte
 * Keccak state `state` (union hash_state), seeded once from the system's random
 * source before main; each request of n bytes applies Keccak-f[1600]
 * (hash_permutation) to the state and copies its first min(n, 136) bytes, again
 * until n bytes are out. Whoever can read or set `state` knows every later
 * random byte, which is what a test wants and nothing else should.
 *
 * Thread safety: requests are serialised by a mutex (Monero's
 * generate_random_bytes_thread_safe). Writing `state` directly is not.
 * Needs libsodium's headers (Debian libsodium-dev, already a dependency of
 * cncrypto) and POSIX threads. Source: Monero crypto/random.c. */
#include <pthread.h>
#include <sodium.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "crypto/hash-ops.h"

static union hash_state state;
static pthread_mutex_t cncrypto_monero_random_lock = PTHREAD_MUTEX_INITIALIZER;

/* Monero's generate_random_bytes_not_thread_safe: n bytes from `state`. */
static void cncrypto_monero_random_bytes(void *out, size_t n) {
  unsigned char *p = (unsigned char *)out;
  pthread_mutex_lock(&cncrypto_monero_random_lock);
  while (n > 0) {
    const size_t take = n < HASH_DATA_AREA ? n : HASH_DATA_AREA;
    hash_permutation(&state);
    memcpy(p, state.b, take);
    p += take;
    n -= take;
  }
  pthread_mutex_unlock(&cncrypto_monero_random_lock);
}

static uint32_t cncrypto_monero_random_u32(void) {
  uint32_t v;
  cncrypto_monero_random_bytes(&v, sizeof v);
  return v;
}

static const char *cncrypto_monero_random_name(void) { return "monero-random.c"; }

static randombytes_implementation cncrypto_monero_random = {
    cncrypto_monero_random_name, /* implementation_name */
    cncrypto_monero_random_u32,  /* random */
    NULL,                        /* stir */
    NULL,                        /* uniform: libsodium derives it from random */
    cncrypto_monero_random_bytes, /* buf */
    NULL                         /* close */
};

/* Seeds `state` from the system (libsodium's default source, before it is
 * replaced) and installs the generator, before main (Monero's init_random).
 * sodium_init runs here too, so that the bytes libsodium draws for itself
 * when it starts (its guard-page canary) come before a program's own setting
 * of `state`, not after it. */
__attribute__((constructor)) static void cncrypto_monero_random_init(void) {
  randombytes_buf(&state, sizeof state);
  randombytes_set_implementation(&cncrypto_monero_random);
  const int started = sodium_init(); /* < 0: libsodium cannot start; cncrypto's first
                                       random request then throws */
  (void)started;
}
