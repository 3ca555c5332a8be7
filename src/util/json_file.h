// Reading a JSON file a person may have edited: a parse error names the file
// and the line (nlohmann reports a byte offset).
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "util/error.h"

namespace hwclass {

// Parses `text`, read from `path` (a file, or a blob named so);
// ConfigError "PATH:LINE: not valid JSON" when it does not parse.
inline nlohmann::json parse_json_text(const std::string& path, const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    size_t line = 1;
    for (size_t i = 0; i < e.byte && i < text.size(); ++i) line += text[i] == '\n';
    throw ConfigError(path + ":" + std::to_string(line) + ": not valid JSON");
  }
}

inline nlohmann::json read_json_file(const std::string& path, std::ifstream& in) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_json_text(path, buffer.str());
}

}  // namespace hwclass
