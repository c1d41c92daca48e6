/* cncrypto.h compiles alone as strict C99 (-std=c99 -pedantic -Wall -Wextra -Werror). */
#include "cncrypto.h"
#include "cncrypto.h" /* and twice (include guard) */

int header_c99_probe(void);
int header_c99_probe(void) { return CNCRYPTO_OK + (int)CNCRYPTO_HASH_BYTES + CNCRYPTO_ABI_VERSION; }
