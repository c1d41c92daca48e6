// MLSAG signing and verification and the RingCT wrappers (see mlsag.h;
// acceptance rules: ../shared/vectors/README_ringct_legacy.md, "MLSAG").
//
// Verification (_vartime): the products of a column (L_j, and R_j for the
// linkable rows) are computed two at a time with shared doubling loops (the
// curve layer's straus_pair_vartime: G from the library's table of 64 odd
// multiples, the key images from per-signature tables built once, the member's
// points from 8-entry tables), each pair encoded with one field inversion. On
// the ifma backend straus_pair_vartime runs on its 4-way kernel. (Session 10's
// layout of 8-lane batches per column, 1.6-1.9x the serial Straus on IFMA, was
// removed when the 4-way pair kernel beat it by 1.1-1.2x on every backend that
// had it: docs/measurements/curve_backends.md; with 4 AVX2 lanes the Straus
// pairs were already faster.) The ring is decoded and hashed to points before
// the loop.
//
// Signing is constant time in the secrets and the index, as the CLSAG signer:
// the ring is rotated by index + 1 (ct_ring.h) so that the chain of challenges
// always runs over positions 0..cols-2, every product on rotated data is a
// constant-time one, and the results are put in place with masks. The decoys'
// s G come from one batch, each column's c P_j from one batch (the curve
// layer's scalarmult_batch), and a column's points share one field inversion
// (p3_tobytes_batch). With lanes (avx2 or ifma; 5-10% on avx2), the decoys'
// s Hp(P) come from one batch up front too and c I_j joins the column's batch; serially R = s Hp(P) + c I is
// one radix-16 Straus sharing its doublings.
#include "ringct/mlsag.h"

#include "common/ct.h"
#include "common/ct_declassify.h"
#include "crypto/ed25519/sc.h"
#include "curve/ecmult.h"
#include "curve/group.h"

#include "ct_ring.h"
#include "rct_points.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

namespace ct = cncrypto::ct;
using detail::ct_cmov;
using detail::ct_rotate_left;

constexpr unsigned char kZero[32] = {0};
// Matrices above this many keys are refused before allocating (consensus
// allows 16 columns of at most a few rows).
constexpr std::size_t kMaxKeys = std::size_t(1) << 24;

[[noreturn]] void misuse(const char *fn, const std::string &what) {
  throw std::invalid_argument(std::string("rct::") + fn + ": " + what);
}

// Window for a per-signature table used n times (as the CLSAG verifier's).
int fixed_window(std::size_t n) {
  int best = 5;
  double best_cost = 1e300;
  for (int w = 5; w <= 8; ++w) {
    const double cost = static_cast<double>(1 << (w - 2)) + static_cast<double>(n) * 254.0 / (w + 1);
    if (cost < best_cost) {
      best_cost = cost;
      best = w;
    }
  }
  return best;
}

// true when m has at least one column, every column the same number rows >= 1
// of entries (key matrices and type-1 rings alike).
template <typename Matrix>
bool rectangular(const Matrix &m, std::size_t &rows) {
  if (m.empty()) return false;
  rows = m[0].size();
  if (rows == 0) return false;
  for (const auto &column : m)
    if (column.size() != rows) return false;
  return true;
}

// ---- verification --------------------------------------------------------------

// Where row j's entries start in toHash = message || (pk, L, R) per linkable row
// || (pk, L) per other row (Monero's MLSAG_Gen / MLSAG_Ver layout).
std::size_t hash_slot(std::size_t j, std::size_t dsRows) {
  return j < dsRows ? 1 + 3 * j : 1 + 3 * dsRows + 2 * (j - dsRows);
}

// A column into toHash: members[j] = row j's key, encoded = the column's L_j
// (rows of them) then R_j (dsRows of them).
void place_column(std::vector<key> &to_hash, const key *members, const std::vector<key> &encoded, std::size_t rows,
                  std::size_t dsRows) {
  for (std::size_t j = 0; j < rows; ++j) {
    const std::size_t at = hash_slot(j, dsRows);
    to_hash[at] = members[j];
    to_hash[at + 1] = encoded[j];
    if (j < dsRows) to_hash[at + 2] = encoded[rows + j];
  }
}

// One product s*G + c*P (or s*Hp + c*II) of a column, as straus_pair_vartime terms.
struct product {
  ed::wnaf_term t[3];
};

}  // namespace

bool MLSAG_Ver(const key &message, const keyM &pk, const mgSig &rv, std::size_t dsRows) {
  const std::size_t cols = pk.size();
  if (cols < 2) return false;
  std::size_t rows = 0;
  if (!rectangular(pk, rows)) return false;
  if (cols > kMaxKeys / rows) return false;
  if (rv.II.size() != dsRows) return false;
  if (rv.ss.size() != cols) return false;
  for (const keyV &column : rv.ss)
    if (column.size() != rows) return false;
  if (dsRows > rows) return false;
  for (const keyV &column : rv.ss)
    for (const key &s : column)
      if (sc_check(s.bytes) != 0) return false;
  if (sc_check(rv.cc.bytes) != 0) return false;

  // Key images: not the identity's bytes, must decode; one table each.
  const int wf = fixed_window(cols);
  const std::size_t fixed_count = std::size_t(1) << (wf - 2);
  std::vector<ed::ge_cached> image_tables(dsRows * fixed_count);
  for (std::size_t j = 0; j < dsRows; ++j) {
    if (rv.II[j] == I) return false;
    ed::ge_p3 image;
    if (ed::ge_frombytes_vartime(&image, rv.II[j].bytes) != 0) return false;
    ed::odd_multiples_cached(&image_tables[j * fixed_count], image, static_cast<int>(fixed_count));
  }
  // The ring: 8-entry tables of every key, and of Hp(key) for the linkable rows.
  std::vector<ed::ge_cached> key_tables(cols * rows * 8), hash_tables(cols * dsRows * 8);
  for (std::size_t i = 0; i < cols; ++i) {
    for (std::size_t j = 0; j < rows; ++j) {
      ed::ge_p3 p;
      if (ed::ge_frombytes_vartime(&p, pk[i][j].bytes) != 0) return false;
      ed::odd_multiples_cached(&key_tables[(i * rows + j) * 8], p, 8);
      if (j < dsRows) {
        points::hash_to_p3(p, pk[i][j]);
        ed::odd_multiples_cached(&hash_tables[(i * dsRows + j) * 8], p, 8);
      }
    }
  }

  // toHash = message || (pk, L, R) per linkable row || (pk, L) per other row.
  std::vector<key> to_hash(1 + 3 * dsRows + 2 * (rows - dsRows));
  to_hash[0] = message;
  std::vector<product> products(rows + dsRows);
  std::vector<key *> outputs(rows + dsRows);
  key c = rv.cc;
  for (std::size_t i = 0; i < cols; ++i) {
    std::size_t n = 0;
    for (std::size_t j = 0; j < rows; ++j) {
      const ed::ge_cached *kt = &key_tables[(i * rows + j) * 8];
      const std::size_t at = hash_slot(j, dsRows);
      to_hash[at] = pk[i][j];
      products[n] = {{{rv.ss[i][j].bytes, 8, nullptr, ed::ge_base_odd}, {c.bytes, 5, kt, nullptr}, {kZero, 5, kt, nullptr}}};
      outputs[n++] = &to_hash[at + 1];
      if (j < dsRows) {
        const ed::ge_cached *ht = &hash_tables[(i * dsRows + j) * 8];
        products[n] = {{{rv.ss[i][j].bytes, 5, ht, nullptr},
                        {c.bytes, wf, &image_tables[j * fixed_count], nullptr},
                        {kZero, 5, ht, nullptr}}};
        outputs[n++] = &to_hash[at + 2];
      }
    }
    for (std::size_t k = 0; k + 1 < n; k += 2) {
      ed::ge_p2 ra, rb;
      ed::straus_pair_vartime(ra, products[k].t, rb, products[k + 1].t);
      ed::encode_pair(outputs[k]->bytes, ra, outputs[k + 1]->bytes, rb);
    }
    if (n % 2 != 0) {
      // The odd product left (L of the last row: every simple MLSAG has 3 per
      // column, type 1 has 2 * inputs + 1) on its own, s*G + c*P, rather than
      // as a pair with a copy of itself: G's first 16 odd multiples (width-6
      // NAF) and the key's 8-entry table.
      const product &last = products[n - 1];
      const ed::straus_term terms[2] = {{last.t[0].scalar, nullptr, ed::ge_base_odd},
                                             {last.t[1].scalar, last.t[1].cached, nullptr}};
      const ed::ge_p3 r = ed::straus_vartime(terms, 2);
      ed::ge_p3_tobytes(outputs[n - 1]->bytes, &r);
    }
    hash_to_scalar(c, to_hash.data(), to_hash.size() * sizeof(key));
    if (c == Z) return false;
  }
  return c == rv.cc;
}

mgSig MLSAG_Gen(const key &message, const keyM &pk, const keyV &xx, unsigned int index, std::size_t dsRows,
                hw::device &hwdev) {
  const char *fn = "MLSAG_Gen";
  cncrypto::require_software_device(hwdev, "rct::MLSAG_Gen");
  const std::size_t cols = pk.size();
  if (cols < 2) misuse(fn, "a ring needs at least 2 columns (cols = " + std::to_string(cols) + ")");
  {
    std::uint64_t inside = ct::lt_mask(index, cols) & 1;
    CNCRYPTO_DECLASSIFY(&inside, sizeof inside);  // the exception reveals it anyway
    if (inside == 0) misuse(fn, "index is outside the ring of " + std::to_string(cols) + " columns");
  }
  std::size_t rows = 0;
  if (!rectangular(pk, rows)) misuse(fn, "pk is empty or not rectangular");
  if (cols > kMaxKeys / rows) misuse(fn, "the key matrix is absurdly large");
  if (xx.size() != rows) misuse(fn, "xx has " + std::to_string(xx.size()) + " keys for " + std::to_string(rows) + " rows");
  if (dsRows > rows) misuse(fn, "dsRows > rows");

  // The public ring, decoded and hashed to points.
  std::vector<ed::ge_p3> keys(cols * rows), hashes(cols * dsRows);
  for (std::size_t i = 0; i < cols; ++i)
    for (std::size_t j = 0; j < rows; ++j) {
      if (ed::ge_frombytes_vartime(&keys[i * rows + j], pk[i][j].bytes) != 0)
        misuse(fn, "pk[" + std::to_string(i) + "][" + std::to_string(j) + "] is not a valid point encoding");
      if (j < dsRows) points::hash_to_p3(hashes[i * dsRows + j], pk[i][j]);
    }

  struct secret_state {
    std::vector<key> alpha, ss_real, real_bytes;
    std::vector<ed::ge_p3> real_hashes, images;
    std::vector<key> entering;
    ~secret_state() {
      auto wipe = [](auto &v) {
        if (!v.empty()) sodium_memzero(v.data(), v.size() * sizeof(v[0]));
      };
      wipe(alpha), wipe(ss_real), wipe(real_bytes), wipe(real_hashes), wipe(images), wipe(entering);
    }
  } sec;
  sec.alpha.resize(rows);
  sec.ss_real.resize(rows);
  sec.real_bytes.assign(rows, Z);
  sec.real_hashes.resize(dsRows);
  sec.images.resize(dsRows);
  sec.entering.resize(cols);

  // The real column's keys and hashes, selected in constant time.
  for (std::size_t j = 0; j < dsRows; ++j) ed::ge_p3_0(&sec.real_hashes[j]);
  for (std::size_t i = 0; i < cols; ++i) {
    const std::uint64_t m = ct::eq_mask(i, index);
    for (std::size_t j = 0; j < rows; ++j) ct_cmov(sec.real_bytes[j], pk[i][j], m);
    for (std::size_t j = 0; j < dsRows; ++j) ct_cmov(sec.real_hashes[j], hashes[i * dsRows + j], m);
  }

  mgSig rv;
  rv.II.resize(dsRows);
  rv.ss.assign(cols, keyV(rows));
  std::vector<key> to_hash(1 + 3 * dsRows + 2 * (rows - dsRows));
  to_hash[0] = message;
  for (std::size_t j = 0; j < rows; ++j) {
    skGen(sec.alpha[j]);
    ed::ge_p3 t;
    const std::size_t at = hash_slot(j, dsRows);
    to_hash[at] = sec.real_bytes[j];
    ed::ge_scalarmult_base(&t, sec.alpha[j].bytes);
    ed::ge_p3_tobytes(to_hash[at + 1].bytes, &t);
    if (j < dsRows) {
      ed::ge_scalarmult_p3(&t, sec.alpha[j].bytes, &sec.real_hashes[j]);
      ed::ge_p3_tobytes(to_hash[at + 2].bytes, &t);
      ed::ge_scalarmult_p3(&sec.images[j], xx[j].bytes, &sec.real_hashes[j]);
      ed::ge_p3_tobytes(rv.II[j].bytes, &sec.images[j]);
      CNCRYPTO_DECLASSIFY(rv.II[j].bytes, 32);  // published
    }
    sodium_memzero(&t, sizeof t);
  }
  key c;
  hash_to_scalar(c, to_hash.data(), to_hash.size() * sizeof(key));

  // Random responses for every column (the real one is replaced at the end).
  for (keyV &col : rv.ss)
    for (key &s : col) {
      skGen(s);
      CNCRYPTO_DECLASSIFY(s.bytes, 32);
    }

  // Rotate by r = index + 1 (mod cols): position p holds column (r + p) mod cols,
  // position cols - 1 the real one.
  std::uint64_t r = static_cast<std::uint64_t>(index) + 1;
  r = ct::select(ct::eq_mask(r, cols), 0, r);
  // Flat column-major copies (position p, row j at p * width + j), each row
  // rotated across the columns in constant time.
  auto rotated = [&](auto flat, std::size_t width) {
    using item = typename decltype(flat)::value_type;
    std::vector<item> line(cols);
    for (std::size_t j = 0; j < width; ++j) {
      for (std::size_t i = 0; i < cols; ++i) line[i] = flat[i * width + j];
      ct_rotate_left(line, r);
      for (std::size_t i = 0; i < cols; ++i) flat[i * width + j] = line[i];
    }
    if (!line.empty()) sodium_memzero(line.data(), line.size() * sizeof(item));
    return flat;
  };
  std::vector<key> pk_flat(cols * rows), ss_flat(cols * rows);
  for (std::size_t i = 0; i < cols; ++i)
    for (std::size_t j = 0; j < rows; ++j) pk_flat[i * rows + j] = pk[i][j], ss_flat[i * rows + j] = rv.ss[i][j];
  struct rotated_ring {
    std::vector<ed::ge_p3> keys, hashes;
    std::vector<key> bytes, ss;
    ~rotated_ring() {
      sodium_memzero(keys.data(), keys.size() * sizeof(ed::ge_p3));
      if (!hashes.empty()) sodium_memzero(hashes.data(), hashes.size() * sizeof(ed::ge_p3));
      sodium_memzero(bytes.data(), bytes.size() * sizeof(key));
      sodium_memzero(ss.data(), ss.size() * sizeof(key));
    }
  } rot{rotated(keys, rows), rotated(hashes, dsRows), rotated(pk_flat, rows), rotated(ss_flat, rows)};

  // The chain over the decoys, with constant-time products. Every s_(p,j) G is
  // known before the chain starts: one batch. Then, by the curve backend's lanes
  // (public):
  //  - with lanes (a vector backend, 8 points per kernel call): every
  //    s_(p,j) Hp(P_(p,j)) is known up front too (one batch with a scalar per point);
  //    within a column everything left shares the scalar c: c P_(p,j) for the keys
  //    and c I_j for the images, one batch;
  //  - serial: c P_(p,j) in one batch per column, and R = s Hp(P) + c I in one
  //    radix-16 Straus sharing its doublings (the image's table built once).
  // The column's L and R are encoded together (one field inversion).
  const std::size_t decoys = cols - 1;
  const bool lanes = ed::curve_backend_lanes() > 1;
  using bytes32 = unsigned char[32];
  std::vector<ed::ge_p3> sG(decoys * rows), sH(lanes ? decoys * dsRows : 0), column(rows + dsRows),
      cP(lanes ? rows + dsRows : 0);
  std::vector<key> encoded(rows + dsRows);
  struct wipe_points {
    std::vector<ed::ge_p3> &a, &b, &d, &e;
    std::vector<key> &c;
    ~wipe_points() {
      for (std::vector<ed::ge_p3> *v : {&a, &b, &d, &e})
        if (!v->empty()) sodium_memzero(v->data(), v->size() * sizeof(ed::ge_p3));
      sodium_memzero(c.data(), c.size() * sizeof(key));
    }
  } wipe_chain{sG, column, sH, cP, encoded};
  static_assert(sizeof(key) == sizeof(bytes32), "a key is its 32 bytes");
  ed::scalarmult_base_batch(sG.data(), reinterpret_cast<const bytes32 *>(rot.ss.data()), decoys * rows);
  std::vector<ed::ge_cached> image_tables(lanes ? 0 : dsRows * 8);
  std::vector<ed::ge_p3> chain_points(lanes ? rows + dsRows : 0);  // a column's keys, then the images
  if (lanes) {
    std::vector<key> s_ds(decoys * dsRows);
    for (std::size_t p = 0; p < decoys; ++p)
      for (std::size_t j = 0; j < dsRows; ++j) s_ds[p * dsRows + j] = rot.ss[p * rows + j];
    ed::scalarmult_each_batch(sH.data(), reinterpret_cast<const bytes32 *>(s_ds.data()), rot.hashes.data(),
                                   decoys * dsRows);
    sodium_memzero(s_ds.data(), s_ds.size() * sizeof(key));
    for (std::size_t j = 0; j < dsRows; ++j) chain_points[rows + j] = sec.images[j];
  } else {
    for (std::size_t j = 0; j < dsRows; ++j) ed::multiples8(&image_tables[j * 8], sec.images[j]);
  }
  sec.entering[0] = c;
  for (std::size_t p = 0; p < decoys; ++p) {
    if (lanes) {
      for (std::size_t j = 0; j < rows; ++j) chain_points[j] = rot.keys[p * rows + j];
      ed::scalarmult_batch(cP.data(), c.bytes, chain_points.data(), rows + dsRows);
      for (std::size_t j = 0; j < rows; ++j) ed::p3_add(&column[j], &sG[p * rows + j], &cP[j]);
      for (std::size_t j = 0; j < dsRows; ++j)
        ed::p3_add(&column[rows + j], &sH[p * dsRows + j], &cP[rows + j]);
    } else {
      ed::scalarmult_batch(column.data(), c.bytes, &rot.keys[p * rows], rows);
      for (std::size_t j = 0; j < rows; ++j) ed::p3_add(&column[j], &sG[p * rows + j], &column[j]);
      for (std::size_t j = 0; j < dsRows; ++j) {
        ed::ge_cached hash_table[8];
        ed::multiples8(hash_table, rot.hashes[p * dsRows + j]);
        const unsigned char *scalars[2] = {rot.ss[p * rows + j].bytes, c.bytes};
        const ed::ge_cached *tables[2] = {hash_table, &image_tables[j * 8]};
        ed::ct_straus_radix16(column[rows + j], scalars, tables, 2);
        sodium_memzero(hash_table, sizeof hash_table);
      }
    }
    ed::p3_tobytes_batch(reinterpret_cast<bytes32 *>(encoded.data()), column.data(), rows + dsRows);
    place_column(to_hash, &rot.bytes[p * rows], encoded, rows, dsRows);
    hash_to_scalar(c, to_hash.data(), to_hash.size() * sizeof(key));
    sec.entering[p + 1] = c;
  }
  if (!chain_points.empty()) sodium_memzero(chain_points.data(), chain_points.size() * sizeof(ed::ge_p3));
  if (!image_tables.empty()) sodium_memzero(image_tables.data(), image_tables.size() * sizeof(ed::ge_cached));

  // Close: ss[index][j] = alpha_j - c xx_j; cc = the challenge entering column 0.
  for (std::size_t j = 0; j < rows; ++j) sc_mulsub(sec.ss_real[j].bytes, c.bytes, xx[j].bytes, sec.alpha[j].bytes);
  for (std::size_t i = 0; i < cols; ++i) {
    const std::uint64_t m = ct::eq_mask(i, index);
    for (std::size_t j = 0; j < rows; ++j) ct_cmov(rv.ss[i][j], sec.ss_real[j], m);
  }
  const std::uint64_t first = ct::select(ct::is_zero_mask(r), 0, cols - r);
  rv.cc = Z;
  for (std::size_t p = 0; p < cols; ++p) ct_cmov(rv.cc, sec.entering[p], ct::eq_mask(p, first));
  for (keyV &col : rv.ss)
    for (key &s : col) CNCRYPTO_DECLASSIFY(s.bytes, 32);
  CNCRYPTO_DECLASSIFY(rv.cc.bytes, 32);
  sodium_memzero(c.bytes, 32);
  sodium_memzero(to_hash.data(), to_hash.size() * sizeof(key));
  return rv;
}

// ---- the RingCT wrappers -------------------------------------------------------------

namespace {

// The type-1 matrix: M[i][j] = pubs[i][j].dest, M[i][rows] = identity +
// sum_j pubs[i][j].mask - sum_k outPk[k].mask - txnFeeKey (Monero's order of
// additions; the encoding is the same whatever the order). Throws
// std::invalid_argument on an undecodable point (addKeys/subKeys).
keyM full_matrix(const ctkeyM &pubs, const ctkeyV &outPk, const key &txnFeeKey, std::size_t rows) {
  keyM M(pubs.size(), keyV(rows + 1));
  for (std::size_t i = 0; i < pubs.size(); ++i) {
    key last = I;
    for (std::size_t j = 0; j < rows; ++j) {
      M[i][j] = pubs[i][j].dest;
      addKeys(last, last, pubs[i][j].mask);
    }
    for (const ctkey &o : outPk) subKeys(last, last, o.mask);
    subKeys(last, last, txnFeeKey);
    M[i][rows] = last;
  }
  return M;
}

// The two-row matrix of the simple types: (P_i, C_i - C).
keyM simple_matrix(const ctkeyV &pubs, const key &C) {
  ed::ge_p3 c;
  if (ed::ge_frombytes_vartime(&c, C.bytes) != 0) throw std::invalid_argument("the pseudo-output is not a valid point");
  ed::ge_cached cc;
  ed::ge_p3_to_cached(&cc, &c);
  keyM M(pubs.size(), keyV(2));
  for (std::size_t i = 0; i < pubs.size(); ++i) {
    M[i][0] = pubs[i].dest;
    ed::ge_p3 p;
    if (ed::ge_frombytes_vartime(&p, pubs[i].mask.bytes) != 0)
      throw std::invalid_argument("ring commitment " + std::to_string(i) + " is not a valid point");
    ed::ge_p1p1 t;
    ed::ge_sub(&t, &p, &cc);
    ed::ge_p1p1_to_p3(&p, &t);
    ed::ge_p3_tobytes(M[i][1].bytes, &p);
  }
  return M;
}

}  // namespace

mgSig proveRctMG(const key &message, const ctkeyM &pubs, const ctkeyV &inSk, const ctkeyV &outSk,
                 const ctkeyV &outPk, unsigned int index, const key &txnFeeKey, hw::device &hwdev) {
  const char *fn = "proveRctMG";
  std::size_t rows = 0;
  if (!rectangular(pubs, rows)) misuse(fn, "pubs is empty or not rectangular");
  if (inSk.size() != rows) misuse(fn, "inSk has " + std::to_string(inSk.size()) + " keys for " + std::to_string(rows) + " inputs");
  if (outSk.size() != outPk.size()) misuse(fn, "outSk and outPk sizes differ");
  keyM M;
  try {
    M = full_matrix(pubs, outPk, txnFeeKey, rows);
  } catch (const std::invalid_argument &e) {
    misuse(fn, e.what());
  }
  keyV sk(rows + 1, Z);
  for (std::size_t j = 0; j < rows; ++j) {
    sk[j] = inSk[j].dest;
    sc_add(sk[rows].bytes, sk[rows].bytes, inSk[j].mask.bytes);
  }
  for (const ctkey &o : outSk) sc_sub(sk[rows].bytes, sk[rows].bytes, o.mask.bytes);
  struct wipe {
    keyV &v;
    ~wipe() { sodium_memzero(v.data(), v.size() * sizeof(key)); }
  } wipe_sk{sk};
  return MLSAG_Gen(message, M, sk, index, rows, hwdev);
}

bool verRctMG(const mgSig &mg, const ctkeyM &pubs, const ctkeyV &outPk, const key &txnFeeKey, const key &message) {
  std::size_t rows = 0;
  if (!rectangular(pubs, rows)) return false;
  try {
    return MLSAG_Ver(message, full_matrix(pubs, outPk, txnFeeKey, rows), mg, rows);
  } catch (const std::invalid_argument &) {
    return false;
  }
}

mgSig proveRctMGSimple(const key &message, const ctkeyV &pubs, const ctkey &inSk, const key &a, const key &Cout,
                       unsigned int index, hw::device &hwdev) {
  const char *fn = "proveRctMGSimple";
  if (pubs.empty()) misuse(fn, "empty ring (pubs is empty)");
  keyM M;
  try {
    M = simple_matrix(pubs, Cout);
  } catch (const std::invalid_argument &e) {
    misuse(fn, e.what());
  }
  keyV sk(2);
  sk[0] = inSk.dest;
  sc_sub(sk[1].bytes, inSk.mask.bytes, a.bytes);
  struct wipe {
    keyV &v;
    ~wipe() { sodium_memzero(v.data(), v.size() * sizeof(key)); }
  } wipe_sk{sk};
  return MLSAG_Gen(message, M, sk, index, 1, hwdev);
}

bool verRctMGSimple(const key &message, const mgSig &mg, const ctkeyV &pubs, const key &C) {
  if (pubs.empty()) return false;
  try {
    return MLSAG_Ver(message, simple_matrix(pubs, C), mg, 1);
  } catch (const std::invalid_argument &) {
    return false;
  }
}

}  // namespace rct
