// Monero master's FCMP++ point helpers (fcmp_pp/fcmp_pp_crypto.h): torsion checks
// and clearing, and the conversion of an ed25519 point to the short-Weierstrass
// (x, y) coordinates of an FCMP++ curve-tree leaf (via draft-ietf-lwig-curve-
// representations-02 E.2). Names, signatures and results are Monero master's
// (0aa9c51), release build: the debug-only asserts (that point_to_ed_derivatives'
// input is torsion-free) are not there, so torsioned and small-order inputs give
// values, exactly as Monero's release build does. docs/fcmp_pp.md.
//
// Timing: every function here is variable time and must only see public data
// (output keys and commitments from the chain), as in Monero: the names ending
// in _vartime say so, and the conversions are on public points too.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"

namespace fcmp_pp {

// The encoding of the identity (0100...00) and 1/8 mod L, as in Monero master.
static const crypto::ec_point EC_I = {{1}};
static const crypto::ec_scalar EC_INV_EIGHT = {{
    static_cast<char>(0x79), static_cast<char>(0x2f), static_cast<char>(0xdc), static_cast<char>(0xe2),
    static_cast<char>(0x29), static_cast<char>(0xe5), static_cast<char>(0x06), static_cast<char>(0x61),
    static_cast<char>(0xd0), static_cast<char>(0xda), static_cast<char>(0x1c), static_cast<char>(0x7d),
    static_cast<char>(0xb3), static_cast<char>(0x9d), static_cast<char>(0xd3), static_cast<char>(0x07),
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, static_cast<char>(0x06)}};

// The three field elements a point's Weierstrass coordinates are computed from:
// 1 + y, 1 - y and (1 - y) x (x, y the point's affine Edwards coordinates), in
// crypto-ops.h's fe (Monero's ten-limb layout, the values of Monero master's in the
// canonical limb form; fe_tobytes gives their canonical bytes). Source: Monero master (0aa9c51) fcmp_pp::EdDerivatives.
struct EdDerivatives final {
  fe one_plus_y;
  fe one_minus_y;
  fe one_minus_y_mul_x;
};

// Whether 8*point is the identity, i.e. point is one of the 8 small-order points.
// Never fails. _vartime: point must be public. Source: Monero master (0aa9c51)
// fcmp_pp::mul8_is_identity_vartime.
bool mul8_is_identity_vartime(const ge_p3 &point);

// The prime-order component of point: 8*((1/8 mod L)*point), encoded (32 bytes).
// A small-order point gives the identity 0100...00; a torsion-free point itself.
// Never fails. _vartime: point must be public. Source: Monero master (0aa9c51)
// fcmp_pp::clear_torsion_vartime.
crypto::ec_point clear_torsion_vartime(const ge_p3 &point);

// Decodes point (Monero's ge_frombytes_vartime rules) and clears its torsion
// (clear_torsion_vartime) into torsion_cleared_out. Returns false, leaving
// torsion_cleared_out unchanged, when point does not decode; returns false with
// torsion_cleared_out = 0100...00 when the cleared point is the identity (point
// has small order). _vartime: point must be public. Source: Monero master
// (0aa9c51) fcmp_pp::get_valid_torsion_cleared_point_vartime.
bool get_valid_torsion_cleared_point_vartime(const crypto::ec_point &point, crypto::ec_point &torsion_cleared_out);

// ed_derivatives = (1 + y, 1 - y, (1 - y) x) of the decoded point. Returns false
// (ed_derivatives unspecified) when the 32 bytes equal 0100...00 or do not decode.
// Monero's header asks for a torsion-free point (get_valid_torsion_cleared_point_
// vartime's output) but its release build does not check it, and neither do we:
// a torsioned or small-order point (other than 0100...00) gives its values.
// Variable time; the point must be public. Source: Monero master (0aa9c51)
// fcmp_pp::point_to_ed_derivatives.
bool point_to_ed_derivatives(const crypto::ec_point &torsion_free_point, EdDerivatives &ed_derivatives);

// Short-Weierstrass coordinates from the derivatives (A, B, C) = (1+y, 1-y,
// (1-y)x): wei_x = A/B + 486662/3 and wei_y = c A/C mod p, c = Monero's fe_c (the
// square root of -(486662 + 2) encoded e781ba00...0b12d970), each 32 canonical
// bytes. Returns false (outputs unchanged) when B*C = 0 mod p (Monero's batch
// inversion fails there), e.g. for the order-2 point (x = 0). Any field
// elements are accepted (not only those of a point). Computed as Monero's:
// a batch inversion of (B, C), then fe_ed_derivatives_to_wei_x_y; no allocation
// (Monero's allocates). Variable time in
// whether it fails; inputs must be public.
// Source: Monero master (0aa9c51) fcmp_pp::ed_derivatives_to_wei_x_y.
bool ed_derivatives_to_wei_x_y(const EdDerivatives &ed_derivatives, crypto::ec_coord &wei_x, crypto::ec_coord &wei_y);

// point_to_ed_derivatives then ed_derivatives_to_wei_x_y: false for 0100...00,
// undecodable bytes and the order-2 point ecff...7f (x = 0). Variable time; the
// point must be public. Source: Monero master (0aa9c51) fcmp_pp::point_to_wei_x_y.
bool point_to_wei_x_y(const crypto::ec_point &torsion_free_point, crypto::ec_coord &wei_x, crypto::ec_coord &wei_y);

}  // namespace fcmp_pp
