// Coinbase and emission (spec cryptonote_format.md section 10.1; Monero
// src/cryptonote_core/cryptonote_tx_utils.cpp construct_miner_tx and
// src/cryptonote_basic/cryptonote_basic_impl.cpp get_block_reward): the block
// reward, and the miner transaction paying it. Declared in
// cryptonote/cryptonote_tx_utils.h (with decompose_amount_into_digits, a
// template there).
#include "cryptonote/cryptonote_tx_utils.h"

#include "tx_detail.h"
#include "cryptonote/tx_extra.h"

#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace cryptonote {
namespace {

using namespace tx_detail;  // fail, guarded, num, hex_of, checked_add, make_output

// Monero's cryptonote_config.h (common/monero_config.h's macros).
constexpr std::uint64_t money_supply = MONEY_SUPPLY;
constexpr unsigned emission_speed_factor_per_minute = EMISSION_SPEED_FACTOR_PER_MINUTE;
constexpr std::uint64_t final_subsidy_per_minute = FINAL_SUBSIDY_PER_MINUTE;
constexpr unsigned difficulty_target_v1 = DIFFICULTY_TARGET_V1, difficulty_target_v2 = DIFFICULTY_TARGET_V2;
constexpr std::size_t full_reward_zone_v1 = CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1,
                      full_reward_zone_v2 = CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V2,
                      full_reward_zone_v5 = CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5;
constexpr std::uint64_t base_reward_clamp_threshold = 100000000ull;  // 10^8
constexpr std::uint64_t default_dust_threshold = 2000000000ull;      // 2 * 10^9
constexpr std::uint64_t mined_money_unlock_window = 60;
constexpr std::uint8_t hf_version_view_tags = HF_VERSION_VIEW_TAGS;

std::size_t min_block_weight(std::uint8_t version) {
  if (version < 2) return full_reward_zone_v1;
  if (version < 5) return full_reward_zone_v2;
  return full_reward_zone_v5;
}

// floor(a * b / d / d) for d < 2^32, a, b < 2^64, in 32-bit limbs.
std::uint64_t mul_div_div(std::uint64_t a, std::uint64_t b, std::uint64_t d) {
  // 128-bit product as four 32-bit limbs, most significant first.
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  const std::uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  const std::uint64_t lo = (mid << 32) | (p00 & 0xffffffffu);
  std::uint32_t limbs[4] = {static_cast<std::uint32_t>(hi >> 32), static_cast<std::uint32_t>(hi),
                            static_cast<std::uint32_t>(lo >> 32), static_cast<std::uint32_t>(lo)};
  for (int pass = 0; pass < 2; ++pass) {
    std::uint64_t rem = 0;
    for (std::uint32_t &limb : limbs) {
      const std::uint64_t cur = (rem << 32) | limb;
      limb = static_cast<std::uint32_t>(cur / d);
      rem = cur % d;
    }
  }
  return (static_cast<std::uint64_t>(limbs[2]) << 32) | limbs[3];
}
}  // namespace

bool get_block_reward(std::size_t median_weight, std::size_t current_block_weight,
                      std::uint64_t already_generated_coins, std::uint64_t &reward, std::uint8_t version) {
  const unsigned target_minutes = (version < 2 ? difficulty_target_v1 : difficulty_target_v2) / 60;
  const unsigned emission_speed_factor = emission_speed_factor_per_minute - (target_minutes - 1);
  std::uint64_t base_reward = (money_supply - already_generated_coins) >> emission_speed_factor;
  if (base_reward < final_subsidy_per_minute * target_minutes) base_reward = final_subsidy_per_minute * target_minutes;

  median_weight = std::max(median_weight, min_block_weight(version));
  if (current_block_weight <= median_weight) {
    reward = base_reward;
    return true;
  }
  if (current_block_weight > 2 * median_weight) return false;  // block too big
  // Monero asserts both weights are below 2^32; refuse rather than overflow.
  // (Through a uint64_t variable: with a 32-bit std::size_t, the WebAssembly build,
  // the comparison is always false and clang's -Wtautological-* says so.)
  const std::uint64_t median_weight64 = median_weight;
  if (median_weight64 >= (std::uint64_t{1} << 32)) return false;
  // reward = base * (2M - W) * W / M / M  (128-bit product).
  const std::uint64_t multiplicand =
      static_cast<std::uint64_t>(2 * median_weight - current_block_weight) * current_block_weight;
  reward = mul_div_div(base_reward, multiplicand, median_weight);
  return true;
}

bool construct_miner_tx(std::size_t height, std::size_t median_weight, std::uint64_t already_generated_coins,
                        std::size_t current_block_weight, std::uint64_t fee,
                        const account_public_address &miner_address, transaction &tx, const blobdata &extra_nonce,
                        std::size_t max_outs, std::uint8_t hard_fork_version, std::string *error) {
  tx = transaction{};
  const bool ok = guarded(error, [&] {
    const keypair txkey = keypair::generate(hw::get_device("default"));
    add_tx_pub_key_to_extra(tx.extra, txkey.pub);
    if (!extra_nonce.empty() && !add_extra_nonce_to_tx_extra(tx.extra, extra_nonce)) {
      fail("extra nonce of " + num(extra_nonce.size()) + " bytes is longer than 255");
    }
    if (!sort_tx_extra(tx.extra, tx.extra)) fail("tx_extra does not parse");

    std::uint64_t block_reward = 0;
    if (!get_block_reward(median_weight, current_block_weight, already_generated_coins, block_reward,
                          hard_fork_version)) {
      fail("block weight " + num(current_block_weight) + " is too big for median weight " + num(median_weight));
    }
    block_reward = checked_add(block_reward, fee, "block reward plus fee");
    // Hard forks 2 and 3 drop the low digits of the reward.
    if (hard_fork_version >= 2 && hard_fork_version < 4) {
      block_reward -= block_reward % base_reward_clamp_threshold;
    }
    std::vector<std::uint64_t> out_amounts;
    decompose_amount_into_digits(
        block_reward, hard_fork_version >= 2 ? 0 : default_dust_threshold,
        [&](std::uint64_t chunk) { out_amounts.push_back(chunk); },
        [&](std::uint64_t dust) { out_amounts.push_back(dust); });
    if (max_outs < 1) fail("max_outs must be at least 1");
    if (height == 0 || hard_fork_version >= 4) {
      // Merge the two smallest (first) amounts until max_outs is met.
      while (out_amounts.size() > max_outs) {
        out_amounts[1] += out_amounts[0];
        out_amounts.erase(out_amounts.begin());
      }
    } else if (out_amounts.size() > max_outs) {
      fail("the reward needs " + num(out_amounts.size()) + " outputs, more than max_outs " + num(max_outs));
    }

    crypto::key_derivation derivation;
    if (!crypto::generate_key_derivation(miner_address.m_view_public_key, txkey.sec, derivation)) {
      fail("the miner's view public key " + hex_of(miner_address.m_view_public_key) + " is not a valid point");
    }
    const bool use_view_tags = hard_fork_version >= hf_version_view_tags;
    crypto::ec_scalar unused_amount_key;  // coinbase amounts are in clear
    for (std::size_t no = 0; no < out_amounts.size(); ++no) {
      tx.vout.push_back(make_output(out_amounts[no], derivation, no, miner_address.m_spend_public_key, use_view_tags,
                                    "the miner's ", unused_amount_key));
    }
    sodium_memzero(&unused_amount_key, sizeof unused_amount_key);
    sodium_memzero(&derivation, sizeof derivation);
    tx.version = hard_fork_version >= 4 ? 2 : 1;
    tx.unlock_time = height + mined_money_unlock_window;
    tx.vin.push_back(txin_gen{height});
  });
  if (!ok) tx = transaction{};
  return ok;
}

}  // namespace cryptonote
