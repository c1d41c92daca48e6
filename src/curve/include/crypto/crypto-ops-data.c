/* Monero's src/crypto/crypto-ops-data.c path, for programs that #include
 * Monero's source file (Monero's tests/crypto does). The constants (fe_d,
 * ge_base, ...) are in libcncrypto; this file only declares them
 * (crypto/crypto-ops.h) and defines nothing. docs/monero_api.md. */
#include "crypto/crypto-ops.h"
