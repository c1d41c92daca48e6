#include "cnutil_command.h"

#include <iostream>

namespace po = boost::program_options;

namespace cncrypto::tools {

bool parse_command_line(const std::vector<std::string> &args, const po::options_description &desc,
                        const char *positional_name, int positional_max, po::variables_map &vm,
                        const std::string &usage) {
  po::positional_options_description positional;
  if (positional_name != nullptr) positional.add(positional_name, positional_max);
  // No abbreviations: an option must be spelled out (no silent guessing; e.g.
  // "--view-secret" must not quietly mean "--view-secret-file").
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(positional).style(style).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << desc;
      return false;
    }
    po::notify(vm);  // required options are checked here, after --help
  } catch (const po::unknown_option &e) {
    // Named without its value: "--password=hunter2" or "-phunter2" must not print the
    // value (a user may have tried to pass a secret that way).
    std::string name = e.get_option_name();
    const bool long_form = name.rfind("--", 0) == 0;
    const std::size_t cut = long_form ? name.find('=') : (name.size() > 2 ? 2 : std::string::npos);
    if (cut != std::string::npos) name = name.substr(0, cut) + " (its value not shown)";
    if (name.find('%') != std::string::npos) throw usage_error("invalid command line (an unknown option)");
    throw usage_error("unrecognised option '" + name + "'");
  } catch (const po::error_with_option_name &e) {
    // what() puts the user's text into the message template in place of tokens
    // such as %canonical_option%, and (Boost 1.74) loops for ever when that text
    // holds the token itself (found by tests/fuzz/fuzz_tools): with a '%' in any
    // argument, the message names no argument.
    for (const std::string &arg : args) {
      if (arg.find('%') != std::string::npos) throw usage_error("invalid command line (an option or its value)");
    }
    throw usage_error(e.what());
  } catch (const po::error &e) {
    throw usage_error(e.what());
  }
  return true;
}

}  // namespace cncrypto::tools
