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
  } catch (const nlohmann::json::exception& e) {
    // A number too large for a double (1e999) has no position in nlohmann's error.
    throw ConfigError(path + ": not valid JSON: " + (e.id == 406 ? "a number out of range" : std::string(e.what())));
  }
}

inline nlohmann::json read_json_file(const std::string& path, std::ifstream& in) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_json_text(path, buffer.str());
}

}  // namespace hwclass
