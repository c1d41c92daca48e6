// OpenSSL 3 adapter (see peers.h). The EVP_MD objects are fetched once and one
// digest context per thread is reused, which is how a caller gets OpenSSL's
// best speed on short messages.
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "peers.h"

namespace cncrypto::peers {
namespace {
struct md_deleter {
  void operator()(EVP_MD *md) const { EVP_MD_free(md); }
};
struct ctx_deleter {
  void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};

const EVP_MD *fetch(const char *algorithm) {
  EVP_MD *md = EVP_MD_fetch(nullptr, algorithm, nullptr);
  if (md == nullptr) throw std::runtime_error(std::string("openssl peer: cannot fetch ") + algorithm);
  return md;
}

EVP_MD_CTX *thread_ctx() {
  thread_local std::unique_ptr<EVP_MD_CTX, ctx_deleter> ctx(EVP_MD_CTX_new());
  if (!ctx) throw std::runtime_error("openssl peer: EVP_MD_CTX_new failed");
  return ctx.get();
}

void digest(const EVP_MD *md, const void *data, std::size_t size, unsigned char *out,
            std::size_t out_size, bool xof) {
  EVP_MD_CTX *ctx = thread_ctx();
  bool ok = EVP_DigestInit_ex2(ctx, md, nullptr) == 1 && EVP_DigestUpdate(ctx, data, size) == 1;
  if (ok) {
    unsigned int written = 0;
    ok = xof ? EVP_DigestFinalXOF(ctx, out, out_size) == 1
             : EVP_DigestFinal_ex(ctx, out, &written) == 1 && written == out_size;
  }
  if (!ok) throw std::runtime_error("openssl peer: digest failed");
}
}  // namespace

void openssl::sha3_256(const void *data, std::size_t size, unsigned char *out) {
  static const std::unique_ptr<EVP_MD, md_deleter> md(const_cast<EVP_MD *>(fetch("SHA3-256")));
  digest(md.get(), data, size, out, 32, false);
}

void openssl::shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size) {
  static const std::unique_ptr<EVP_MD, md_deleter> md(const_cast<EVP_MD *>(fetch("SHAKE128")));
  digest(md.get(), data, size, out, out_size, true);
}

void openssl::shake256(const void *data, std::size_t size, unsigned char *out, std::size_t out_size) {
  static const std::unique_ptr<EVP_MD, md_deleter> md(const_cast<EVP_MD *>(fetch("SHAKE256")));
  digest(md.get(), data, size, out, out_size, true);
}

std::string openssl::version() { return OPENSSL_FULL_VERSION_STR; }

}  // namespace cncrypto::peers
