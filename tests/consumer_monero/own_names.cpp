// A Monero program's own names in namespace cryptonote (and cryptonote::base58)
// beside cncrypto's headers, compiled against the installed package with
// Monero's include paths only (scripts/test-consumer.sh). cncrypto's own format
// names (binary_reader, byte_span, parse_transaction, block_pow, ...) are in
// namespace cncrypto, so a program may use those words for its own entities.
// Each definition below clashes with the entity cncrypto had under that name
// (a struct for a class or enum, a variable for a function or a constant): if
// cncrypto's headers declared the name in cryptonote:: again, the definition
// would be a redefinition or a redeclaration as a different kind of entity, and
// this file would not compile.
// The values are our own; the run checks that the program sees its own
// definitions (not cncrypto's) under `using namespace cryptonote`.
#include <cstdint>
#include <string>

#include "check.h"
#include "common/base58.h"
#include "cryptonote_basic/cryptonote_basic.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "cryptonote_core/cryptonote_tx_utils.h"

namespace cryptonote {

// common/binary_reader.h, common/binary_writer.h
struct byte_span {
  int size = 1;
};
struct binary_reader {
  int offset = 2;
};
struct binary_writer {
  int written = 3;
};
struct parse_error {
  int code = 4;
};
// cryptonote/cryptonote_basic.h
const int current_transaction_version = 5;
const int max_tx_per_block = 6;
const int txin_gen_tag = 7;
// cryptonote/serialization.h, cryptonote/cryptonote_format_utils.h
const int parse_transaction = 8;
const int parse_block = 9;
const int tx_prefix_to_blob = 10;
struct transaction_layout {
  int parts = 11;
};
const int get_transaction_hashes_from_blob = 12;
struct transaction_hashes {
  int n = 13;
};
const int generate_genesis_block = 14;
// cryptonote/block_pow.h
struct block_pow {
  int algorithm = 15;
};
const int get_block_pow = 16;
const int get_block_longhash = 17;
struct pow_error {
  int kind = 18;
};

namespace base58 {
// cryptonote/base58.h's names were cryptonote::base58 before the move
struct decoded_addr {
  int tag = 19;
};
struct error_kind {
  int kind = 20;
};
}  // namespace base58

}  // namespace cryptonote

using namespace cryptonote;

int main() {
  const char *me = "monero_idiom_own_names";
  const int types = byte_span().size + binary_reader().offset + binary_writer().written + parse_error().code +
                    transaction_layout().parts + transaction_hashes().n + block_pow().algorithm + pow_error().kind +
                    base58::decoded_addr().tag + base58::error_kind().kind;
  const int values = current_transaction_version + max_tx_per_block + txin_gen_tag + parse_transaction +
                     parse_block + tx_prefix_to_blob + get_transaction_hashes_from_blob + generate_genesis_block +
                     get_block_pow + get_block_longhash;
  // 1+2+3+4+11+13+15+18+19+20 = 106; 5+6+7+8+9+10+12+14+16+17 = 104
  monero_idiom::check(me, "own types in cryptonote:: (no clash with cncrypto's)", types == 106);
  monero_idiom::check(me, "own variables named like cncrypto's functions and constants", values == 104);
  // Monero's names are still there beside them.
  std::string text;
  monero_idiom::check(me, "tools::base58 beside an own cryptonote::base58",
                      tools::base58::encode(std::string("\x00", 1)) == "11" &&
                          tools::base58::decode("11", text) && text == std::string("\x00", 1));
  cryptonote::transaction tx;
  tx.version = 1;
  cryptonote::txin_gen in;
  in.height = 5;
  tx.vin.push_back(in);
  const cryptonote::blobdata blob = cryptonote::tx_to_blob(tx);
  cryptonote::transaction back;
  monero_idiom::check(me, "Monero's tx_to_blob / parse_and_validate_tx_from_blob",
                      cryptonote::parse_and_validate_tx_from_blob(blob, back) && back.vin.size() == 1);
  return 0;
}
