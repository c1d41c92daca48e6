// Monero master's fcmp_pp/curve_trees.h, the part that needs no Helios/Selene
// arithmetic: output_to_tuple (an output pair to the {O, I, C} a curve-tree leaf
// is made of), and cncrypto's output_to_pre_leaf_tuple (Monero's is private to
// curve_trees.cpp). The CurveTrees class, its LeafTuple of Selene scalars and
// tower_cycle.h need the Rust crate's curves and are not offered (docs/fcmp_pp.md).
//
// Variable time: outputs are public chain data.
#pragma once

#include "crypto/crypto.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "fcmp_pp/fcmp_pp_types.h"

#include <cstddef>
#include <cstdint>

namespace fcmp_pp::curve_trees {

// {O', I, C'} of an output pair. I = derive_key_image_generator(O, biased) from
// the pair's original O bytes (biased for legacy, unbiased for Carrot v1). Legacy:
// O' and C' are get_valid_torsion_cleared_point_vartime of O and C (throws
// std::runtime_error if either does not decode or has small order). Carrot v1:
// O' = O and C' = C, byte for byte, not decoded or checked (so undecodable,
// small-order and torsioned Carrot bytes are accepted here, as in Monero). Then
// throws std::runtime_error if O' or C' equals 0100...00. _vartime in effect
// (public inputs). Source: Monero master (0aa9c51) fcmp_pp::curve_trees::output_to_tuple.
OutputTuple output_to_tuple(const OutputPair &output_pair);

}  // namespace fcmp_pp::curve_trees

namespace cncrypto {

// The derivatives (fcmp_pp::point_to_ed_derivatives) of a tuple's O, I and C.
// Monero master's curve_trees.cpp PreLeafTuple (private there).
struct pre_leaf_tuple {
  fcmp_pp::EdDerivatives O_derivatives;
  fcmp_pp::EdDerivatives I_derivatives;
  fcmp_pp::EdDerivatives C_derivatives;
};

// output_to_tuple, then point_to_ed_derivatives of O', I and C'. Throws
// std::runtime_error when output_to_tuple throws or a conversion fails (an
// undecodable Carrot v1 O or C). Feeding each triple to
// fcmp_pp::ed_derivatives_to_wei_x_y gives the leaf's six coordinates (false for
// a Carrot v1 O or C equal to the order-2 point ecff...7f). Variable time (public
// inputs). Source: Monero master (0aa9c51) curve_trees.cpp's file-static
// output_to_pre_leaf_tuple.
pre_leaf_tuple output_to_pre_leaf_tuple(const fcmp_pp::OutputPair &output_pair);

// ---- batched leaf preparation (issue 34 point 3; docs/fcmp_pp.md) ----------------

// How far an output got through the single calls, the first failure deciding:
enum class leaf_status : std::uint8_t {
  ok = 0,             // tuple and the leaf's six coordinates valid
  bad_output_key,     // output_to_tuple throws on O: a legacy O that does not decode
                      // or clears to the identity; a Carrot v1 O of 0100...00
  bad_commitment,     // output_to_tuple throws on C (O passed): the same for C
  no_ed_derivatives,  // output_to_tuple gives the tuple, output_to_pre_leaf_tuple
                      // throws: a Carrot v1 O or C that does not decode (or an I
                      // that is the identity); the tuple is valid
  no_wei,             // the pre-leaf tuple exists, ed_derivatives_to_wei_x_y is false
                      // for one of O', I, C': a Carrot v1 O or C equal to the
                      // order-2 point ecff...7f; the tuple is valid
};

// One output's leaf: its tuple {O', I, C'} (fcmp_pp::curve_trees::output_to_tuple)
// and the short-Weierstrass coordinates of O', I and C'
// (fcmp_pp::ed_derivatives_to_wei_x_y of each of output_to_pre_leaf_tuple's
// triples: the LeafTuple before its Selene scalars). Fields a status does not
// call valid are all zero.
struct output_leaf {
  fcmp_pp::OutputTuple tuple;
  crypto::ec_coord O_x, O_y, I_x, I_y, C_x, C_y;
  leaf_status status;
};

// out[i] = the leaf of outputs[i], i < n: byte for byte what the single calls
// give (output_to_tuple, output_to_pre_leaf_tuple, ed_derivatives_to_wei_x_y),
// and where one of them throws or returns false, that output's status says which
// (above) and only that entry is affected: a bad output never fails the batch.
// n may be 0 (nothing written; the pointers may then be null). Throws
// std::invalid_argument naming the argument, writing nothing, when outputs or out
// is null with n > 0 or out overlaps outputs.
// How: groups of 16 outputs share the work the single calls do point by point:
// every O and C decoded in one batch and every generator's map(h) in one batch,
// their square-root exponentiations on the curve backend's lanes
// (curve/ecmult.h frombytes_batch_vartime, fromfe_frombytes_batch_vartime: 8 per
// AVX-512 IFMA call, 4 per AVX2 call, one by one on serial); the legacy torsion
// clearings as (1 + 3L) P (the same point as clear_torsion_vartime's
// 8 ((1/8) P)) in one scalarmult_batch_vartime; the biased generators' Keccak
// hashes in one multi-lane batch (cn_fast_hash_batch); an unbiased generator's
// two halves added before one multiplication by 8; one field inversion
// (Montgomery's trick, zero-safe: curve/field.h fe_batch_invert_with) for the Z
// of every point to encode and both Weierstrass denominators of every point (in
// projective form: Z - Y and (Z - Y) X); torsion-cleared points and generators
// are never encoded and decoded again.
// No allocation (about 70 KB of stack); thread-safe. Otherwise throws only what
// every curve batch call throws for a CNCRYPTO_CURVE_IMPL naming no runnable
// backend (std::runtime_error). Variable time (public chain data). No counterpart in
// Monero (its CurveTrees::outputs_to_leaves converts outputs one by one, sharing
// only the last inversion, and fails a whole batch on an order-2 Carrot point).
void outputs_to_leaves(const fcmp_pp::OutputPair *outputs, std::size_t n, output_leaf *out);

}  // namespace cncrypto
