// Monero's idiom for ringct/ and device/device.hpp, compiled against the
// installed package with Monero's include paths only (scripts/test-consumer.sh).
// Like Monero's tests/unit_tests/ringct.cpp, this file has `using namespace
// rct;` and `using namespace crypto;`, gets the software device from
// hw::get_device("default") and passes it to genRctSimple and decodeRctSimple.
// Expected values: rct::H printed as Monero prints a key ("<hex>", epee's
// to_hex::formatted; H's bytes are Monero's rctTypes.h constant), the amounts
// a signature was built with, and Monero's "device not found: " error.
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>

#include "check.h"
#include "device/device.hpp"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"
#include "ringct/rctTypes.h"

using namespace crypto;
using namespace rct;
using monero_idiom::check;

int main() {
  const char *me = "monero_idiom_ringct";
  hw::device &hwdev = hw::get_device("default");
  check(me, "hw::get_device(\"default\") is the software device", hwdev.get_type() == hw::device::SOFTWARE);
  bool threw = false;
  try {
    (void)hw::get_device("Ledger");
  } catch (const std::runtime_error &e) {
    threw = std::string(e.what()) == "device not found: Ledger";
  }
  check(me, "hw::get_device of an unknown device throws as Monero's", threw);

  std::ostringstream printed;
  printed << H;
  check(me, "rct::key prints as Monero's (<hex>)",
        printed.str() == "<8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94>");
  key k = zero();
  k[0] = 1;
  check(me, "rct::key::operator[]", k == identity());

  // Two inputs of 3000 and 2000, two outputs, fee 500, rings of 3 + 1 (Monero's mixin form).
  ctkeyV sc, pc;
  ctkey sctmp, pctmp;
  std::tie(sctmp, pctmp) = ctskpkGen(3000);
  sc.push_back(sctmp);
  pc.push_back(pctmp);
  std::tie(sctmp, pctmp) = ctskpkGen(2000);
  sc.push_back(sctmp);
  pc.push_back(pctmp);
  keyV destinations, amount_keys;
  for (int i = 0; i < 2; ++i) {
    key sk, pk;
    skpkGen(sk, pk);
    destinations.push_back(pk);
    amount_keys.push_back(hash_to_scalar(zero()));
  }
  const RCTConfig rct_config{RangeProofPaddedBulletproof, 4};
  rctSig s = genRctSimple(zero(), sc, pc, destinations, {3000, 2000}, {4000, 500}, amount_keys, 500, 3, rct_config,
                          hwdev);
  check(me, "genRctSimple with a device makes a type 6 rctSig", s.type == RCTTypeBulletproofPlus);
  check(me, "verRctSimple accepts it", verRctSimple(s));
  key mask;
  check(me, "decodeRctSimple with a device", decodeRctSimple(s, amount_keys[1], 1, mask, hwdev) == 500);
  check(me, "the decoded mask opens the commitment", commit(500, mask) == s.outPk[1].mask);
  return 0;
}
