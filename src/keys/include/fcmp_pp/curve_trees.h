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

}  // namespace cncrypto
