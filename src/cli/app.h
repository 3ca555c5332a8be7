// The command-line interface: every subcommand registered on one CLI11 app.
// Shared by main() and the test that checks the man page covers every option.
#pragma once

#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace hwclass {

std::unique_ptr<CLI::App> make_app(std::vector<CommandRunner>& runners);

}  // namespace hwclass
