// Fuzz target: verification of legacy RingCT transactions (types 1-4: MLSAG
// ring signatures, Borromean or original Bulletproof range proofs) changed
// byte by byte (cryptonote/tx_verification.h check_tx_v2 over
// ringct/rctSigs.h verRct / verRctSimple).
// At start the target builds one signed transaction of each type with the
// library's builders (genRct for type 1, genRctSimple for 2-4; random keys, a
// ring of 2 members, 2 outputs; type 2 with 2 inputs) and checks that each
// passes check_tx_v2 with its rings. An input picks a transaction (first byte
// mod 4) and up to 8 changes (three bytes each: a 16-bit offset into the
// transaction blob followed by its rings' bytes (member key, commitment), and
// a byte XORed there).
// Oracle (independent of the verifier): the changed blob is parsed; when it
// does not parse it is refused; when it does, it means the original
// transaction exactly when it writes back (tx_to_blob) to the original blob
// and the rings are unchanged (every byte of a transaction is signed: the
// prefix through its hash, the RingCT base and range proofs through the
// pre-MLSAG hash, the pseudo-outputs and rings through the MLSAG equations),
// and check_tx_v2 must accept it exactly then.
// The transactions are random in each process but always the same shape (fixed
// amounts, fee, offsets), so an input changes the same fields in every run;
// a finding is reproduced from its input by running the target on it.
#include "crypto/crypto.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_verification.h"
#include "fuzz_check.h"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct fixture {
  cryptonote::blobdata blob;        // the signed transaction
  std::vector<std::uint8_t> bytes;  // blob || every ring member's key and commitment (input by input)
  std::size_t inputs = 0, members = 2;
};

// A transaction of RingCT type 1-4, signed over rings of random members.
fixture build(std::uint8_t type) {
  const rct::RCTConfig config = type <= 2  ? rct::RCTConfig{rct::RangeProofBorromean, 0}
                                : type == 3 ? rct::RCTConfig{rct::RangeProofPaddedBulletproof, 1}
                                            : rct::RCTConfig{rct::RangeProofPaddedBulletproof, 2};
  fixture f;
  f.inputs = type == 2 ? 2 : 1;
  const unsigned real = 1;
  const std::vector<std::uint64_t> in_amounts = f.inputs == 2 ? std::vector<std::uint64_t>{7000000, 5000000}
                                                              : std::vector<std::uint64_t>{12000000};
  const std::vector<std::uint64_t> out_amounts{9000000, 2500000};
  const std::uint64_t fee = 500000;
  cryptonote::transaction tx;
  tx.version = 2;
  rct::ctkeyV in_sk(f.inputs);
  rct::ctkeyM rings(f.inputs, rct::ctkeyV(f.members));  // [input][member]
  for (std::size_t i = 0; i < f.inputs; ++i) {
    for (std::size_t m = 0; m < f.members; ++m) rings[i][m] = {rct::pkGen(), rct::pkGen()};
    in_sk[i].dest = rct::skGen();
    in_sk[i].mask = rct::skGen();
    rings[i][real] = {rct::scalarmultBase(in_sk[i].dest), rct::commit(in_amounts[i], in_sk[i].mask)};
    cryptonote::txin_to_key in;
    in.key_offsets = {1000 + 10 * i, 7};
    crypto::public_key pub;
    crypto::secret_key sec;
    std::memcpy(pub.data, rings[i][real].dest.bytes, 32);
    std::memcpy(sec.data, in_sk[i].dest.bytes, 32);
    crypto::generate_key_image(pub, sec, in.k_image);
    tx.vin.push_back(in);
  }
  rct::keyV destinations, amount_keys;
  for (std::size_t k = 0; k < out_amounts.size(); ++k) {
    destinations.push_back(rct::pkGen());
    amount_keys.push_back(rct::skGen());
    crypto::public_key key;
    std::memcpy(key.data, destinations.back().bytes, 32);
    tx.vout.push_back({0, cryptonote::txout_to_key{key}});
  }
  const rct::key tx_pub = rct::pkGen();
  tx.extra.push_back(1);  // TX_EXTRA_TAG_PUBKEY
  tx.extra.insert(tx.extra.end(), tx_pub.bytes, tx_pub.bytes + 32);
  const crypto::hash prefix_hash = cryptonote::get_transaction_prefix_hash(tx);
  rct::key message;
  std::memcpy(message.bytes, prefix_hash.data, 32);
  rct::ctkeyV out_sk;
  if (type == 1) {
    rct::ctkeyM full(f.members, rct::ctkeyV(f.inputs));  // type 1's layout: [member][input]
    for (std::size_t i = 0; i < f.inputs; ++i)
      for (std::size_t m = 0; m < f.members; ++m) full[m][i] = rings[i][m];
    std::vector<std::uint64_t> amounts = out_amounts;
    amounts.push_back(fee);
    tx.rct_signatures = rct::genRct(message, in_sk, destinations, amounts, full, amount_keys, real, out_sk, config, hw::get_device("default"));
  } else {
    tx.rct_signatures = rct::genRctSimple(message, in_sk, destinations, in_amounts, out_amounts, fee, rings, amount_keys,
                                          std::vector<unsigned>(f.inputs, real), out_sk, config, hw::get_device("default"));
  }
  FUZZ_CHECK(tx.rct_signatures.type == type);
  f.blob = cryptonote::tx_to_blob(tx);
  f.bytes.assign(f.blob.begin(), f.blob.end());
  for (const rct::ctkeyV &ring : rings) {
    for (const rct::ctkey &member : ring) {
      f.bytes.insert(f.bytes.end(), member.dest.bytes, member.dest.bytes + 32);
      f.bytes.insert(f.bytes.end(), member.mask.bytes, member.mask.bytes + 32);
    }
  }
  return f;
}

// The transaction and rings in bytes; true when check_tx_v2 accepts them.
// same: set to whether they mean the fixture's transaction and rings.
bool verify(const fixture &f, const std::vector<std::uint8_t> &bytes, bool &same) {
  const std::size_t tx_size = f.blob.size();
  cryptonote::transaction tx;
  try {
    tx = cncrypto::parse_transaction(cncrypto::byte_span(bytes.data(), tx_size));
  } catch (const cncrypto::parse_error &) {
    same = false;
    return false;
  }
  same = cryptonote::tx_to_blob(tx) == f.blob && std::memcmp(bytes.data() + tx_size, f.bytes.data() + tx_size,
                                                             bytes.size() - tx_size) == 0;
  std::vector<rct::ctkeyV> rings(f.inputs, rct::ctkeyV(f.members));
  const std::uint8_t *p = bytes.data() + tx_size;
  for (rct::ctkeyV &ring : rings) {
    for (rct::ctkey &member : ring) {
      std::memcpy(member.dest.bytes, p, 32);
      std::memcpy(member.mask.bytes, p + 32, 32);
      p += 64;
    }
  }
  std::string error;
  return cncrypto::check_tx_v2(tx, rings, &error);
}

const fixture &fixture_of(std::uint8_t type) {
  static const std::vector<fixture> all = [] {
    std::vector<fixture> v;
    for (std::uint8_t t = 1; t <= 4; ++t) {
      v.push_back(build(t));
      bool same = false;
      FUZZ_CHECK(verify(v.back(), v.back().bytes, same) && same);  // each passes unchanged
    }
    return v;
  }();
  return all[type - 1];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0) return 0;
  const fixture &f = fixture_of(static_cast<std::uint8_t>(1 + data[0] % 4));
  std::vector<std::uint8_t> bytes = f.bytes;
  for (std::size_t i = 1, n = 0; i + 3 <= size && n < 8; i += 3, ++n) {
    const std::size_t offset = ((std::size_t(data[i]) << 8) | data[i + 1]) % bytes.size();
    bytes[offset] ^= data[i + 2];
  }
  bool same = false;
  const bool accepted = verify(f, bytes, same);
  FUZZ_CHECK(accepted == same);
  return 0;
}
