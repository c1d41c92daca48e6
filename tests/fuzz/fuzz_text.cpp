// Fuzz target: the text and small binary codecs (common/hex.h, common/varint.h,
// cryptonote/base58.h, cryptonote/address.h) and tx_extra (cryptonote/tx_extra.h).
// Oracles: hex and base58 decode -> encode gives the input back (hex: lower
// case); a varint that reads writes back to the bytes read; an address that
// parses prints back to the same text; tx_extra parsing agrees between the two
// entry points and every parsed field writes back to a parsable extra.
#include "common/hex.h"
#include "common/varint.h"
#include "cryptonote/address.h"
#include "cryptonote/base58.h"
#include "cryptonote/tx_extra.h"
#include "fuzz_check.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);

  std::vector<std::uint8_t> bytes;
  if (cncrypto::hex_decode(text, bytes)) {
    std::string lower = text;
    for (char &c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    FUZZ_CHECK(cncrypto::hex_encode(bytes.data(), bytes.size()) == lower);
  }

  std::uint64_t value = 0;
  const cncrypto::varint_result r = cncrypto::read_varint(data, size, value, 64);
  if (r) {
    std::uint8_t out[10];
    FUZZ_CHECK(cncrypto::write_varint(out, value) == r.size && std::memcmp(out, data, r.size) == 0);
  }

  std::string decoded;
  if (cncrypto::base58::decode(text, decoded)) FUZZ_CHECK(cncrypto::base58::encode(decoded) == text);
  std::uint64_t tag = 0;
  if (cncrypto::base58::decode_addr(text, tag, decoded))
    FUZZ_CHECK(cncrypto::base58::encode_addr(tag, decoded) == text);

  for (const auto net : {cryptonote::MAINNET, cryptonote::TESTNET, cryptonote::STAGENET}) {
    cryptonote::address_parse_info info;
    // Monero's name also takes the old 132-hex-digit format, which does not round-trip.
    const bool monero_ok = cryptonote::get_account_address_from_str(info, net, text);
    if (!cncrypto::get_account_address_from_str_strict(info, net, text)) {
      FUZZ_CHECK(!monero_ok || text.size() == 2 * cncrypto::old_hex_address_bytes);
      continue;
    }
    FUZZ_CHECK(monero_ok);
    const std::string again = info.has_payment_id
                                  ? cryptonote::get_account_integrated_address_as_str(net, info.address, info.payment_id)
                                  : cryptonote::get_account_address_as_str(net, info.is_subaddress, info.address);
    FUZZ_CHECK(again == text);
  }

  // tx_extra: both entry points agree; the fields of a complete parse written out
  // parse again completely to as many fields, which write out to the same bytes.
  const std::vector<std::uint8_t> extra(data, data + size);
  std::vector<cryptonote::tx_extra_field> fields;
  const bool complete = cryptonote::parse_tx_extra(extra, fields);
  const cncrypto::tx_extra_parse_result parsed = cncrypto::parse_tx_extra(cncrypto::byte_span(extra));
  FUZZ_CHECK(parsed.complete == complete && parsed.fields.size() == fields.size());
  if (complete) {
    std::vector<std::uint8_t> written, rewritten;
    for (const auto &f : fields) cncrypto::write_tx_extra_field(written, f);
    std::vector<cryptonote::tx_extra_field> again;
    FUZZ_CHECK(cryptonote::parse_tx_extra(written, again) && again.size() == fields.size());
    for (const auto &f : again) cncrypto::write_tx_extra_field(rewritten, f);
    FUZZ_CHECK(rewritten == written);
  }
  return 0;
}
