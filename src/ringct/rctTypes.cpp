// Names of the RingCT types (Monero rctTypes.h).
#include "ringct/rctTypes.h"

namespace rct {
const char *rct_type_name(std::uint8_t type) noexcept {
  switch (type) {
    case RCTTypeNull: return "RCTTypeNull";
    case RCTTypeFull: return "RCTTypeFull";
    case RCTTypeSimple: return "RCTTypeSimple";
    case RCTTypeBulletproof: return "RCTTypeBulletproof";
    case RCTTypeBulletproof2: return "RCTTypeBulletproof2";
    case RCTTypeCLSAG: return "RCTTypeCLSAG";
    case RCTTypeBulletproofPlus: return "RCTTypeBulletproofPlus";
    default: return "unknown";
  }
}
}  // namespace rct
