/* Monero's src/crypto/hash.c path, for programs that #include Monero's source
 * file (Monero's tests/crypto does). hash_permutation, hash_process and
 * cn_fast_hash are in libcncrypto; this file only declares them
 * (crypto/hash-ops.h) and defines nothing. docs/monero_api.md. */
#include "crypto/hash-ops.h"
