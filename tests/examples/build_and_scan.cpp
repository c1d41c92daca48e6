// Example (README, docs/transactions.md): build a version 1 transaction,
// serialize it, check it as a daemon would, and scan it as the recipient.
// Built and run by ctest (example_build_and_scan); exits 0 only when the
// recipient finds exactly the output sent to it.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "common/hex.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/tx_verification.h"
#include "cryptonote/wallet_scan.h"

using namespace cryptonote;

int main() {
  account_base alice, bob;
  alice.generate();
  bob.generate();
  const cncrypto::subaddress_map alice_subs = cncrypto::make_subaddress_map(alice.get_keys());    // {B -> (0, 0)}
  const cncrypto::subaddress_map bob_subs = cncrypto::make_subaddress_map(bob.get_keys(), 1, 2);  // (0, 0), (0, 1)

  // Alice owns output 0 of a coinbase (in a wallet: an output found by scanning the chain).
  transaction coinbase;
  if (!construct_miner_tx(0, 0, 0, 2, 0, alice.get_keys().m_account_address, coinbase)) return 1;

  // The input: a ring of 4 (3 decoys, here random keys with global indices 10, 20, 40)
  // with Alice's output (global index 30) as member 2.
  tx_source_entry src;
  src.amount = coinbase.vout[0].amount;
  src.real_out_tx_key = get_tx_pub_key_from_extra(coinbase);
  src.real_output_in_tx_index = 0;
  src.real_output = 2;
  std::vector<crypto::public_key> ring;
  for (std::uint64_t index : {10, 20, 30, 40}) {
    crypto::public_key key;
    crypto::secret_key unused;
    if (index == 30) {
      if (!get_output_public_key(coinbase.vout[0], key)) return 1;
    } else {
      crypto::generate_keys(key, unused);
    }
    rct::ctkey member{};
    std::memcpy(member.dest.bytes, &key, sizeof key);
    src.outputs.emplace_back(index, member);
    ring.push_back(key);
  }
  std::vector<tx_source_entry> sources{src};

  // Pay Bob's subaddress (0, 1) 100 000 000 atomic units; the change goes back to Alice;
  // the 44 415 left over is the fee.
  const std::uint64_t amount = 100000000, change = src.amount - amount - 44415;
  std::vector<tx_destination_entry> destinations{
      tx_destination_entry(amount, cncrypto::get_subaddress(bob.get_keys(), {0, 1}), true),
      tx_destination_entry(change, alice.get_keys().m_account_address, false)};

  transaction tx;
  crypto::secret_key tx_key;
  std::vector<crypto::secret_key> additional_tx_keys;
  std::string error;
  if (!construct_tx_and_get_tx_key(alice.get_keys(), alice_subs, sources, destinations,
                                   alice.get_keys().m_account_address, {}, tx, 0, tx_key, additional_tx_keys, false,
                                   {rct::RangeProofBorromean, 0}, /*use_view_tags=*/true, &error)) {
    std::fprintf(stderr, "construct_tx_and_get_tx_key: %s\n", error.c_str());
    return 1;
  }
  const blobdata blob = tx_to_blob(tx);
  std::printf("built tx %s (%zu bytes)\n", cncrypto::to_hex(get_transaction_hash(tx)).c_str(), blob.size());

  // Daemon side: parse the blob and check it against the ring members' keys.
  transaction received;
  if (!parse_and_validate_tx_from_blob(blob, received, &error) || !cncrypto::check_tx_v1(received, {ring}, &error)) {
    std::fprintf(stderr, "refused: %s\n", error.c_str());
    return 1;
  }

  // Bob scans: one derivation 8*a*R per transaction, a view tag per output.
  const cncrypto::scan_result scan = cncrypto::scan_transaction(received, bob.get_keys(), bob_subs);
  int found = 0;
  for (const cncrypto::owned_output &out : scan.outputs) {
    std::printf("bob owns output %zu: %llu atomic units at subaddress (%u, %u)\n", out.output_index,
                static_cast<unsigned long long>(out.amount), out.received_index.major, out.received_index.minor);
    found += out.amount == amount && out.received_index.major == 0 && out.received_index.minor == 1 ? 1 : 100;
  }
  return found == 1 ? 0 : 1;
}
