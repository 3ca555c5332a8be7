// hwclass completion bash|zsh|fish: the shell completion script, built from
// the options this binary parses, so it cannot drift from them. cmake
// --install writes all three into the shells' completion directories.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "emit/completion.h"

namespace hwclass {
namespace {

// CLI11 shows an IsMember check as "TEXT:{a,b}" in the type name and gives
// no other way to read the set back.
std::vector<std::string> listed_choices(const std::string& type_name) {
  std::vector<std::string> choices;
  const size_t open = type_name.find('{'), close = type_name.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return choices;
  std::string item;
  for (char c : type_name.substr(open + 1, close - open - 1)) {
    if (c == ',') choices.push_back(item), item.clear();
    else item += c;
  }
  choices.push_back(item);
  return choices;
}

bool numeric_type(const std::string& type_name) {
  return type_name.rfind("INT", 0) == 0 || type_name.rfind("UINT", 0) == 0 || type_name.rfind("FLOAT", 0) == 0;
}

CompletionCommand described(const CLI::App& app) {
  CompletionCommand cmd;
  cmd.name = app.get_name();
  cmd.help = app.get_description();
  for (const CLI::Option* option : app.get_options()) {
    const std::string type = option->get_type_name();
    if (!option->nonpositional()) {
      cmd.positionals = true;
      cmd.positional_choices = listed_choices(type);
      continue;
    }
    CompletionOption out;
    out.shorts = option->get_snames();
    out.longs = option->get_lnames();
    out.help = option->get_description();
    out.takes_value = option->get_items_expected_max() > 0;  // 0 for a flag
    if (out.takes_value) out.choices = listed_choices(type), out.numeric = numeric_type(type);
    cmd.options.push_back(out);
  }
  for (const CLI::App* sub : app.get_subcommands({})) cmd.subcommands.push_back(described(*sub));
  return cmd;
}

}  // namespace

CommandRunner register_completion(CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("completion", "Print the shell completion script for bash, zsh or fish");
  cmd->add_option("shell", *shell, "The shell: bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  const CLI::App* top = &app;
  return [shell, cmd, top](RunStats*) -> int {
    if (!cmd->parsed()) return -1;
    std::cout << completion_script(described(*top), *shell);
    return 0;
  };
}

}  // namespace hwclass
