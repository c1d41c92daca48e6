// What every cnutil command shares: the usage error main() reports with a hint
// to --help, and the boost::program_options parse with --help handling.
#pragma once

#include <boost/program_options.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace cncrypto::tools {

// Thrown for bad command lines; cnutil's main prints "cnutil: MESSAGE" and a
// hint to --help, and exits 1.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Adds the option every command has (-h, --help) to desc and returns the
// chain for the command's own options: command_options(desc)("json", "...").
inline boost::program_options::options_description_easy_init command_options(
    boost::program_options::options_description &desc) {
  return desc.add_options()("help,h", "show this help");
}

// Parses args with desc, handling --help (prints usage and desc on stdout);
// the arguments without an option name are the option `positional_name` (up
// to positional_max of them, -1: any number; none when positional_name is
// null). No abbreviated option names. Returns false when help was printed.
// Throws usage_error for anything boost::program_options refuses.
bool parse_command_line(const std::vector<std::string> &args, const boost::program_options::options_description &desc,
                        const char *positional_name, int positional_max, boost::program_options::variables_map &vm,
                        const std::string &usage);

}  // namespace cncrypto::tools
