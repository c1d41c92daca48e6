// CLSAG signing and verification (spec cryptonote_format.md section 9.6; the
// acceptance rules of ../shared/vectors/README_ringct.md). See clsag.h.
//
// Verification (_vartime) runs, per ring member, two 3-term multi-scalar
// products with shared doublings (Straus): L_i = s_i*G + c_p*P_i + c_c*C'_i and
// R_i = s_i*Hp(P_i) + c_p*I + c_c*D8. G uses the library's table of odd
// multiples up to 127G, I and D8 per-signature tables whose window grows with
// the ring size, the member's points 5-bit windows. The ring is decoded before
// the loop, L_i and R_i share one field inversion, and the constant part of the
// round hash (domain, ring, C_offset, message) is absorbed once and the sponge
// state copied for each member.
//
// Signing is constant time in the secrets, index included: the ring is rotated
// by index+1 with a constant-time barrel shifter so that the chain of
// challenges always runs over positions 0..n-2 of the rotated ring, and every
// scalar multiplication on rotated data is a constant-time one.
#include "ringct/clsag.h"

#include "ringct/rctOps.h"

#include "ct_ring.h"

#include "crypto/crypto-ops.h"
#include "common/ct.h"
#include "curve/ecmult.h"
#include "curve/group.h"
#include "common/ct_declassify.h"
#include "crypto/sponge.h"
#include "rct_points.h"

#include <sodium.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

namespace ct = cncrypto::ct;

// Rings above 2^24 members (consensus allows 16) are refused: the signer throws,
// the verifier returns false, before allocating per-member memory.
constexpr std::size_t kMaxRing = std::size_t(1) << 24;

// pad32(s): the ASCII string followed by zero bytes up to 32.
void domain_tag(unsigned char out[32], const char *s) {
  std::memset(out, 0, 32);
  std::memcpy(out, s, std::strlen(s));
}

// Hs: keccak of what h absorbed, reduced mod L. Consumes h.
void finish_scalar(cncrypto::keccak_hasher &h, key &out) {
  h.finalize(out.bytes, 32);
  sc_reduce32(out.bytes);
}

// ---- variable-time multi-scalar products (verification) ---------------------

// Window for a per-signature table used n times: minimises the table's cost
// 2^(w-2) additions plus n * 254/(w+1) additions.
int fixed_window(std::size_t n) {
  int best = 5;
  double best_cost = 1e300;
  for (int w = 5; w <= 8; ++w) {  // digits must fit a signed char
    const double cost = static_cast<double>(1 << (w - 2)) + static_cast<double>(n) * 254.0 / (w + 1);
    if (cost < best_cost) {
      best_cost = cost;
      best = w;
    }
  }
  return best;
}

// The constant part of the round hash: pad32("CLSAG_round") || P_1..P_n ||
// C_1..C_n || C_offset || message.
cncrypto::keccak_hasher round_prefix(const ctkeyV &pubs, const key &C_offset, const key &message) {
  cncrypto::keccak_hasher h(cncrypto::keccak_algorithm::keccak_256);
  unsigned char tag[32];
  domain_tag(tag, "CLSAG_round");
  h.update(tag, 32);
  for (const ctkey &m : pubs) h.update(m.dest.bytes, 32);
  for (const ctkey &m : pubs) h.update(m.mask.bytes, 32);
  h.update(C_offset.bytes, 32);
  h.update(message.bytes, 32);
  return h;
}

// mu_P (which = 0) or mu_C (which = 1): Hs(pad32("CLSAG_agg_<which>") || P || C || I || D || C_offset).
void aggregation_coefficient(key &mu, int which, const ctkeyV &pubs, const key &I, const key &D, const key &C_offset) {
  cncrypto::keccak_hasher h(cncrypto::keccak_algorithm::keccak_256);
  unsigned char tag[32];
  domain_tag(tag, which == 0 ? "CLSAG_agg_0" : "CLSAG_agg_1");
  h.update(tag, 32);
  for (const ctkey &m : pubs) h.update(m.dest.bytes, 32);
  for (const ctkey &m : pubs) h.update(m.mask.bytes, 32);
  h.update(I.bytes, 32);
  h.update(D.bytes, 32);
  h.update(C_offset.bytes, 32);
  finish_scalar(h, mu);
}

// ---- constant-time helpers (signing) ------------------------------------------

using detail::ct_cmov;
using detail::ct_rotate_left;

// 8*a == 8*b (compared as encodings); a, b may be secret. The result is
// declassified: it decides a misuse exception.
bool equal_beyond_torsion(const ed::ge_p3 &a, const ed::ge_p3 &b) {
  unsigned char ea[32], eb[32];
  ed::ge_p2 p;
  ed::ge_p3_to_p2(&p, &a);
  ed::encode_times8(ea, p);
  ed::ge_p3_to_p2(&p, &b);
  ed::encode_times8(eb, p);
  int same = ct::equal_bytes(ea, eb, 32);
  sodium_memzero(ea, sizeof ea);
  sodium_memzero(eb, sizeof eb);
  sodium_memzero(&p, sizeof p);
  CNCRYPTO_DECLASSIFY(&same, sizeof same);
  return same != 0;
}

std::string member(std::size_t i, const char *field) { return "pubs[" + std::to_string(i) + "]." + field; }

// ---- signing, step by step ---------------------------------------------------------------

const std::string kSignFn = "proveRctCLSAGSimple: ";

// Throws std::invalid_argument for an empty or absurd ring, an index outside it,
// or an unreduced secret key (each check reveals only what its exception does).
void check_signer_inputs(std::size_t n, unsigned int index, const ctkey &inSk) {
  const std::string &fn = kSignFn;
  if (n == 0) throw std::invalid_argument(fn + "empty ring (pubs is empty)");
  if (n > kMaxRing) throw std::invalid_argument(fn + "ring of " + std::to_string(n) + " members is absurdly large");
  std::uint64_t inside = ct::lt_mask(index, n) & 1;
  CNCRYPTO_DECLASSIFY(&inside, sizeof inside);  // the exception reveals it anyway
  if (inside == 0) {
    unsigned int shown = index;
    CNCRYPTO_DECLASSIFY(&shown, sizeof shown);
    throw std::invalid_argument(fn + "index " + std::to_string(shown) + " is outside the ring of " +
                                std::to_string(n) + " members");
  }
  int reduced = sc_check(inSk.dest.bytes) == 0;
  CNCRYPTO_DECLASSIFY(&reduced, sizeof reduced);
  if (!reduced) throw std::invalid_argument(fn + "inSk.dest (the secret key p) is not reduced mod L");
}

// The public ring as points: P_i, C_i - Cout, Hp(P_i).
struct decoded_ring {
  std::vector<ed::ge_p3> keys, commitments, hashes;
};

// Decodes, offsets and hashes the ring and the pseudo-output in the open (public).
// Throws std::invalid_argument naming the undecodable member.
decoded_ring decode_ring(const ctkeyV &pubs, const key &Cout) {
  const std::string &fn = kSignFn;
  const std::size_t n = pubs.size();
  ed::ge_p3 offset;
  if (ed::ge_frombytes_vartime(&offset, Cout.bytes) != 0)
    throw std::invalid_argument(fn + "Cout (the pseudo-output commitment) is not a valid point");
  ed::ge_cached offset_cached;
  ed::ge_p3_to_cached(&offset_cached, &offset);
  decoded_ring ring{std::vector<ed::ge_p3>(n), std::vector<ed::ge_p3>(n), std::vector<ed::ge_p3>(n)};
  for (std::size_t i = 0; i < n; ++i) {
    if (ed::ge_frombytes_vartime(&ring.keys[i], pubs[i].dest.bytes) != 0)
      throw std::invalid_argument(fn + member(i, "dest") + " (a ring key) is not a valid point");
    ed::ge_p3 c;
    if (ed::ge_frombytes_vartime(&c, pubs[i].mask.bytes) != 0)
      throw std::invalid_argument(fn + member(i, "mask") + " (a ring commitment) is not a valid point");
    ed::ge_p1p1 t;
    ed::ge_sub(&t, &c, &offset_cached);
    ed::ge_p1p1_to_p3(&ring.commitments[i], &t);
    points::hash_to_p3(ring.hashes[i], pubs[i].dest);
  }
  return ring;
}

// The real member's points, selected in constant time in index.
struct real_member {
  ed::ge_p3 key, commitment, hash;
  ~real_member() { sodium_memzero(this, sizeof *this); }
};

void select_real(real_member &real, const decoded_ring &ring, unsigned int index) {
  ed::ge_p3_0(&real.key);
  ed::ge_p3_0(&real.commitment);
  ed::ge_p3_0(&real.hash);
  for (std::size_t i = 0; i < ring.keys.size(); ++i) {
    const std::uint64_t m = ct::eq_mask(i, index);
    ct_cmov(real.key, ring.keys[i], m);
    ct_cmov(real.commitment, ring.commitments[i], m);
    ct_cmov(real.hash, ring.hashes[i], m);
  }
}

// Throws std::invalid_argument unless p G = P_l and z G = C_l - Cout (up to torsion).
void check_secrets(const key &p, const key &z, const real_member &real) {
  const std::string &fn = kSignFn;
  ed::ge_p3 check;
  ed::ge_scalarmult_base(&check, p.bytes);
  if (!equal_beyond_torsion(check, real.key))
    throw std::invalid_argument(fn + "pubs[index].dest is not inSk.dest*G (the secret key does not belong to the "
                                     "ring member at index)");
  ed::ge_scalarmult_base(&check, z.bytes);
  const bool ok = equal_beyond_torsion(check, real.commitment);
  sodium_memzero(&check, sizeof check);
  if (!ok)
    throw std::invalid_argument(fn + "pubs[index].mask - Cout is not (inSk.mask - a)*G (the input commitment and "
                                     "the pseudo-output do not commit to the same amount with these masks)");
}

// I = p Hp(P_l), D = z Hp(P_l), published as sig.I and sig.D = INV8 D (declassified).
void key_images(clsag &sig, ed::ge_p3 &image, ed::ge_p3 &aux, const key &p, const key &z, const real_member &real) {
  ed::ge_scalarmult_p3(&image, p.bytes, &real.hash);
  ed::ge_scalarmult_p3(&aux, z.bytes, &real.hash);
  ed::ge_p3_tobytes(sig.I.bytes, &image);
  ed::ge_p3 stored;
  ed::ge_scalarmult_p3(&stored, INV_EIGHT.bytes, &aux);
  ed::ge_p3_tobytes(sig.D.bytes, &stored);
  CNCRYPTO_DECLASSIFY(sig.I.bytes, 32);
  CNCRYPTO_DECLASSIFY(sig.D.bytes, 32);
  CNCRYPTO_DECLASSIFY(&image, sizeof image);
  CNCRYPTO_DECLASSIFY(&aux, sizeof aux);
}

// The challenge entering member index+1: Hs(prefix || alpha G || alpha Hp(P_l)).
key first_challenge(const cncrypto::keccak_hasher &prefix, const key &alpha, const real_member &real) {
  unsigned char LR[64];
  ed::ge_p3 t;
  ed::ge_scalarmult_base(&t, alpha.bytes);
  ed::ge_p3_tobytes(LR, &t);
  ed::ge_scalarmult_p3(&t, alpha.bytes, &real.hash);
  ed::ge_p3_tobytes(LR + 32, &t);
  sodium_memzero(&t, sizeof t);
  key c;
  cncrypto::keccak_hasher h = prefix;
  h.update(LR, 64);
  finish_scalar(h, c);
  sodium_memzero(LR, sizeof LR);
  return c;
}

// The ring rotated by r = index + 1 (mod n), constant time in r: position j holds
// member (r + j) mod n, position n-1 the real one.
struct rotated_ring {
  std::vector<ed::ge_p3> keys, commitments, hashes;
  std::vector<key> s;
  ~rotated_ring() {
    sodium_memzero(keys.data(), keys.size() * sizeof(ed::ge_p3));
    sodium_memzero(commitments.data(), commitments.size() * sizeof(ed::ge_p3));
    sodium_memzero(hashes.data(), hashes.size() * sizeof(ed::ge_p3));
    sodium_memzero(s.data(), s.size() * sizeof(key));
  }
};

void rotate_ring(rotated_ring &rot, const decoded_ring &ring, const std::vector<key> &s, std::uint64_t r) {
  rot.keys = ring.keys;
  rot.commitments = ring.commitments;
  rot.hashes = ring.hashes;
  rot.s = s;
  ct_rotate_left(rot.keys, r);
  ct_rotate_left(rot.commitments, r);
  ct_rotate_left(rot.hashes, r);
  ct_rotate_left(rot.s, r);
}

// entering[j] = the challenge entering position j of the rotated ring, from
// entering[0] = c over positions 0..n-2 (the decoys): L = s G + c_p P + c_c (C - Cout),
// R = s Hp(P) + c_p I + c_c D with constant-time products. Returns the challenge
// entering position n-1 (the real member).
key challenge_chain(std::vector<key> &entering, key c, const rotated_ring &rot, const cncrypto::keccak_hasher &prefix,
                    const key &mu_P, const key &mu_C, const ed::ge_p3 &image, const ed::ge_p3 &aux) {
  const std::size_t n = entering.size();
  entering[0] = c;
  key c_p, c_c;
  ed::ge_cached image_table[8], aux_table[8], key_table[8], commitment_table[8], hash_table[8];
  ed::multiples8(image_table, image);
  ed::multiples8(aux_table, aux);
  unsigned char LR[64];
  for (std::size_t j = 0; j + 1 < n; ++j) {
    sc_mul(c_p.bytes, mu_P.bytes, c.bytes);
    sc_mul(c_c.bytes, mu_C.bytes, c.bytes);
    ed::multiples8(key_table, rot.keys[j]);
    ed::multiples8(commitment_table, rot.commitments[j]);
    ed::multiples8(hash_table, rot.hashes[j]);
    ed::ge_p3 l_point, r_point, g;
    const unsigned char *l_scalars[2] = {c_p.bytes, c_c.bytes};
    const ed::ge_cached *l_tables[2] = {key_table, commitment_table};
    ed::ct_straus_radix16(l_point, l_scalars, l_tables, 2);
    ed::ge_scalarmult_base(&g, rot.s[j].bytes);
    ed::p3_add(&l_point, &l_point, &g);
    const unsigned char *r_scalars[3] = {rot.s[j].bytes, c_p.bytes, c_c.bytes};
    const ed::ge_cached *r_tables[3] = {hash_table, image_table, aux_table};
    ed::ct_straus_radix16(r_point, r_scalars, r_tables, 3);
    ed::ge_p3_tobytes(LR, &l_point);
    ed::ge_p3_tobytes(LR + 32, &r_point);
    cncrypto::keccak_hasher h = prefix;
    h.update(LR, 64);
    finish_scalar(h, c);
    entering[j + 1] = c;
  }
  sodium_memzero(key_table, sizeof key_table);
  sodium_memzero(commitment_table, sizeof commitment_table);
  sodium_memzero(hash_table, sizeof hash_table);
  sodium_memzero(&c_p, sizeof c_p);
  sodium_memzero(&c_c, sizeof c_c);
  sodium_memzero(LR, sizeof LR);
  return c;
}

// Closes the ring: s_l = alpha - c_l (mu_P p + mu_C z) at index, and c1 = the
// challenge entering member 0 (position (n - r) mod n), both chosen in constant
// time, then published.
void close_ring(clsag &sig, const std::vector<key> &entering, const key &c_l, const key &alpha, const key &p,
                const key &z, const key &mu_P, const key &mu_C, unsigned int index, std::uint64_t r) {
  const std::size_t n = entering.size();
  key s_l, w;
  sc_mul(w.bytes, mu_P.bytes, p.bytes);
  sc_muladd(w.bytes, mu_C.bytes, z.bytes, w.bytes);
  sc_mulsub(s_l.bytes, c_l.bytes, w.bytes, alpha.bytes);
  for (std::size_t i = 0; i < n; ++i) ct_cmov(sig.s[i], s_l, ct::eq_mask(i, index));
  const std::uint64_t first = ct::select(ct::is_zero_mask(r), 0, n - r);
  for (std::size_t j = 0; j < n; ++j) ct_cmov(sig.c1, entering[j], ct::eq_mask(j, first));
  for (key &s : sig.s) CNCRYPTO_DECLASSIFY(s.bytes, 32);
  CNCRYPTO_DECLASSIFY(sig.c1.bytes, 32);
  sodium_memzero(&w, sizeof w);
  sodium_memzero(&s_l, sizeof s_l);
}

}  // namespace

bool verRctCLSAGSimple(
const key &message, const clsag &sig, const ctkeyV &pubs, const key &C_offset) {
  const std::size_t n = pubs.size();
  if (n == 0 || n > kMaxRing || sig.s.size() != n) return false;
  for (const key &s : sig.s)
    if (sc_check(s.bytes) != 0) return false;
  if (sc_check(sig.c1.bytes) != 0) return false;
  if (sig.I == I) return false;

  ed::ge_p3 offset, image, aux;
  if (ed::ge_frombytes_vartime(&offset, C_offset.bytes) != 0) return false;
  if (ed::ge_frombytes_vartime(&aux, sig.D.bytes) != 0) return false;
  if (ed::ge_frombytes_vartime(&image, sig.I.bytes) != 0) return false;
  ed::ge_p3 aux8;
  {
    ed::ge_p2 p;
    ed::ge_p1p1 t;
    ed::ge_p3_to_p2(&p, &aux);
    ed::ge_mul8(&t, &p);
    ed::ge_p1p1_to_p3(&aux8, &t);
  }
  if (ed::ge_p3_is_point_at_infinity_vartime(&aux8)) return false;

  // Decode the whole ring first: any undecodable member fails the signature.
  std::vector<ed::ge_p3> ring_keys(n), ring_commitments(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (ed::ge_frombytes_vartime(&ring_keys[i], pubs[i].dest.bytes) != 0) return false;
    if (ed::ge_frombytes_vartime(&ring_commitments[i], pubs[i].mask.bytes) != 0) return false;
  }
  ed::ge_cached offset_cached;
  ed::ge_p3_to_cached(&offset_cached, &offset);

  // Per-signature tables for I and 8D.
  const int wf = fixed_window(n);
  const std::size_t fixed_count = std::size_t(1) << (wf - 2);
  std::vector<ed::ge_cached> image_table(fixed_count), aux_table(fixed_count);
  ed::odd_multiples_cached(image_table.data(), image, static_cast<int>(fixed_count));
  ed::odd_multiples_cached(aux_table.data(), aux8, static_cast<int>(fixed_count));

  key mu_P, mu_C;
  aggregation_coefficient(mu_P, 0, pubs, sig.I, sig.D, C_offset);
  aggregation_coefficient(mu_C, 1, pubs, sig.I, sig.D, C_offset);
  const cncrypto::keccak_hasher prefix = round_prefix(pubs, C_offset, message);

  constexpr int wv = 5;  // window of the member's points (8 odd multiples)
  constexpr int wg = 8;  // window of G (ge_base_odd: 64 odd multiples)
  ed::ge_cached key_table[8], commitment_table[8], hash_table[8];
  key c = sig.c1, c_p, c_c;
  unsigned char LR[64];
  for (std::size_t i = 0; i < n; ++i) {
    sc_mul(c_p.bytes, mu_P.bytes, c.bytes);
    sc_mul(c_c.bytes, mu_C.bytes, c.bytes);

    ed::odd_multiples_cached(key_table, ring_keys[i], 8);
    ed::ge_p1p1 t;
    ed::ge_p3 point;
    ed::ge_sub(&t, &ring_commitments[i], &offset_cached);
    ed::ge_p1p1_to_p3(&point, &t);
    ed::odd_multiples_cached(commitment_table, point, 8);
    points::hash_to_p3(point, pubs[i].dest);
    ed::odd_multiples_cached(hash_table, point, 8);

    // L_i = s G + c_p P_i + c_c (C_i - C_offset), R_i = s Hp(P_i) + c_p I + c_c 8D.
    const ed::wnaf_term l_terms[3] = {{sig.s[i].bytes, wg, nullptr, ed::ge_base_odd},
                                           {c_p.bytes, wv, key_table, nullptr},
                                           {c_c.bytes, wv, commitment_table, nullptr}};
    const ed::wnaf_term r_terms[3] = {{sig.s[i].bytes, wv, hash_table, nullptr},
                                           {c_p.bytes, wf, image_table.data(), nullptr},
                                           {c_c.bytes, wf, aux_table.data(), nullptr}};
    ed::ge_p2 l_point, r_point;
    ed::straus_pair_vartime(l_point, l_terms, r_point, r_terms);

    ed::encode_pair(LR, l_point, LR + 32, r_point);  // one field inversion for both
    cncrypto::keccak_hasher h = prefix;
    h.update(LR, 64);
    finish_scalar(h, c);
    if (sc_isnonzero(c.bytes) == 0) return false;
  }
  return c == sig.c1;  // both reduced
}

clsag proveRctCLSAGSimple(const key &message, const ctkeyV &pubs, const ctkey &inSk, const key &a, const key &Cout,
                          unsigned int index, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::proveRctCLSAGSimple");
  const std::size_t n = pubs.size();
  check_signer_inputs(n, index, inSk);
  const decoded_ring ring = decode_ring(pubs, Cout);
  real_member real;
  select_real(real, ring, index);
  key p = inSk.dest, z;
  sc_sub(z.bytes, inSk.mask.bytes, a.bytes);
  check_secrets(p, z, real);

  clsag sig;
  ed::ge_p3 image, aux;
  key_images(sig, image, aux, p, z, real);
  key mu_P, mu_C;
  aggregation_coefficient(mu_P, 0, pubs, sig.I, sig.D, Cout);
  aggregation_coefficient(mu_C, 1, pubs, sig.I, sig.D, Cout);
  const cncrypto::keccak_hasher prefix = round_prefix(pubs, Cout, message);

  key alpha;
  skGen(alpha);
  key c0 = first_challenge(prefix, alpha, real);

  // The decoys' responses are random and published as they are.
  sig.s.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    skGen(sig.s[i]);
    CNCRYPTO_DECLASSIFY(sig.s[i].bytes, 32);
  }

  std::uint64_t r = static_cast<std::uint64_t>(index) + 1;
  r = ct::select(ct::eq_mask(r, n), 0, r);
  rotated_ring rot;
  rotate_ring(rot, ring, sig.s, r);
  std::vector<key> entering(n);
  key c = challenge_chain(entering, c0, rot, prefix, mu_P, mu_C, image, aux);
  close_ring(sig, entering, c, alpha, p, z, mu_P, mu_C, index, r);

  sodium_memzero(&p, sizeof p);
  sodium_memzero(&z, sizeof z);
  sodium_memzero(&alpha, sizeof alpha);
  sodium_memzero(&c, sizeof c);
  sodium_memzero(&c0, sizeof c0);
  sodium_memzero(entering.data(), entering.size() * sizeof(key));
  return sig;
}

}  // namespace rct
