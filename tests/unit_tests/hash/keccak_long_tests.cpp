// The length-overflow class of bugs (CVE-2022-37454 in the Keccak team's
// code: a 32-bit length overflowed when one update of about 2^32 bytes
// followed a partial block). Here: update(1 byte) then update(2^32 - 1 bytes)
// must equal hashing 2^32 zero bytes, for SHA3-256 and Keccak-256.
//
// Expected values (2^32 zero bytes), computed on this machine by
// tests/unit_tests/vectors/generate_fips202_vectors.py --long:
//   SHA3-256:   Python 3.11 hashlib.sha3_256, 4096 updates of 1 MiB of zeros
//   Keccak-256: pycryptodome 3.11 Cryptodome.Hash.keccak (digest_bits=256), same
//
// Memory stays small: the 4 GiB input of the single big update is one 16 MiB
// zero-filled memfd mapped 256 times side by side; the chunked run reuses one
// 1 MiB buffer. Slow (three 4 GiB hashes,
// about 30 s in an idle Release build): ctest label "long" (CI runs it).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/keccak.h"
#include "crypto/sponge.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

constexpr const char *sha3_256_of_2_32_zeros = "41beb40a3f03332c55d7f33ec8e751b3dd86115193a2a7ac60fec69669b2b371";
constexpr const char *keccak_256_of_2_32_zeros = "fe6d2dcce23929d055dbf766365bfbf57270e9eee81892e388d62bee1391f977";

std::string hex(const void *data, std::size_t size) { return cncrypto::hex_encode(data, size); }

boost::test_tools::assertion_result size_t_is_64_bit(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result ok(sizeof(std::size_t) >= 8);
  if (!ok) ok.message() << "skipped: a single 2^32-byte update needs a 64-bit size_t";
  return ok;
}

// `size` readable zero bytes in little physical memory: one 16 MiB zero-filled
// memfd mapped again and again over a reserved range of address space. (A
// plain anonymous mapping is not enough: some kernels and sandboxes give every
// read-faulted page its own memory instead of the shared zero page.)
class zero_mapping {
 public:
  explicit zero_mapping(std::size_t size) : size_(size) {
    constexpr std::size_t piece = std::size_t{16} << 20;
    if (size % piece != 0) return;
    const int fd = memfd_create("cncrypto-zeros", 0);
    if (fd < 0) return;
    void *base = MAP_FAILED;
    if (ftruncate(fd, static_cast<off_t>(piece)) == 0) {
      base = mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    }
    if (base != MAP_FAILED) {
      auto *bytes = static_cast<std::uint8_t *>(base);
      bool ok = true;
      for (std::size_t offset = 0; ok && offset < size; offset += piece) {
        ok = mmap(bytes + offset, piece, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
      }
      if (ok) {
        data_ = bytes;
      } else {
        munmap(base, size);
      }
    }
    close(fd);
  }
  ~zero_mapping() {
    if (data_) munmap(const_cast<std::uint8_t *>(data_), size_);
  }
  zero_mapping(const zero_mapping &) = delete;
  zero_mapping &operator=(const zero_mapping &) = delete;
  const std::uint8_t *data() const { return data_; }

 private:
  std::size_t size_;
  const std::uint8_t *data_ = nullptr;
};

constexpr std::uint64_t four_gib = std::uint64_t{1} << 32;

std::string one_then_huge_update(cncrypto::keccak_algorithm algo) {
  zero_mapping zeros(static_cast<std::size_t>(four_gib));
  BOOST_TEST_REQUIRE(zeros.data() != nullptr, "cannot map 4 GiB of address space");
  cncrypto::keccak_hasher h(algo);
  h.update(zeros.data(), 1);
  h.update(zeros.data() + 1, static_cast<std::size_t>(four_gib - 1));
  std::uint8_t out[32];
  h.finalize(out, 32);
  return hex(out, 32);
}

}  // namespace

BOOST_AUTO_TEST_CASE(sha3_256_one_byte_then_2_32_minus_1, *boost::unit_test::precondition(size_t_is_64_bit)) {
  BOOST_TEST(one_then_huge_update(cncrypto::keccak_algorithm::sha3_256) == sha3_256_of_2_32_zeros);
}

BOOST_AUTO_TEST_CASE(keccak_256_one_byte_then_2_32_minus_1, *boost::unit_test::precondition(size_t_is_64_bit)) {
  BOOST_TEST(one_then_huge_update(cncrypto::keccak_algorithm::keccak_256) == keccak_256_of_2_32_zeros);
}

BOOST_AUTO_TEST_CASE(keccak_ctx_chunked_2_32_zero_bytes) {
  // Keccak-256 through Monero's C API, in 1 MiB chunks plus odd pieces, so the
  // counting of positions also runs past 2^32 bytes on this path.
  const std::vector<std::uint8_t> chunk(std::size_t{1} << 20);  // one reused buffer
  KECCAK_CTX ctx;
  keccak_init(&ctx);
  keccak_update(&ctx, chunk.data(), 3);
  std::uint64_t done = 3;
  while (four_gib - done >= chunk.size()) {
    keccak_update(&ctx, chunk.data(), chunk.size());
    done += chunk.size();
  }
  keccak_update(&ctx, chunk.data(), static_cast<std::size_t>(four_gib - done));
  std::uint8_t out[32];
  keccak_finish(&ctx, out);
  BOOST_TEST(hex(out, 32) == keccak_256_of_2_32_zeros);
}
