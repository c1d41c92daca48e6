// cncrypto.h compiles alone as C++ (-std=c++11 -pedantic -Wall -Wextra -Werror) with
// C linkage for its functions.
#include "cncrypto.h"

int header_cxx_probe();
int header_cxx_probe() {
  int (*f)(const uint8_t *, size_t, uint8_t *) = &cncrypto_cn_fast_hash;
  return f != nullptr ? CNCRYPTO_OK : CNCRYPTO_EINTERNAL;
}
