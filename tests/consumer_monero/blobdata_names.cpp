// Monero-idiom consumer program (our own code): cryptonote::blobdata used as the
// std::string it is in Monero (built with string operations, compared with ==,
// cut with substr, viewed as a blobdata_ref), the blob functions with Monero's
// signatures (parse_and_validate_tx_from_blob, tx_to_blob's two forms,
// t_serializable_object_to_blob, get_blob_hash's two forms, the tx_extra nonce
// helpers), and the tx-key proofs with boost::optional<public_key> as Monero's
// crypto.h declares them.
//
// Expected values: the blob is written out by hand from Monero's serialization
// (docs/formats.md): version 01, unlock_time 00, one input ff (txin_gen) of
// height 05, one output of amount 07 with tag 02 (txout_to_key) and its key,
// an extra of 33 bytes (01 || key). A v1 transaction's id is cn_fast_hash of
// its blob; a payment-id nonce is 00 || the 32-byte id (33 bytes). The proofs
// use fresh keys: what is checked is that a proof verifies for its own
// statement (with and without B) and not for another (other B, other version).
#include <string>
#include <type_traits>
#include <vector>

#include <boost/optional.hpp>
#include <boost/utility/string_ref.hpp>

#include "check.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote_basic/blobdatatype.h"
#include "cryptonote_basic/cryptonote_basic.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "cryptonote_basic/tx_extra.h"
#include "ringct/rctOps.h"

using monero_idiom::check;

static_assert(std::is_same<cryptonote::blobdata, std::string>::value, "blobdata is std::string, as in Monero");
static_assert(std::is_same<cryptonote::blobdata_ref, boost::string_ref>::value, "blobdata_ref is boost::string_ref");

int main() {
  const char *me = "monero_idiom_blobdata";
  crypto::public_key key;
  monero_idiom::from_hex("5ce55ff0b1c1e22f19d4d5d81c3a7b6c0d6d9e4bb21a3bfa2a8f0b9e1d2c3b4a", key);
  const std::string key_bytes(reinterpret_cast<const char *>(&key), sizeof key);

  // The blob, built with std::string's own operations.
  cryptonote::blobdata blob("\x01\x00\x01\xff\x05\x01\x07\x02", 8);
  blob += key_bytes;
  blob += "\x21\x01";
  blob.append(key_bytes);
  check(me, "blob is 74 bytes", blob.size() == 74);

  cryptonote::transaction tx;
  crypto::hash id, prefix_hash;
  check(me, "parse_and_validate_tx_from_blob(blobdata)",
        cryptonote::parse_and_validate_tx_from_blob(blob, tx, id, prefix_hash));
  check(me, "parsed: txin_gen height 5, amount 7, key",
        boost::get<cryptonote::txin_gen>(tx.vin[0]).height == 5 && tx.vout[0].amount == 7 &&
            boost::get<cryptonote::txout_to_key>(tx.vout[0].target).key == key);
  crypto::hash whole;
  crypto::cn_fast_hash(blob.data(), blob.size(), whole);
  check(me, "v1 id = cn_fast_hash(blob)", id == whole);
  check(me, "get_blob_hash(blobdata)", cryptonote::get_blob_hash(blob) == whole);
  crypto::hash via_ref;
  cryptonote::get_blob_hash(blob, via_ref);
  check(me, "get_blob_hash(blobdata, hash &)", via_ref == whole);

  const cryptonote::blobdata_ref ref(blob.data(), blob.size());
  cryptonote::transaction from_ref;
  crypto::hash id_from_ref;
  check(me, "parse_and_validate_tx_from_blob(blobdata_ref)",
        cryptonote::parse_and_validate_tx_from_blob(ref, from_ref, id_from_ref) && id_from_ref == whole);
  check(me, "a blob cut inside the output key (substr) does not parse",
        !cryptonote::parse_and_validate_tx_from_blob(blob.substr(0, 30), from_ref, id_from_ref));

  check(me, "tx_to_blob(tx) == blob (std::string ==)", cryptonote::tx_to_blob(tx) == blob);
  cryptonote::blobdata again;
  check(me, "tx_to_blob(tx, blobdata &)", cryptonote::tx_to_blob(tx, again) && again == blob);
  check(me, "t_serializable_object_to_blob(tx)", cryptonote::t_serializable_object_to_blob(tx) == blob);
  cryptonote::transaction broken = tx;
  broken.version = 3;  // no such transaction version: Monero's serializer fails
  check(me, "tx_to_blob(version 3 tx, blobdata &) is false", !cryptonote::tx_to_blob(broken, again));

  crypto::hash payment_id;
  monero_idiom::from_hex("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", payment_id);
  cryptonote::blobdata nonce;
  cryptonote::set_payment_id_to_tx_extra_nonce(nonce, payment_id);
  check(me, "payment id nonce = 00 || id (a std::string)",
        nonce.size() == 33 && nonce[0] == '\0' && nonce.compare(1, 32, std::string(payment_id.data, 32)) == 0);
  std::vector<uint8_t> extra;
  check(me, "add_extra_nonce_to_tx_extra", cryptonote::add_extra_nonce_to_tx_extra(extra, nonce));
  std::vector<cryptonote::tx_extra_field> fields;
  check(me, "parse_tx_extra: the nonce field holds the blobdata",
        cryptonote::parse_tx_extra(extra, fields) && fields.size() == 1 &&
            boost::get<cryptonote::tx_extra_nonce>(fields[0]).nonce == nonce);

  // Tx-key proofs: D = r*A; R = r*G (standard address) or r*B (subaddress).
  crypto::public_key A, B, R, RB;
  crypto::secret_key a, b, r;
  crypto::generate_keys(A, a);
  crypto::generate_keys(B, b);
  crypto::generate_keys(R, r);
  RB = rct::rct2pk(rct::scalarmultKey(rct::pk2rct(B), rct::sk2rct(r)));
  const crypto::public_key D = rct::rct2pk(rct::scalarmultKey(rct::pk2rct(A), rct::sk2rct(r)));
  crypto::signature sig;
  crypto::generate_tx_proof(prefix_hash, R, A, boost::none, D, r, sig);
  check(me, "check_tx_proof(..., boost::none, ...) v2", crypto::check_tx_proof(prefix_hash, R, A, boost::none, D, sig, 2));
  check(me, "a v2 proof is not a v1 proof", !crypto::check_tx_proof(prefix_hash, R, A, boost::none, D, sig, 1));
  const boost::optional<crypto::public_key> sub = B;
  crypto::generate_tx_proof(prefix_hash, RB, A, sub, D, r, sig);
  check(me, "check_tx_proof(..., boost::optional(B), ...)", crypto::check_tx_proof(prefix_hash, RB, A, sub, D, sig, 2));
  check(me, "the subaddress proof fails without B",
        !crypto::check_tx_proof(prefix_hash, RB, A, boost::none, D, sig, 2));
  return 0;
}
