/* Monero's src/crypto/keccak.c path, for programs that #include Monero's source
 * file (Monero's tests/crypto does). keccak, keccakf, keccak1600 and the
 * KECCAK_CTX functions are in libcncrypto; this file only declares them
 * (crypto/keccak.h) and defines nothing. docs/monero_api.md. */
#include "crypto/keccak.h"
