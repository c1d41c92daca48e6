#include "cryptonote/serialization.h"

#include "common/parse_context.h"
#include "ringct/rctSerialization.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace cryptonote {

using namespace cncrypto;  // cncrypto's reader, writer and types used by the helpers below

namespace {

constexpr std::size_t key_size = 32;

std::string hex_byte(std::uint8_t b) {
  const char *digits = "0123456789abcdef";
  return std::string{'0', 'x', digits[b >> 4], digits[b & 15]};
}

[[noreturn]] void misuse(const std::string &message) { throw std::invalid_argument("cryptonote serialization: " + message); }

// ---------------------------------------------------------------- reading

// A std::vector<uint8_t>: varint length then bytes.
void read_byte_vector(binary_reader &r, std::vector<std::uint8_t> &v, const char *what) {
  const std::size_t n = r.read_count(what, 1);
  v.resize(n);
  r.read_bytes(v.data(), n, what);
}

void read_txout_to_script(binary_reader &r, txout_to_script &t) {
  const std::size_t n = r.read_count("script key count", key_size);
  t.keys.resize(n);
  for (auto &k : t.keys) r.read_pod(k, "script key");
  read_byte_vector(r, t.script, "script");
}

std::size_t signature_count(const txin_v &in) {
  if (const auto *k = boost::get<txin_to_key>(&in)) return k->key_offsets.size();
  return 0;
}

// The fields after the tag of the input kinds without a ring (txin_to_key,
// which counts key offsets, is read in read_prefix).
void read_input_fields(binary_reader &r, txin_gen &g) { g.height = r.read_varint("coinbase height"); }
void read_input_fields(binary_reader &r, txin_to_script &s) {
  r.read_pod(s.prev, "prev");
  s.prevout = r.read_varint("prevout");
  read_byte_vector(r, s.sigset, "sigset");
}
void read_input_fields(binary_reader &r, txin_to_scripthash &s) {
  r.read_pod(s.prev, "prev");
  s.prevout = r.read_varint("prevout");
  read_txout_to_script(r, s.script);
  read_byte_vector(r, s.sigset, "sigset");
}
template <class Input>
void read_input(binary_reader &r, std::vector<txin_v> &vin) {
  Input in;
  read_input_fields(r, in);
  vin.emplace_back(std::move(in));
}

void read_prefix(binary_reader &r, transaction_prefix &p) {
  const std::size_t version_offset = r.offset();
  p.version = r.read_varint("transaction version");
  if (p.version == 0 || p.version > current_transaction_version) {
    r.fail_at(version_offset, "transaction version",
              "unsupported version " + std::to_string(p.version) + " (1 or 2 expected)");
  }
  p.unlock_time = r.read_varint("unlock_time");

  // Smallest input: the tag alone (txin_gen whose height varint is missing at
  // the end of the input reads as height 0, as in Monero), so 1 byte each:
  // exactly Monero's check (count <= remaining bytes).
  const std::size_t n_in = r.read_count("input count", 1);
  p.vin.clear();
  p.vin.reserve(std::min<std::size_t>(n_in, 1024));  // grows with what is actually parsed
  std::uint64_t total_offsets = 0;
  for (std::size_t i = 0; i < n_in; ++i) {
    with_parse_context("input", i, [&] {
      const std::size_t tag_offset = r.offset();
      const std::uint8_t tag = r.read_u8("input type tag");
      switch (tag) {
        case txin_gen_tag:
          read_input<txin_gen>(r, p.vin);
          break;
        case txin_to_key_tag: {
          txin_to_key k;
          k.amount = r.read_varint("amount");
          const std::size_t n = r.read_count("key offset count", 1);
          total_offsets += n;
          if (total_offsets >= max_total_key_offsets) {
            r.fail("key offset count", "total key offsets over all inputs reach " + std::to_string(total_offsets) +
                                           " (limit " + std::to_string(max_total_key_offsets) + ", exclusive)");
          }
          k.key_offsets.resize(n);
          for (auto &o : k.key_offsets) o = r.read_varint("key offset");
          r.read_pod(k.k_image, "key image");
          p.vin.emplace_back(std::move(k));
          break;
        }
        case txin_to_script_tag:
          read_input<txin_to_script>(r, p.vin);
          break;
        case txin_to_scripthash_tag:
          read_input<txin_to_scripthash>(r, p.vin);
          break;
        default:
          r.fail_at(tag_offset, "input type tag", "unknown tag " + hex_byte(tag));
      }
    });
  }

  // Smallest output: varint amount + tag + 32-byte hash (scripthash) / key.
  const std::size_t n_out = r.read_count("output count", 2);
  p.vout.clear();
  p.vout.reserve(std::min<std::size_t>(n_out, 1024));
  for (std::size_t i = 0; i < n_out; ++i) {
    with_parse_context("output", i, [&] {
      tx_out o;
      o.amount = r.read_varint("amount");
      const std::size_t tag_offset = r.offset();
      const std::uint8_t tag = r.read_u8("output type tag");
      switch (tag) {
        case txout_to_key_tag: {
          txout_to_key k;
          r.read_pod(k.key, "output key");
          o.target = k;
          break;
        }
        case txout_to_tagged_key_tag: {
          txout_to_tagged_key k;
          r.read_pod(k.key, "output key");
          k.view_tag.data = static_cast<char>(r.read_u8("view tag"));
          o.target = k;
          break;
        }
        case txout_to_script_tag: {
          txout_to_script s;
          read_txout_to_script(r, s);
          o.target = std::move(s);
          break;
        }
        case txout_to_scripthash_tag: {
          txout_to_scripthash s;
          r.read_pod(s.hash, "script hash");
          o.target = s;
          break;
        }
        default:
          r.fail_at(tag_offset, "output type tag", "unknown tag " + hex_byte(tag));
      }
      p.vout.push_back(std::move(o));
    });
  }

  read_byte_vector(r, p.extra, "extra");
}

void read_v1_signatures(binary_reader &r, transaction &tx) {
  tx.signatures.clear();
  tx.signatures.resize(tx.vin.size());
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    with_parse_context("ring signature of input", i, [&] {
      const std::size_t n = signature_count(tx.vin[i]);
      r.require(n, sizeof(signature), "ring signature");
      tx.signatures[i].resize(n);
      for (auto &s : tx.signatures[i]) r.read_pod(s, "ring signature (c, r)");
    });
  }
}

// The RingCT sections are read by ringct/rctSerialization (beside their
// writer); the prefix gives the counts.
void read_rct_base(binary_reader &r, transaction &tx) {
  cncrypto::read_rctsig_base(r, tx.rct_signatures, tx.vin.size(), tx.vout.size());
}

// Ring size - 1 as Monero's serializer derives it: from input 0 only.
std::uint64_t prunable_mixin(const transaction &tx) {
  if (!tx.vin.empty()) {
    if (const auto *k = boost::get<txin_to_key>(&tx.vin[0])) {
      return static_cast<std::uint64_t>(k->key_offsets.size()) - 1;  // wraps for 0 offsets, refused by the reader
    }
  }
  return 0;
}

void read_rct_prunable(binary_reader &r, transaction &tx) {
  rct::rctSig &rv = tx.rct_signatures;
  cncrypto::read_rctsig_prunable(r, rv.p, rv.type, tx.vin.size(), tx.vout.size(), prunable_mixin(tx));
  if (rv.type != rct::RCTTypeCLSAG && rv.type != rct::RCTTypeBulletproofPlus) return;
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    // I is the input's key image (not serialized; Monero fills it from the
    // prefix before verifying, Blockchain::expand_transaction_2).
    if (const auto *k = boost::get<txin_to_key>(&tx.vin[i])) {
      std::memcpy(rv.p.CLSAGs[i].I.bytes, k->k_image.data, key_size);
    }
  }
}

// Monero's expand_transaction_1 (cryptonote_format_utils.cpp), which its
// transaction parsers (parse_and_validate_tx_from_blob, _base_) run after
// deserializing and its block parser does not (the miner transaction is not
// expanded): nothing for v1, for a coinbase (is_coinbase: one txin_gen input)
// or for RingCT type 0; otherwise every output must have a public key
// (txout_to_key or txout_to_tagged_key), which becomes outPk[i].dest, and a
// complete (not base_only) bulletproof transaction must carry exactly one
// proof. That the proof covers every output (2^(|L| - 6) >= outputs) was
// already checked by the RingCT reader (read_range_proofs: the proofs read
// must cover the outputs), as Monero's serializer does for coinbases too.
// Throws parse_error at `offset` (the end of what was read).
void expand_transaction(transaction &tx, bool base_only, std::size_t offset) {
  rct::rctSig &rv = tx.rct_signatures;
  if (tx.version < 2 || is_coinbase(tx) || rv.type == rct::RCTTypeNull) return;
  for (std::size_t i = 0; i < tx.vout.size(); ++i) {
    if (const auto *k = boost::get<txout_to_key>(&tx.vout[i].target)) {
      std::memcpy(rv.outPk[i].dest.bytes, k->key.data, key_size);
    } else if (const auto *t = boost::get<txout_to_tagged_key>(&tx.vout[i].target)) {
      std::memcpy(rv.outPk[i].dest.bytes, t->key.data, key_size);
    } else {
      throw parse_error("output " + std::to_string(i) +
                            ": a RingCT output must be txout_to_key or txout_to_tagged_key (it has no public key)",
                        offset);
    }
  }
  if (base_only) return;
  std::size_t count = 0;
  if (rv.type == rct::RCTTypeBulletproofPlus) {
    count = rv.p.bulletproofs_plus.size();
  } else if (rv.type >= rct::RCTTypeBulletproof && rv.type <= rct::RCTTypeCLSAG) {
    count = rv.p.bulletproofs.size();
  } else {
    return;
  }
  if (count != 1) {
    throw parse_error("range proofs: expected exactly 1 bulletproof, found " + std::to_string(count), offset);
  }
}

// Reads a transaction at the reader's position (no end-of-input check).
void read_transaction(binary_reader &r, transaction &tx, bool base_only, transaction_layout *layout) {
  const std::size_t start = r.position();
  read_prefix(r, tx);
  const std::size_t after_prefix = r.position();
  std::size_t after_base = after_prefix;
  tx.pruned = base_only;
  tx.signatures.clear();
  tx.rct_signatures = rct::rctSig{};
  if (tx.version == 1) {
    if (!base_only) read_v1_signatures(r, tx);
  } else if (!tx.vin.empty()) {
    read_rct_base(r, tx);
    after_base = r.position();
    if (!base_only && tx.rct_signatures.type != rct::RCTTypeNull) read_rct_prunable(r, tx);
  }
  if (layout) {
    layout->canonical = !r.ended_early();
    layout->prefix_size = after_prefix - start;
    if (tx.version == 1) {
      layout->rct_base_size = layout->rct_prunable_size = 0;
      layout->signatures_size = r.position() - after_prefix;
    } else {
      layout->rct_base_size = after_base - after_prefix;
      layout->rct_prunable_size = r.position() - after_base;
      layout->signatures_size = 0;
    }
  }
}

void read_block_header(binary_reader &r, block_header &h) {
  h.major_version = static_cast<std::uint8_t>(r.read_varint("block major_version", 8));
  h.minor_version = static_cast<std::uint8_t>(r.read_varint("block minor_version", 8));
  h.timestamp = r.read_varint("block timestamp");
  r.read_pod(h.prev_id, "block prev_id");
  h.nonce = r.read_u32_le("block nonce");
}

// ---------------------------------------------------------------- writing


void write_byte_vector(binary_writer &w, const std::vector<std::uint8_t> &v) {
  w.write_varint(v.size());
  w.write_bytes(v.data(), v.size());
}

void write_txout_to_script(binary_writer &w, const txout_to_script &t) {
  w.write_varint(t.keys.size());
  for (const auto &k : t.keys) w.write_pod(k);
  write_byte_vector(w, t.script);
}

void write_prefix(binary_writer &w, const transaction_prefix &p) {
  if (p.version == 0 || p.version > current_transaction_version) {
    misuse("transaction version " + std::to_string(p.version) + " (1 or 2 expected)");
  }
  w.write_varint(p.version);
  w.write_varint(p.unlock_time);
  w.write_varint(p.vin.size());
  for (const auto &in : p.vin) {
    if (const auto *g = boost::get<txin_gen>(&in)) {
      w.write_u8(txin_gen_tag);
      w.write_varint(g->height);
    } else if (const auto *k = boost::get<txin_to_key>(&in)) {
      w.write_u8(txin_to_key_tag);
      w.write_varint(k->amount);
      w.write_varint(k->key_offsets.size());
      for (auto o : k->key_offsets) w.write_varint(o);
      w.write_pod(k->k_image);
    } else if (const auto *s = boost::get<txin_to_script>(&in)) {
      w.write_u8(txin_to_script_tag);
      w.write_pod(s->prev);
      w.write_varint(s->prevout);
      write_byte_vector(w, s->sigset);
    } else if (const auto *sh = boost::get<txin_to_scripthash>(&in)) {
      w.write_u8(txin_to_scripthash_tag);
      w.write_pod(sh->prev);
      w.write_varint(sh->prevout);
      write_txout_to_script(w, sh->script);
      write_byte_vector(w, sh->sigset);
    }
  }
  w.write_varint(p.vout.size());
  for (const auto &o : p.vout) {
    w.write_varint(o.amount);
    if (const auto *k = boost::get<txout_to_key>(&o.target)) {
      w.write_u8(txout_to_key_tag);
      w.write_pod(k->key);
    } else if (const auto *t = boost::get<txout_to_tagged_key>(&o.target)) {
      w.write_u8(txout_to_tagged_key_tag);
      w.write_pod(t->key);
      w.write_u8(static_cast<std::uint8_t>(t->view_tag.data));
    } else if (const auto *s = boost::get<txout_to_script>(&o.target)) {
      w.write_u8(txout_to_script_tag);
      write_txout_to_script(w, *s);
    } else if (const auto *sh = boost::get<txout_to_scripthash>(&o.target)) {
      w.write_u8(txout_to_scripthash_tag);
      w.write_pod(sh->hash);
    }
  }
  write_byte_vector(w, p.extra);
}

void write_v1_signatures(binary_writer &w, const transaction &tx) {
  if (tx.signatures.empty()) {
    // Allowed only when no input needs a signature (e.g. a coinbase).
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      if (signature_count(tx.vin[i]) != 0) misuse("v1 transaction without signatures for input " + std::to_string(i));
    }
    return;
  }
  if (tx.signatures.size() != tx.vin.size()) {
    misuse(std::to_string(tx.signatures.size()) + " signature vectors for " + std::to_string(tx.vin.size()) +
           " inputs");
  }
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    if (tx.signatures[i].size() != signature_count(tx.vin[i])) {
      misuse("input " + std::to_string(i) + " has " + std::to_string(tx.signatures[i].size()) +
             " signatures for a ring of " + std::to_string(signature_count(tx.vin[i])));
    }
    for (const auto &s : tx.signatures[i]) w.write_pod(s);
  }
}

// The RingCT parts are written by ringct/rctSerialization (the one writer,
// shared with get_pre_mlsag_hash); only the counts come from the prefix here.
void write_rct_base(binary_writer &w, const transaction &tx) {
  rct::serialize_rctsig_base(w, tx.rct_signatures, tx.vin.size(), tx.vout.size());
}

void write_rct_prunable(binary_writer &w, const transaction &tx) {
  const std::uint64_t mixin = prunable_mixin(tx);
  if (mixin >= 0xffffffffu) misuse("RingCT input 0 has no ring members");
  rct::serialize_rctsig_prunable(w, tx.rct_signatures.p, tx.rct_signatures.type, tx.vin.size(),
                                 tx.vout.size(), static_cast<std::size_t>(mixin));
}

template <class F>
bool as_bool(std::string *error, F &&f) {
  try {
    f();
    return true;
  } catch (const parse_error &e) {
    if (error) *error = e.what();
    return false;
  }
}

// A whole transaction blob (complete, or pruned: base_only); trailing bytes
// are an error named `what`.
transaction read_whole_transaction(byte_span blob, bool base_only, transaction_layout *layout, const char *what) {
  binary_reader r(blob);
  transaction tx;
  read_transaction(r, tx, base_only, layout);
  r.expect_end(what);
  expand_transaction(tx, base_only, r.offset());
  return tx;
}

// An object at the start of blob, read by read(r, object); bytes after it are
// allowed, *size (if given) receives its length.
template <class T, class Read>
T read_leading(byte_span blob, std::size_t *size, Read &&read) {
  binary_reader r(blob);
  T object;
  read(r, object);
  if (size) *size = r.position();
  return object;
}

}  // namespace

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

transaction parse_transaction(byte_span blob, transaction_layout *layout) {
  return read_whole_transaction(blob, false, layout, "transaction");
}

transaction parse_pruned_transaction(byte_span blob, transaction_layout *layout) {
  return read_whole_transaction(blob, true, layout, "pruned transaction");
}

transaction_prefix parse_transaction_prefix(byte_span blob, std::size_t *prefix_size) {
  return read_leading<transaction_prefix>(blob, prefix_size, read_prefix);
}

block_header parse_block_header(byte_span blob, std::size_t *header_size) {
  return read_leading<block_header>(blob, header_size, read_block_header);
}

block parse_block(byte_span blob, bool *canonical) {
  binary_reader r(blob);
  block b;
  read_block_header(r, b);
  try {
    read_transaction(r, b.miner_tx, false, nullptr);
  } catch (const parse_error &e) {
    throw parse_error("miner transaction: " + e.reason(), e.offset());
  }
  const std::size_t count_offset = r.offset();
  const std::size_t n = r.read_count("block tx hash count", sizeof(crypto::hash));
  if (n > max_tx_per_block) {
    r.fail_at(count_offset, "block tx hash count", std::to_string(n) + " exceeds CRYPTONOTE_MAX_TX_PER_BLOCK");
  }
  b.tx_hashes.resize(n);
  for (auto &h : b.tx_hashes) r.read_pod(h, "block tx hash");
  r.expect_end("block");
  if (canonical) *canonical = !r.ended_early();
  return b;
}

}  // namespace cncrypto

namespace cryptonote {

bool parse_and_validate_tx_from_blob(byte_span blob, transaction &tx, std::string *error) {
  return as_bool(error, [&] { tx = parse_transaction(blob); });
}
bool parse_and_validate_tx_base_from_blob(byte_span blob, transaction &tx, std::string *error) {
  // Monero's serialize_base: the prefix and the RingCT base; what follows is not read.
  auto read_base = [](binary_reader &r, transaction &t) { read_transaction(r, t, true, nullptr); };
  return as_bool(error, [&] { tx = read_leading<transaction>(blob, nullptr, read_base); });
}
bool parse_and_validate_tx_prefix_from_blob(byte_span blob, transaction_prefix &tx, std::string *error) {
  return as_bool(error, [&] { tx = parse_transaction_prefix(blob); });
}
bool parse_and_validate_block_from_blob(byte_span blob, block &b, std::string *error) {
  return as_bool(error, [&] { b = parse_block(blob); });
}

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

transaction_blobs serialize_transaction_parts(const transaction &tx) {
  transaction_blobs parts;
  {
    binary_writer w(parts.prefix);
    write_prefix(w, tx);
  }
  if (tx.version == 1) {
    if (!tx.pruned) {
      binary_writer w(parts.signatures);
      write_v1_signatures(w, tx);
    }
  } else if (!tx.vin.empty()) {
    binary_writer wb(parts.rct_base);
    write_rct_base(wb, tx);
    if (!tx.pruned && tx.rct_signatures.type != rct::RCTTypeNull) {
      binary_writer wp(parts.rct_prunable);
      write_rct_prunable(wp, tx);
    }
  }
  return parts;
}

}  // namespace cncrypto

namespace cryptonote {

blobdata tx_to_blob(const transaction &tx) {
  transaction_blobs parts = serialize_transaction_parts(tx);
  blobdata out = std::move(parts.prefix);
  binary_writer w(out);
  w.write_bytes(parts.signatures.data(), parts.signatures.size());
  w.write_bytes(parts.rct_base.data(), parts.rct_base.size());
  w.write_bytes(parts.rct_prunable.data(), parts.rct_prunable.size());
  return out;
}

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

blobdata tx_prefix_to_blob(const transaction_prefix &tx) {
  blobdata out;
  binary_writer w(out);
  write_prefix(w, tx);
  return out;
}

blobdata block_header_to_blob(const block_header &b) {
  blobdata out;
  binary_writer w(out);
  w.write_varint(b.major_version);
  w.write_varint(b.minor_version);
  w.write_varint(b.timestamp);
  w.write_pod(b.prev_id);
  w.write_u32_le(b.nonce);
  return out;
}

}  // namespace cncrypto

namespace cryptonote {

blobdata block_to_blob(const block &b) {
  if (b.tx_hashes.size() > max_tx_per_block) misuse("block has more than CRYPTONOTE_MAX_TX_PER_BLOCK tx hashes");
  blobdata out = block_header_to_blob(b);
  const blobdata miner = tx_to_blob(b.miner_tx);
  binary_writer w(out);
  w.write_bytes(miner.data(), miner.size());
  w.write_varint(b.tx_hashes.size());
  for (const auto &h : b.tx_hashes) w.write_pod(h);
  return out;
}

namespace {
// b_blob = to_blob(object), false instead of std::invalid_argument.
template <class Object>
bool to_blob_or_false(blobdata (*to_blob)(const Object &), const Object &object, blobdata &b_blob) {
  try {
    b_blob = to_blob(object);
    return true;
  } catch (const std::invalid_argument &) {
    return false;
  }
}
template <class Object>
blobdata to_blob_or_empty(const Object &object) {
  blobdata out;
  if (!t_serializable_object_to_blob(object, out)) out.clear();
  return out;
}
}  // namespace

bool tx_to_blob(const transaction &tx, blobdata &b_blob) { return to_blob_or_false(&tx_to_blob, tx, b_blob); }
bool block_to_blob(const block &b, blobdata &b_blob) { return to_blob_or_false(&block_to_blob, b, b_blob); }
bool t_serializable_object_to_blob(const transaction &to, blobdata &b_blob) { return tx_to_blob(to, b_blob); }
bool t_serializable_object_to_blob(const block &to, blobdata &b_blob) { return block_to_blob(to, b_blob); }
blobdata t_serializable_object_to_blob(const transaction &to) { return to_blob_or_empty(to); }
blobdata t_serializable_object_to_blob(const block &to) { return to_blob_or_empty(to); }

}  // namespace cryptonote

namespace cncrypto {

namespace detail {

bool serializable_object_from_blob(cryptonote::transaction &to, byte_span blob) {
  return cryptonote::as_bool(nullptr, [&] {
    binary_reader r(blob);
    cryptonote::transaction tx;
    cryptonote::read_transaction(r, tx, false, nullptr);
    r.expect_end("transaction");
    to = std::move(tx);
  });
}

bool serializable_object_from_blob(cryptonote::transaction_prefix &to, byte_span blob) {
  return cryptonote::as_bool(nullptr, [&] {
    binary_reader r(blob);
    cryptonote::transaction_prefix p;
    cryptonote::read_prefix(r, p);
    r.expect_end("transaction prefix");
    to = std::move(p);
  });
}

bool serializable_object_from_blob(cryptonote::block &to, byte_span blob) {
  return cryptonote::parse_and_validate_block_from_blob(blob, to, static_cast<std::string *>(nullptr));
}

}  // namespace detail

bool parse_and_validate_tx_base_from_blob_strict(cncrypto::byte_span blob, cryptonote::transaction &tx,
                                                 std::string *error) {
  return cryptonote::as_bool(error, [&] { tx = cncrypto::parse_pruned_transaction(blob); });
}

}  // namespace cncrypto
