// Example (README, docs/transactions.md): build a RingCT type 6 transaction
// (Bulletproofs+, CLSAG, view tags), serialize it, check it as a daemon would,
// and scan it as the recipient, decoding the hidden amount. Built and run by
// ctest (example_build_check_scan_rct); exits 0 only when the recipient finds
// exactly the amount sent to it.
#include <cstdio>
#include <string>
#include <vector>

#include "cryptonote/account.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/tx_verification.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"

using namespace cryptonote;

int main() {
  account_base alice, bob;
  alice.generate();
  bob.generate();
  const cncrypto::subaddress_map alice_subs = cncrypto::make_subaddress_map(alice.get_keys());    // {B -> (0, 0)}
  const cncrypto::subaddress_map bob_subs = cncrypto::make_subaddress_map(bob.get_keys(), 1, 2);  // (0, 0), (0, 1)

  // Alice owns output 0 of a coinbase: a pre-RingCT output with a clear amount,
  // committed to as zeroCommit(amount) = G + amount*H when spent in RingCT.
  transaction coinbase;
  if (!construct_miner_tx(0, 0, 0, 2, 0, alice.get_keys().m_account_address, coinbase)) return 1;
  const std::uint64_t coin = coinbase.vout[0].amount;

  // The input: a ring of 16 {output key, commitment} pairs (global indices
  // 100..115 of that amount; decoys here random keys), Alice's at position 7.
  tx_source_entry src;
  src.amount = coin;
  src.real_out_tx_key = get_tx_pub_key_from_extra(coinbase);
  src.real_output_in_tx_index = 0;
  src.real_output = 7;
  src.rct = false;              // a pre-RingCT output: its mask is 1
  src.mask = rct::identity();
  rct::ctkeyV ring;
  for (std::uint64_t j = 0; j < 16; ++j) {
    crypto::public_key key;
    if (j == 7) {
      if (!get_output_public_key(coinbase.vout[0], key)) return 1;
    } else {
      crypto::secret_key unused;
      crypto::generate_keys(key, unused);
    }
    const rct::ctkey member{rct::pk2rct(key), rct::zeroCommit(coin)};
    src.outputs.emplace_back(100 + j, member);
    ring.push_back(member);
  }
  std::vector<tx_source_entry> sources{src};

  // Pay Bob's subaddress (0, 1); the change goes back to Alice; the rest is the fee.
  const std::uint64_t amount = 100000000, fee = 30000000, change = coin - amount - fee;
  std::vector<tx_destination_entry> destinations{
      tx_destination_entry(amount, cncrypto::get_subaddress(bob.get_keys(), {0, 1}), true),
      tx_destination_entry(change, alice.get_keys().m_account_address, false)};

  transaction tx;
  crypto::secret_key tx_key;
  std::vector<crypto::secret_key> additional_tx_keys;
  std::string error;
  if (!construct_tx_and_get_tx_key(alice.get_keys(), alice_subs, sources, destinations,
                                   alice.get_keys().m_account_address, {}, tx, 0, tx_key, additional_tx_keys,
                                   /*rct=*/true, {rct::RangeProofPaddedBulletproof, 4}, /*use_view_tags=*/true,
                                   &error)) {
    std::fprintf(stderr, "construct_tx_and_get_tx_key: %s\n", error.c_str());
    return 1;
  }
  const blobdata blob = tx_to_blob(tx);
  std::printf("built type %d tx %s (%zu bytes, fee %llu)\n", int(tx.rct_signatures.type),
              cncrypto::to_hex(get_transaction_hash(tx)).c_str(), blob.size(),
              static_cast<unsigned long long>(tx.rct_signatures.txnFee));

  // Daemon side: parse the blob; check it against the ring members' keys and
  // commitments (looked up from the key offsets): Bulletproof+, balance, CLSAG,
  // key images.
  transaction received;
  if (!parse_and_validate_tx_from_blob(blob, received, &error) || !cncrypto::check_tx_v2(received, {ring}, &error)) {
    std::fprintf(stderr, "refused: %s\n", error.c_str());
    return 1;
  }

  // Bob scans: one derivation 8*a*R per transaction, a view tag per output;
  // an owned output's amount and mask are decrypted with its amount key
  // Hs(derivation || k) and accepted only if mask*G + amount*H is its
  // commitment (rct::decodeRctSimple does the same for one output).
  const cncrypto::scan_result scan = cncrypto::scan_transaction(received, bob.get_keys(), bob_subs);
  int found = 0;
  for (const cncrypto::owned_output &out : scan.outputs) {
    if (!out.amount_decoded) return 1;
    std::printf("bob owns output %zu: %llu atomic units at subaddress (%u, %u)\n", out.output_index,
                static_cast<unsigned long long>(out.amount), out.received_index.major, out.received_index.minor);
    found += out.amount == amount && out.received_index.major == 0 && out.received_index.minor == 1 ? 1 : 100;
  }
  return found == 1 ? 0 : 1;
}
