// A main() for the fuzz targets in ordinary builds (no libFuzzer): runs
// LLVMFuzzerTestOneInput once on each FILE given, or on every file of each
// DIRECTORY given (the seed corpora), and on the empty input. "--shared SUBDIR"
// also replays ../shared's SUBDIR ($CNCRYPTO_SHARED_DIR/SUBDIR when that is
// set) when it exists, and says so when it does not. ctest runs each target
// this way over tests/fuzz/corpus/<target> (label "fuzz"), so the oracles hold
// on the seeds in every build; scripts/fuzz.sh runs the real fuzzer.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {
void run_file(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size());
}

std::size_t run_path(const std::filesystem::path &arg) {
  std::size_t count = 0;
  if (std::filesystem::is_directory(arg)) {
    for (const auto &entry : std::filesystem::recursive_directory_iterator(arg)) {
      if (entry.is_regular_file()) {
        run_file(entry.path());
        ++count;
      }
    }
  } else {
    run_file(arg);
    ++count;
  }
  return count;
}
}  // namespace

int main(int argc, char **argv) {
  const std::uint8_t none = 0;
  LLVMFuzzerTestOneInput(&none, 0);
  std::size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--shared") == 0 && i + 1 < argc) {
      const char *env = std::getenv("CNCRYPTO_SHARED_DIR");
      const std::filesystem::path dir = std::filesystem::path(env && *env ? env : CNCRYPTO_SHARED_DIR) / argv[++i];
      if (std::filesystem::is_directory(dir)) {
        count += run_path(dir);
      } else {
        std::printf("%s not found: replayed the project's corpus only\n", dir.string().c_str());
      }
      continue;
    }
    count += run_path(argv[i]);
  }
  std::printf("%zu inputs: every oracle held\n", count);
  return 0;
}
