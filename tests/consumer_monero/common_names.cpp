// Monero's idiom for common/base58.h and common/varint.h (tools::base58,
// tools::write_varint / read_varint), compiled against the installed package
// with Monero's include paths only (scripts/test-consumer.sh). Expected values:
// Monero's tests/unit_tests/base58.cpp address (the keys' bytes and
// 4AzKEX4g...), base58 of 2^64 - 1 (Python big integers: 11 digits
// "jpXCZedGfVQ") and varint 300 = ac 02 (LEB128).
#include <cstdint>
#include <iterator>
#include <string>

#include "check.h"
#include "common/base58.h"
#include "common/varint.h"

using monero_idiom::check;

int main() {
  const char *me = "common_names";
  using namespace tools;

  // base58, as cryptonote_basic_impl.cpp uses it.
  check(me, "base58::encode(2^64 - 1)", base58::encode(std::string(8, '\xff')) == "jpXCZedGfVQ");
  std::string data;
  check(me, "base58::decode", base58::decode("jpXCZedGfVQ", data) && data == std::string(8, '\xff'));
  check(me, "base58::decode refuses an overflow", !base58::decode("jpXCZedGfVR", data));
  static const char keys_bytes[] =
      "\xf7\x24\xbc\x5c\x6c\xfb\xb9\xd9\x76\x02\xc3\x00\x42\x3a\x2f\x28\x64\x18\x74\x51\x3a\x03\x57\x78\xa0\xc1"
      "\x77\x8d\x83\x32\x01\xe9\x22\x09\x39\x68\x9e\xdf\x1a\xbd\x5b\xc1\xd0\x31\xf7\x3e\xcd\x6c\x99\x3a\xdd\x66"
      "\xd6\x80\x88\x70\x45\x6a\xfe\xb8\xe7\xee\xb6\x8d";
  const std::string keys(keys_bytes, sizeof keys_bytes - 1);  // 64 bytes, a 0x00 among them
  const std::string addr =
      "4AzKEX4gXdJdNeM6dfiBFL7kqund3HYGvMBF3ttsNd9SfzgYB6L7ep1Yg1osYJzLdaKAYSLVh6e6jKnAuzj3bw1oGy9kXCb";
  check(me, "base58::encode_addr(18, keys)", base58::encode_addr(18, keys) == addr);
  std::uint64_t tag = 0;
  check(me, "base58::decode_addr", base58::decode_addr(addr, tag, data) && tag == 18 && data == keys);
  std::string typo = addr;
  typo[10] = typo[10] == 'a' ? 'b' : 'a';
  check(me, "base58::decode_addr refuses a typo", !base58::decode_addr(typo, tag, data));

  // varint, as Monero's serialization writes and reads it.
  std::string blob;
  write_varint(std::back_inserter(blob), 300u);
  check(me, "write_varint(300) = ac 02", blob == "\xac\x02");
  check(me, "get_varint_data", get_varint_data(std::uint64_t(300)) == blob);
  std::uint64_t v = 0;
  check(me, "read_varint", read_varint(blob.begin(), blob.end(), v) == 2 && v == 300);
  const std::string nc("\x80\x00", 2);
  check(me, "read_varint: non-canonical", read_varint(nc.begin(), nc.end(), v) == EVARINT_REPRESENT);
  std::uint8_t small = 0;
  check(me, "read_varint<8>: overflow", read_varint<8>(blob.begin(), blob.end(), small) == EVARINT_OVERFLOW);
  return 0;
}
