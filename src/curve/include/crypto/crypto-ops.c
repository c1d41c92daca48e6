/* Monero's src/crypto/crypto-ops.c path, for programs that #include Monero's
 * source file (Monero's tests/crypto does). The functions are compiled into
 * libcncrypto; this file only declares them (crypto/crypto-ops.h) and defines
 * nothing, so including it anywhere is harmless. docs/monero_api.md. */
#include "crypto/crypto-ops.h"
