// A main() for the fuzz targets in ordinary builds (no libFuzzer): runs
// LLVMFuzzerTestOneInput once on each FILE given, or on every file of each
// DIRECTORY given (the seed corpora), and on the empty input. ctest runs each
// target this way over tests/fuzz/corpus/<target> (label "fuzz"), so the oracles
// hold on the seeds in every build; scripts/fuzz.sh runs the real fuzzer.
#include <cstdint>
#include <cstdio>
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
}  // namespace

int main(int argc, char **argv) {
  const std::uint8_t none = 0;
  LLVMFuzzerTestOneInput(&none, 0);
  std::size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
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
  }
  std::printf("%zu inputs: every oracle held\n", count);
  return 0;
}
