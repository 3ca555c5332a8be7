// Errors that end a command with exit status 2 and one clear line.
#pragma once

#include <stdexcept>
#include <string>

namespace hwclass {

// Bad configuration or rules data; the message names the file and line.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bad command-line usage.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace hwclass
