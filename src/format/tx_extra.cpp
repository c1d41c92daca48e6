#include "cryptonote/tx_extra.h"

#include "common/varint.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace cryptonote {

using cncrypto::binary_reader;
using cncrypto::binary_writer;
using cncrypto::byte_span;
using cncrypto::parse_error;
using cncrypto::parse_tx_extra;
using cncrypto::tx_extra_parse_result;
using cncrypto::write_tx_extra_field;

namespace {

const char *field_name(std::uint8_t tag) {
  switch (tag) {
    case TX_EXTRA_TAG_PADDING: return "padding";
    case TX_EXTRA_TAG_PUBKEY: return "tx public key";
    case TX_EXTRA_NONCE: return "nonce";
    case TX_EXTRA_MERGE_MINING_TAG: return "merge-mining tag";
    case TX_EXTRA_TAG_ADDITIONAL_PUBKEYS: return "additional public keys";
    case TX_EXTRA_MYSTERIOUS_MINERGATE_TAG: return "minergate tag";
    default: return "unknown field";
  }
}

std::string hex_byte(std::uint8_t b) {
  const char *digits = "0123456789abcdef";
  return std::string{'0', 'x', digits[b >> 4], digits[b & 15]};
}

// A Monero string field: varint length then that many bytes.
void read_string(binary_reader &r, blobdata &out, const char *what) {
  const std::size_t n = r.read_count(what, 1);
  out.resize(n);
  r.read_bytes(out.data(), n, what);
}

// Reads one field; throws parse_error. Also returns the tag read.
tx_extra_field read_field(binary_reader &r) {
  const std::size_t tag_offset = r.offset();
  const std::uint8_t tag = r.read_u8("tag");
  switch (tag) {
    case TX_EXTRA_TAG_PADDING: {
      tx_extra_padding pad;
      // Zero bytes up to the end of extra; at most 255 bytes with the tag.
      while (!r.at_end()) {
        if (pad.size >= TX_EXTRA_PADDING_MAX_COUNT) {
          r.fail("padding", "longer than " + std::to_string(TX_EXTRA_PADDING_MAX_COUNT) + " bytes");
        }
        const std::size_t at = r.offset();
        const std::uint8_t b = r.read_u8("padding");
        if (b != 0) r.fail_at(at, "padding", "non-zero byte " + hex_byte(b));
        ++pad.size;
      }
      return pad;
    }
    case TX_EXTRA_TAG_PUBKEY: {
      tx_extra_pub_key pk;
      r.read_pod(pk.pub_key, "tx public key");
      return pk;
    }
    case TX_EXTRA_NONCE: {
      tx_extra_nonce n;
      const std::size_t at = r.offset();
      read_string(r, n.nonce, "nonce");
      if (n.nonce.size() > TX_EXTRA_NONCE_MAX_COUNT) {
        r.fail_at(at, "nonce", "length " + std::to_string(n.nonce.size()) + " exceeds " +
                                   std::to_string(TX_EXTRA_NONCE_MAX_COUNT));
      }
      return n;
    }
    case TX_EXTRA_MERGE_MINING_TAG: {
      tx_extra_merge_mining_tag mm;
      blobdata body;
      const std::size_t at = r.offset();
      read_string(r, body, "merge-mining tag");
      const std::size_t body_offset = r.offset() - body.size();
      binary_reader inner(body, body_offset);
      mm.depth = inner.read_varint("merge-mining depth");
      inner.read_pod(mm.merkle_root, "merge-mining merkle root");
      if (!inner.at_end()) {
        r.fail_at(at, "merge-mining tag", "body of " + std::to_string(body.size()) +
                                              " bytes is not exactly varint depth + 32-byte root");
      }
      return mm;
    }
    case TX_EXTRA_TAG_ADDITIONAL_PUBKEYS: {
      tx_extra_additional_pub_keys add;
      const std::size_t n = r.read_count("additional public key count", sizeof(public_key));
      add.data.resize(n);
      for (auto &k : add.data) r.read_pod(k, "additional public key");
      return add;
    }
    case TX_EXTRA_MYSTERIOUS_MINERGATE_TAG: {
      tx_extra_mysterious_minergate mg;
      read_string(r, mg.data, "minergate data");
      return mg;
    }
    default:
      r.fail_at(tag_offset, "tag", "unknown tag " + hex_byte(tag));
  }
}

// Parse, also reporting where the last good field ended.
tx_extra_parse_result parse_impl(byte_span extra, std::size_t &processed) {
  tx_extra_parse_result result;
  processed = 0;
  binary_reader r(extra);
  while (!r.at_end()) {
    const std::size_t field_offset = r.offset();
    const std::uint8_t tag = extra.data[field_offset];
    try {
      result.fields.push_back(read_field(r));
      processed = r.position();
    } catch (const parse_error &e) {
      result.complete = false;
      result.error_offset = field_offset;
      result.error_field = result.fields.size();
      result.error = "field " + std::to_string(result.fields.size()) + " (" + field_name(tag) + ", tag " +
                     hex_byte(tag) + "): " + e.what();
      break;
    }
  }
  return result;
}

template <class T>
const T *find_field(const std::vector<tx_extra_field> &fields, std::size_t index) {
  for (const auto &f : fields) {
    if (const T *p = boost::get<T>(&f)) {
      if (index == 0) return p;
      --index;
    }
  }
  return nullptr;
}

}  // namespace

bool parse_tx_extra(const std::vector<std::uint8_t> &extra, std::vector<tx_extra_field> &fields) {
  tx_extra_parse_result r = parse_tx_extra(byte_span(extra));
  fields = std::move(r.fields);
  return r.complete;
}

public_key get_tx_pub_key_from_extra(const std::vector<std::uint8_t> &extra, std::size_t pk_index) {
  const tx_extra_parse_result r = parse_tx_extra(byte_span(extra));
  if (const auto *pk = find_field<tx_extra_pub_key>(r.fields, pk_index)) return pk->pub_key;
  return public_key{};
}

public_key get_tx_pub_key_from_extra(const transaction_prefix &tx, std::size_t pk_index) {
  return get_tx_pub_key_from_extra(tx.extra, pk_index);
}

std::vector<public_key> get_additional_tx_pub_keys_from_extra(const std::vector<std::uint8_t> &extra) {
  const tx_extra_parse_result r = parse_tx_extra(byte_span(extra));
  if (const auto *add = find_field<tx_extra_additional_pub_keys>(r.fields, 0)) return add->data;
  return {};
}

std::vector<public_key> get_additional_tx_pub_keys_from_extra(const transaction_prefix &tx) {
  return get_additional_tx_pub_keys_from_extra(tx.extra);
}

bool get_payment_id_from_tx_extra_nonce(const blobdata &nonce, crypto::hash &payment_id) {
  if (nonce.size() != 1 + sizeof(crypto::hash) || nonce[0] != TX_EXTRA_NONCE_PAYMENT_ID) return false;
  std::memcpy(&payment_id, nonce.data() + 1, sizeof payment_id);
  return true;
}

bool get_encrypted_payment_id_from_tx_extra_nonce(const blobdata &nonce, crypto::hash8 &payment_id) {
  if (nonce.size() != 1 + sizeof(crypto::hash8) || nonce[0] != TX_EXTRA_NONCE_ENCRYPTED_PAYMENT_ID) return false;
  std::memcpy(&payment_id, nonce.data() + 1, sizeof payment_id);
  return true;
}

void set_payment_id_to_tx_extra_nonce(blobdata &nonce, const crypto::hash &payment_id) {
  nonce.clear();
  binary_writer w(nonce);
  w.write_u8(TX_EXTRA_NONCE_PAYMENT_ID);
  w.write_pod(payment_id);
}

void set_encrypted_payment_id_to_tx_extra_nonce(blobdata &nonce, const crypto::hash8 &payment_id) {
  nonce.clear();
  binary_writer w(nonce);
  w.write_u8(TX_EXTRA_NONCE_ENCRYPTED_PAYMENT_ID);
  w.write_pod(payment_id);
}

bool add_tx_pub_key_to_extra(std::vector<std::uint8_t> &extra, const public_key &tx_pub_key) {
  write_tx_extra_field(extra, tx_extra_pub_key{tx_pub_key});
  return true;
}
bool add_tx_pub_key_to_extra(transaction &tx, const public_key &tx_pub_key) {
  return add_tx_pub_key_to_extra(tx.extra, tx_pub_key);
}
bool add_tx_pub_key_to_extra(transaction_prefix &tx, const public_key &tx_pub_key) {
  return add_tx_pub_key_to_extra(tx.extra, tx_pub_key);
}

bool add_extra_nonce_to_tx_extra(std::vector<std::uint8_t> &extra, const blobdata &nonce) {
  if (nonce.size() > TX_EXTRA_NONCE_MAX_COUNT) return false;
  write_tx_extra_field(extra, tx_extra_nonce{nonce});
  return true;
}

bool add_additional_tx_pub_keys_to_extra(std::vector<std::uint8_t> &extra,
                                         const std::vector<public_key> &additional_tx_pub_keys) {
  write_tx_extra_field(extra, tx_extra_additional_pub_keys{additional_tx_pub_keys});
  return true;
}

bool add_mm_merkle_root_to_tx_extra(std::vector<std::uint8_t> &extra, const crypto::hash &mm_merkle_root,
                                    std::size_t mm_merkle_tree_depth) {
  write_tx_extra_field(extra, tx_extra_merge_mining_tag{mm_merkle_tree_depth, mm_merkle_root});
  return true;
}

bool remove_field_from_tx_extra(std::vector<std::uint8_t> &tx_extra, const std::type_info &type) {
  if (tx_extra.empty()) return true;
  const tx_extra_parse_result parsed = cncrypto::parse_tx_extra(byte_span(tx_extra));
  if (!parsed.complete) return false;
  std::vector<std::uint8_t> kept;
  kept.reserve(tx_extra.size());
  for (const tx_extra_field &f : parsed.fields) {
    if (f.type() != type) write_tx_extra_field(kept, f);
  }
  tx_extra = std::move(kept);
  return true;
}

bool sort_tx_extra(const std::vector<std::uint8_t> &extra, std::vector<std::uint8_t> &sorted, bool allow_partial) {
  std::size_t processed = 0;
  tx_extra_parse_result r = parse_impl(byte_span(extra), processed);
  if (!r.complete && !allow_partial) return false;
  static constexpr std::uint8_t order[] = {TX_EXTRA_TAG_PUBKEY,       TX_EXTRA_TAG_ADDITIONAL_PUBKEYS,
                                           TX_EXTRA_NONCE,            TX_EXTRA_MERGE_MINING_TAG,
                                           TX_EXTRA_MYSTERIOUS_MINERGATE_TAG, TX_EXTRA_TAG_PADDING};
  auto rank = [](std::uint8_t tag) {
    return static_cast<std::size_t>(std::find(std::begin(order), std::end(order), tag) - std::begin(order));
  };
  std::stable_sort(r.fields.begin(), r.fields.end(), [&](const tx_extra_field &a, const tx_extra_field &b) {
    return rank(cncrypto::tx_extra_tag(a)) < rank(cncrypto::tx_extra_tag(b));
  });
  std::vector<std::uint8_t> out;
  for (const auto &f : r.fields) write_tx_extra_field(out, f);
  if (processed < extra.size()) out.insert(out.end(), extra.begin() + static_cast<std::ptrdiff_t>(processed), extra.end());
  sorted = std::move(out);
  return true;
}

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

std::uint8_t tx_extra_tag(const tx_extra_field &f) {
  static constexpr std::uint8_t tags[] = {TX_EXTRA_TAG_PADDING, TX_EXTRA_TAG_PUBKEY, TX_EXTRA_NONCE,
                                          TX_EXTRA_MERGE_MINING_TAG, TX_EXTRA_TAG_ADDITIONAL_PUBKEYS,
                                          TX_EXTRA_MYSTERIOUS_MINERGATE_TAG};
  return tags[f.which()];
}

tx_extra_parse_result parse_tx_extra(byte_span extra) {
  std::size_t processed;
  return parse_impl(extra, processed);
}

bool get_extra_nonce_from_extra(const std::vector<std::uint8_t> &extra, blobdata &nonce) {
  const tx_extra_parse_result r = parse_tx_extra(byte_span(extra));
  if (const auto *n = find_field<tx_extra_nonce>(r.fields, 0)) {
    nonce = n->nonce;
    return true;
  }
  return false;
}

void write_tx_extra_field(std::vector<std::uint8_t> &extra, const tx_extra_field &field) {
  binary_writer w(extra);
  const std::uint8_t tag = tx_extra_tag(field);
  if (const auto *pad = boost::get<tx_extra_padding>(&field)) {
    if (pad->size < 1 || pad->size > TX_EXTRA_PADDING_MAX_COUNT) {
      throw std::invalid_argument("write_tx_extra_field: padding size must be 1..255 (tag included)");
    }
    w.write_u8(tag);
    w.write_zeros(pad->size - 1);
  } else if (const auto *pk = boost::get<tx_extra_pub_key>(&field)) {
    w.write_u8(tag);
    w.write_pod(pk->pub_key);
  } else if (const auto *n = boost::get<tx_extra_nonce>(&field)) {
    if (n->nonce.size() > TX_EXTRA_NONCE_MAX_COUNT) {
      throw std::invalid_argument("write_tx_extra_field: nonce longer than 255 bytes");
    }
    w.write_u8(tag);
    w.write_varint(n->nonce.size());
    w.write_bytes(n->nonce.data(), n->nonce.size());
  } else if (const auto *mm = boost::get<tx_extra_merge_mining_tag>(&field)) {
    w.write_u8(tag);
    w.write_varint(cncrypto::varint_size(mm->depth) + sizeof(crypto::hash));
    w.write_varint(mm->depth);
    w.write_pod(mm->merkle_root);
  } else if (const auto *add = boost::get<tx_extra_additional_pub_keys>(&field)) {
    w.write_u8(tag);
    w.write_varint(add->data.size());
    for (const auto &k : add->data) w.write_pod(k);
  } else if (const auto *mg = boost::get<tx_extra_mysterious_minergate>(&field)) {
    w.write_u8(tag);
    w.write_varint(mg->data.size());
    w.write_bytes(mg->data.data(), mg->data.size());
  }
}

}  // namespace cncrypto
