#include "cryptonote/base58.h"
#include "common/base58.h"

#include "crypto/hash.h"
#include "common/varint.h"

#include <array>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace cncrypto::base58 {
namespace {

constexpr char alphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
constexpr std::size_t radix = sizeof(alphabet) - 1;
static_assert(radix == 58);

// Encoded size of a block of i bytes, i = 0..8 (spec 8.1).
constexpr std::array<std::size_t, full_block_size + 1> encoded_block_sizes = {0, 2, 3, 5, 6, 7, 9, 10, 11};

// Inverse of encoded_block_sizes: decoded size for an encoded size, -1 when no
// block encodes to that many characters.
constexpr int decoded_block_size(std::size_t encoded_size) {
  for (std::size_t i = 0; i < encoded_block_sizes.size(); ++i) {
    if (encoded_block_sizes[i] == encoded_size) return static_cast<int>(i);
  }
  return -1;
}

// Digit value of c, or -1 when c is not in the alphabet.
constexpr std::array<signed char, 256> make_digit_table() {
  std::array<signed char, 256> table{};
  for (auto &v : table) v = -1;
  for (std::size_t i = 0; i < radix; ++i) table[static_cast<unsigned char>(alphabet[i])] = static_cast<signed char>(i);
  return table;
}
constexpr auto digit_table = make_digit_table();

// Writes the block [block, block+size) as encoded_block_sizes[size] digits.
void encode_one_block(const unsigned char *block, std::size_t size, char *out) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < size; ++i) value = (value << 8) | block[i];  // big-endian
  for (std::size_t i = encoded_block_sizes[size]; i > 0; --i) {
    out[i - 1] = alphabet[value % radix];
    value /= radix;
  }
}

// Decodes one block of text (its encoded size is valid) into out[0..size).
// offset is the block's position in the whole text, for messages.
void decode_one_block(std::string_view text, std::size_t offset, std::size_t size, unsigned char *out) {
  std::uint64_t value = 0;
  bool overflow = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int digit = digit_table[static_cast<unsigned char>(text[i])];
    if (digit < 0) {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      std::string shown;
      if (c >= 0x20 && c < 0x7f) {
        shown = std::string("'") + static_cast<char>(c) + "'";
      } else {
        static const char hex[] = "0123456789abcdef";
        shown = std::string("byte 0x") + hex[c >> 4] + hex[c & 0xf];
      }
      throw decode_error(error_kind::bad_character, offset + i,
                         "invalid base58 character " + shown + " at offset " + std::to_string(offset + i));
    }
    // value = value * 58 + digit, watching for overflow of 64 bits.
    unsigned __int128 wide = static_cast<unsigned __int128>(value) * radix + static_cast<unsigned>(digit);
    if (wide >> 64) overflow = true;
    value = static_cast<std::uint64_t>(wide);
  }
  if (!overflow && size < full_block_size && (value >> (8 * size)) != 0) overflow = true;
  if (overflow) {
    throw decode_error(error_kind::block_overflow, offset,
                       "base58 block '" + std::string(text) + "' at offset " + std::to_string(offset) +
                           " does not fit in " + std::to_string(size) + (size == 1 ? " byte" : " bytes"));
  }
  for (std::size_t i = size; i > 0; --i) {
    out[i - 1] = static_cast<unsigned char>(value & 0xff);
    value >>= 8;
  }
}

// varint (spec section 1) of a 64-bit tag.
std::string tag_varint(std::uint64_t tag) {
  std::uint8_t buf[cncrypto::max_varint_size];
  return std::string(reinterpret_cast<const char *>(buf), cncrypto::write_varint(buf, tag));
}

// Reads the tag varint at the start of data (spec section 1 rules). Returns
// the number of bytes used; throws decode_error(bad_tag) otherwise.
std::size_t read_tag_varint(std::string_view data, std::uint64_t &tag) {
  const cncrypto::varint_result r = cncrypto::read_varint(reinterpret_cast<const std::uint8_t *>(data.data()), data.size(), tag, 64);
  switch (r.error) {
    case cncrypto::varint_error::none: return r.size;
    case cncrypto::varint_error::overflow: throw decode_error(error_kind::bad_tag, 0, "address tag varint overflows 64 bits");
    case cncrypto::varint_error::non_canonical:
      throw decode_error(error_kind::bad_tag, 0, "address tag varint is not canonical (trailing zero byte)");
    case cncrypto::varint_error::empty:
    case cncrypto::varint_error::truncated: break;
  }
  // Monero's read_varint would accept a tag cut off by the end of the data
  // (spec section 1 quirk); encode_addr never produces one, so it is refused.
  throw decode_error(error_kind::bad_tag, 0, "address tag varint is truncated");
}

}  // namespace

const char *error_kind_name(error_kind kind) {
  switch (kind) {
    case error_kind::bad_character: return "bad character";
    case error_kind::bad_length: return "bad length";
    case error_kind::block_overflow: return "block overflow";
    case error_kind::bad_checksum: return "bad checksum";
    case error_kind::bad_tag: return "bad tag";
  }
  return "unknown error";
}

std::string encode(std::string_view data) {
  const std::size_t full_blocks = data.size() / full_block_size;
  const std::size_t last_size = data.size() % full_block_size;
  std::string out(full_blocks * full_encoded_block_size + encoded_block_sizes[last_size], '\0');
  const auto *in = reinterpret_cast<const unsigned char *>(data.data());
  for (std::size_t i = 0; i < full_blocks; ++i) {
    encode_one_block(in + i * full_block_size, full_block_size, &out[i * full_encoded_block_size]);
  }
  if (last_size > 0) {
    encode_one_block(in + full_blocks * full_block_size, last_size, &out[full_blocks * full_encoded_block_size]);
  }
  return out;
}

std::string decode(std::string_view text) {
  const std::size_t full_blocks = text.size() / full_encoded_block_size;
  const std::size_t last_encoded = text.size() % full_encoded_block_size;
  const int last_size = decoded_block_size(last_encoded);
  if (last_size < 0) {
    throw decode_error(error_kind::bad_length, text.size(),
                       "invalid base58 length " + std::to_string(text.size()) + ": a final block of " +
                           std::to_string(last_encoded) + " characters is impossible (11*k + 0, 2, 3, 5, 6, 7, 9 or 10)");
  }
  std::string out(full_blocks * full_block_size + static_cast<std::size_t>(last_size), '\0');
  auto *dst = reinterpret_cast<unsigned char *>(out.data());
  for (std::size_t i = 0; i < full_blocks; ++i) {
    decode_one_block(text.substr(i * full_encoded_block_size, full_encoded_block_size), i * full_encoded_block_size,
                 full_block_size, dst + i * full_block_size);
  }
  if (last_size > 0) {
    decode_one_block(text.substr(full_blocks * full_encoded_block_size), full_blocks * full_encoded_block_size,
                 static_cast<std::size_t>(last_size), dst + full_blocks * full_block_size);
  }
  return out;
}

bool decode(const std::string &text, std::string &data) {
  try {
    data = decode(std::string_view(text));
    return true;
  } catch (const decode_error &) {
    return false;
  }
}

std::string encode_addr(std::uint64_t tag, std::string_view data) {
  std::string buf = tag_varint(tag);
  buf.append(data);
  const crypto::hash checksum = crypto::cn_fast_hash(buf.data(), buf.size());
  buf.append(reinterpret_cast<const char *>(&checksum), addr_checksum_size);
  return encode(buf);
}

decoded_addr decode_addr(std::string_view text) {
  const std::string buf = decode(text);
  if (buf.size() <= addr_checksum_size) {
    throw decode_error(error_kind::bad_length, 0,
                       "base58 address data is " + std::to_string(buf.size()) +
                           " bytes; it needs at least a 1-byte tag and a 4-byte checksum");
  }
  const std::size_t body_size = buf.size() - addr_checksum_size;
  const crypto::hash expected = crypto::cn_fast_hash(buf.data(), body_size);
  if (std::memcmp(&expected, buf.data() + body_size, addr_checksum_size) != 0) {
    throw decode_error(error_kind::bad_checksum, 0, "address checksum mismatch (mistyped or corrupted address)");
  }
  decoded_addr result;
  const std::size_t tag_size = read_tag_varint(std::string_view(buf.data(), body_size), result.tag);
  result.data.assign(buf, tag_size, body_size - tag_size);
  return result;
}

bool decode_addr(const std::string &text, std::uint64_t &tag, std::string &data) {
  try {
    decoded_addr d = decode_addr(std::string_view(text));
    tag = d.tag;
    data = std::move(d.data);
    return true;
  } catch (const decode_error &) {
    return false;
  }
}

}  // namespace cncrypto::base58

namespace cncrypto::base58 {

void encode_block(const char *block, std::size_t size, char *res) {
  if (size < 1 || size > cncrypto::base58::full_block_size)
    throw std::invalid_argument("cncrypto::base58::encode_block: block size " + std::to_string(size) + " is not 1..8");
  encode_one_block(reinterpret_cast<const unsigned char *>(block), size, res);
}

bool decode_block(const char *block, std::size_t size, char *res) {
  const int decoded = cncrypto::base58::decoded_block_size(size);
  if (decoded <= 0) return false;
  try {
    decode_one_block(std::string_view(block, size), 0, static_cast<std::size_t>(decoded),
                     reinterpret_cast<unsigned char *>(res));
    return true;
  } catch (const cncrypto::base58::decode_error &) {
    return false;
  }
}

}  // namespace cncrypto::base58

namespace tools::base58 {

std::string encode(const std::string &data) { return cncrypto::base58::encode(std::string_view(data)); }

bool decode(const std::string &enc, std::string &data) { return cncrypto::base58::decode(enc, data); }

std::string encode_addr(std::uint64_t tag, const std::string &data) {
  return cncrypto::base58::encode_addr(tag, std::string_view(data));
}

// Monero's steps and results: the base58 decode, the size and checksum checks,
// then the tag through Monero's read_varint, whose quirk is kept: a tag cut off
// by the end of the checked bytes is accepted with the bits read (only an
// all-continuation body does that; cncrypto::base58::decode_addr refuses it).
bool decode_addr(const std::string &addr, std::uint64_t &tag, std::string &data) {
  std::string buf;
  if (!decode(addr, buf)) return false;
  if (buf.size() <= cncrypto::base58::addr_checksum_size) return false;
  const std::size_t body_size = buf.size() - cncrypto::base58::addr_checksum_size;
  const crypto::hash expected = crypto::cn_fast_hash(buf.data(), body_size);
  if (std::memcmp(&expected, buf.data() + body_size, cncrypto::base58::addr_checksum_size) != 0) return false;
  buf.resize(body_size);
  const int read = tools::read_varint(buf.cbegin(), buf.cend(), tag);
  if (read <= 0) return false;
  data = buf.substr(static_cast<std::size_t>(read));
  return true;
}

}  // namespace tools::base58
