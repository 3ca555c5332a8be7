// Shell completion scripts for bash, zsh and fish, written from a plain
// description of the command line, so the scripts always list the options the
// binary parses (cli/completion_command.cpp builds the description from the
// CLI11 app).
#pragma once

#include <string>
#include <vector>

namespace hwclass {

struct CompletionOption {
  std::vector<std::string> shorts;  // without the dash: "j"
  std::vector<std::string> longs;   // without the dashes: "jobs"
  std::string help;
  bool takes_value = false;
  std::vector<std::string> choices;  // the only values it accepts, if listed
  bool numeric = false;              // a number: no file names are offered
};

struct CompletionCommand {
  std::string name;  // "hwclass" at the top
  std::string help;
  std::vector<CompletionOption> options;
  bool positionals = false;                     // takes positional arguments
  std::vector<std::string> positional_choices;  // empty: file names
  std::vector<CompletionCommand> subcommands;
};

// The scripts, for the shell's completion directory (bash-completion,
// zsh's fpath as _hwclass, fish's vendor_completions.d). Throws
// std::invalid_argument for a shell that is not bash, zsh or fish.
std::string completion_script(const CompletionCommand& top, const std::string& shell);

}  // namespace hwclass
