// Private header of src/curve/ecmult/: the multi-scalar algorithms, written once as
// templates over a group G (curve/group_interface.h; the shape of curve25519-dalek's
// scalar_mul/): Straus's shared doublings over width-w NAF digits (dense, paired,
// sparse), Pippenger's buckets, the constant-time Straus loop with its two digit
// systems, and the constant-time sums of chosen points. straus.cpp, pippenger.cpp and
// ct_products.cpp instantiate them for ed25519 (ed25519_group), add its backends'
// kernels and its C API; a second curve instantiates them with its own group.
// Contracts: curve/ecmult.h (per entry point). Sources: E. G. Straus, "Addition
// chains of vectors" (1964); Pippenger 1976, as in Bernstein, Doumen, Lange,
// Oosterwijk, "Faster batch forgery identification" (2012); Joye and Tunstall,
// "Exponent recoding and regular exponentiation algorithms" (2009).
#pragma once

#include "ecmult/recode.h"

#include <sodium.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cncrypto::msm {

using ed25519::naf_len;

// ---- variable-time Straus (public scalars and points) ------------------------------

// One dense term: its wNAF and the table of odd multiples (entry j = (2j+1) P) it
// indexes, cached or affine (one set).
template <class G>
struct dense_term {
  signed char naf[naf_len];
  const typename G::cached *cached = nullptr;
  const typename G::affine *precomp = nullptr;
};

// Sets a dense term from a scalar (32 bytes) and a table; returns the max of top and
// its top digit.
template <class G>
int set_term(dense_term<G> &t, const unsigned char *a, const typename G::cached *cached,
             const typename G::affine *precomp, int w, int top) {
  t.cached = cached;
  t.precomp = precomp;
  const int tt = ed25519::wnaf_vartime(t.naf, a, w);
  return tt > top ? tt : top;
}

// t += d (odd, nonzero) times the point of the table (cached or affine).
template <class G, class Entry>
inline void add_entry(typename G::p1p1 &t, const Entry *table, int d) {
  typename G::p3 u;
  G::to_p3(u, t);
  if (d > 0)
    G::template add<false>(t, u, table[d / 2]);
  else
    G::template add<true>(t, u, table[(-d) / 2]);
}

template <class G>
inline void add_digit(typename G::p1p1 &t, const dense_term<G> &term, int d) {
  if (term.cached != nullptr)
    add_entry<G>(t, term.cached, d);
  else
    add_entry<G>(t, term.precomp, d);
}

// r = sum over the n dense terms, every digit at or below top. Output as a p1p1.
template <class G>
void straus_dense(typename G::p1p1 *r, const dense_term<G> *terms, int n, int top) {
  typename G::p2 s;
  G::identity(s);
  if (top < 0) {  // all scalars zero
    G::identity(*r);
    return;
  }
  for (int i = top; i >= 0; --i) {
    G::dbl(*r, s);
    for (int k = 0; k < n; ++k) {
      const int d = terms[k].naf[i];
      if (d != 0) add_digit<G>(*r, terms[k], d);
    }
    if (i > 0) G::to_p2(s, *r);
  }
}

// ra = sum of ta_terms[0..3), rb = sum of tb_terms[0..3) in one digit loop (two
// independent chains the processor overlaps).
template <class G>
void straus_pair(typename G::p2 &ra, const dense_term<G> *ta_terms, typename G::p2 &rb,
                 const dense_term<G> *tb_terms, int top) {
  typename G::p1p1 ta, tb;
  G::identity(ra);
  G::identity(rb);
  for (int i = top; i >= 0; --i) {
    G::dbl(ta, ra);
    G::dbl(tb, rb);
    for (int k = 0; k < 3; ++k) {
      const int da = ta_terms[k].naf[i];
      if (da != 0) add_digit<G>(ta, ta_terms[k], da);
      const int db = tb_terms[k].naf[i];
      if (db != 0) add_digit<G>(tb, tb_terms[k], db);
    }
    G::to_p2(ra, ta);
    G::to_p2(rb, tb);
  }
}

// The sparse form: the nonzero digits of all terms sorted by position, entries[count[i]
// .. count[i+1]) at position i (Entry: .term, .digit), top >= 0 the highest position.
// Term: .cached or .precomp, one set (odd multiples as above).
template <class G, class Term, class Entry>
typename G::p3 straus_sparse(const Term *terms, const Entry *entries, std::size_t n_entries,
                             const std::uint32_t *count, int top) {
  typename G::p1p1 r;
  typename G::p2 s;
  G::identity(r);
  for (int i = top; i >= 0; --i) {
    if (i != top) {
      G::to_p2(s, r);
      G::dbl(r, s);
    }
    for (std::uint32_t e = count[i]; e < count[i + 1]; ++e) {
#if defined(__GNUC__) || defined(__clang__)
      if (e + 4 < n_entries) {  // the table entry four additions ahead
        const Term &ahead = terms[entries[e + 4].term];
        const int da = entries[e + 4].digit;
        const int ja = (da > 0 ? da : -da) / 2;
        const char *line = ahead.precomp != nullptr ? reinterpret_cast<const char *>(&ahead.precomp[ja])
                                                    : reinterpret_cast<const char *>(&ahead.cached[ja]);
        __builtin_prefetch(line);
        __builtin_prefetch(line + 64);  // an entry spans two or three cache lines
        __builtin_prefetch(line + 119);
      }
#endif
      const Term &t = terms[entries[e].term];
      if (t.precomp != nullptr)
        add_entry<G>(r, t.precomp, entries[e].digit);
      else
        add_entry<G>(r, t.cached, entries[e].digit);
    }
  }
  typename G::p3 out;
  G::to_p3(out, r);
  return out;
}

// ---- Pippenger (public scalars and points) ------------------------------------------

// acc += x, where acc_set says whether acc holds a value yet (else acc = x).
template <class G>
inline void accumulate(typename G::p3 &acc, bool &acc_set, const typename G::p3 &x) {
  if (acc_set)
    G::add_p3(acc, acc, x);
  else
    acc = x;
  acc_set = true;
}

// sum of the n terms (Term: .scalar, 32 bytes; .point, a G::p3), n >= 1, by buckets of
// signed c-bit digits, 1 <= c <= 16. affine() is called once, after the recoding, and
// returns pre, pre[k] term k's point in affine form (kept alive by the caller).
template <class G, class Term, class Affine>
typename G::p3 pippenger(const Term *terms, std::size_t n, std::size_t c, Affine &&affine) {
  const std::size_t windows = (257 + c - 1) / c;
  const int half = 1 << (c - 1);
  // Signed digits in [-2^(c-1), 2^(c-1)], window-major.
  std::vector<std::int32_t> digits(n * windows);
  const std::uint64_t mask = (std::uint64_t(1) << c) - 1;
  for (std::size_t k = 0; k < n; ++k) {
    std::uint64_t x[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 32; ++i) x[i / 8] |= static_cast<std::uint64_t>(terms[k].scalar[i]) << (8 * (i % 8));
    int carry = 0;
    for (std::size_t w = 0; w < windows; ++w) {
      const std::size_t pos = w * c, word = pos / 64, bit = pos % 64;
      std::uint64_t bits = x[word] >> bit;
      if (bit != 0 && word < 4) bits |= x[word + 1] << (64 - bit);
      int v = static_cast<int>(bits & mask) + carry;
      if (v > half) {
        v -= 2 * half;
        carry = 1;
      } else {
        carry = 0;
      }
      digits[w * n + k] = v;
    }
  }
  const typename G::affine *const *pre = affine();
  std::vector<typename G::p3> buckets(half + 1);
  std::vector<char> used(half + 1);
  typename G::p3 result;
  G::identity(result);
  bool result_set = false;
  typename G::p1p1 t;
  typename G::p2 s;
  for (std::size_t w = windows; w-- > 0;) {
    if (result_set) {
      for (std::size_t i = 0; i < c; ++i) {
        G::to_p2(s, result);
        G::dbl(t, s);
        G::to_p3(result, t);
      }
    }
    std::fill(used.begin(), used.end(), 0);
    const std::int32_t *dw = &digits[w * n];
    for (std::size_t k = 0; k < n; ++k) {
      const int d = dw[k];
      if (d == 0) continue;
      const int b = d > 0 ? d : -d;
      if (!used[b]) {
        buckets[b] = *terms[k].point;
        if (d < 0) G::negate(buckets[b]);
        used[b] = 1;
      } else {
        if (d > 0)
          G::template add<false>(t, buckets[b], *pre[k]);
        else
          G::template add<true>(t, buckets[b], *pre[k]);
        G::to_p3(buckets[b], t);
      }
    }
    // acc = sum_b b * bucket[b] by running sums.
    typename G::p3 sum, acc;
    bool sum_set = false, acc_set = false;
    for (int b = half; b >= 1; --b) {
      if (used[b]) accumulate<G>(sum, sum_set, buckets[b]);
      if (sum_set) accumulate<G>(acc, acc_set, sum);
    }
    if (acc_set) accumulate<G>(result, result_set, acc);
  }
  return result;
}

// ---- constant time -----------------------------------------------------------------------

// r = sum over windows i (from windows - 1 down to 0) of 2^(bits i) (the terms'
// digit i times their points): add_terms(r, i) adds the digits of window i to r.
// Constant time when add_terms is.
template <class G, class AddTerms>
inline void ct_straus_loop(typename G::p3 &r, int windows, int bits, AddTerms &&add_terms) {
  typename G::p1p1 t;
  typename G::p2 s;
  G::identity(r);
  for (int i = windows - 1; i >= 0; --i) {
    if (i != windows - 1) {
      G::dbl(t, r);
      for (int k = 1; k < bits; ++k) {
        G::to_p2(s, t);
        G::dbl(t, s);
      }
      G::to_p3(r, t);
    }
    add_terms(r, i);
  }
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&s, sizeof s);
}

// r = sum_k scalars[k] P_k, count <= 8, tables[k][j] = (j+1) P_k: plain signed radix-16
// digits of the 32-byte scalars (exact below 2^255), every entry read at each lookup.
template <class G>
void ct_straus_radix16(typename G::p3 &r, const unsigned char *const *scalars, const typename G::cached *const *tables,
                       int count) {
  using ed25519::table_kind;
  signed char digits[8][64];
  for (int k = 0; k < count; ++k) ed25519::recode_radix16(digits[k], scalars[k], false);
  typename G::p1p1 t;
  typename G::cached sel;
  ct_straus_loop<G>(r, 64, 4, [&](typename G::p3 &acc, int i) {
    for (int k = 0; k < count; ++k) {
      ed25519::select_digit<table_kind::multiples, typename G::cached, G>(sel, tables[k], 8, digits[k][i]);
      G::template add<false>(t, acc, sel);
      G::to_p3(acc, t);
    }
  });
  sodium_memzero(digits, sizeof digits);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&sel, sizeof sel);
}

// Terms per Straus pass of ct_straus_odd. Each term's table is 16 points (1,920
// bytes affine, 2,560 cached for ed25519) and every window reads all of it: with
// thousands of terms (a Bulletproof's 2,049) the tables of one pass would stream from
// L3 or memory 52 times. Chunks of this many terms keep a pass's tables in a 512 KiB
// L2; each chunk costs its own 255 doublings (about 2% of its additions).
constexpr std::size_t kCtChunk = 128;

// r = sum of the n terms (Term: .precomp or .cached, 16 odd multiples (2j+1) P) by
// their regular odd digits digits[i * windows + w] (odd, |d| <= 31, radix 2^bits),
// every table entry read at each lookup: time and addresses depend on n only.
template <class G, class Term>
typename G::p3 ct_straus_odd(const Term *terms, std::size_t n, const signed char *digits, int windows, int bits) {
  using ed25519::table_kind;
  typename G::p1p1 t;
  typename G::affine pre;
  typename G::cached cac;
  typename G::p3 r, part;
  G::identity(r);
  for (std::size_t begin = 0; begin < n; begin += kCtChunk) {
    const std::size_t end = std::min(n, begin + kCtChunk);
    ct_straus_loop<G>(part, windows, bits, [&](typename G::p3 &acc, int w) {
      for (std::size_t i = begin; i < end; ++i) {
        const int d = digits[i * windows + w];
        if (terms[i].precomp != nullptr) {  // public: the kind of term
          ed25519::select_digit<table_kind::odd_multiples, typename G::affine, G>(pre, terms[i].precomp, 16, d);
          G::template add<false>(t, acc, pre);
        } else {
          ed25519::select_digit<table_kind::odd_multiples, typename G::cached, G>(cac, terms[i].cached, 16, d);
          G::template add<false>(t, acc, cac);
        }
        G::to_p3(acc, t);
      }
    });
    G::add_p3(r, r, part);
  }
  sodium_memzero(&pre, sizeof pre);
  sodium_memzero(&cac, sizeof cac);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&part, sizeof part);
  return r;
}

// S = sum_(i < n) of the affine point choose(sel, i) leaves in sel (constant time when
// choose is).
template <class G, class Choose>
typename G::p3 sum_chosen(std::size_t n, Choose &&choose) {
  typename G::p3 S;
  G::identity(S);
  typename G::p1p1 r;
  typename G::affine sel;
  for (std::size_t i = 0; i < n; ++i) {
    choose(sel, i);
    G::template add<false>(r, S, sel);
    G::to_p3(S, r);
  }
  sodium_memzero(&sel, sizeof sel);
  sodium_memzero(&r, sizeof r);
  return S;
}

}  // namespace cncrypto::msm
