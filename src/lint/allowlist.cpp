#include "lint/allowlist.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "util/json_writer.h"
#include "util/error.h"

namespace hwclass {

std::set<std::string> read_allowlist(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream buffer;
  buffer << in.rdbuf();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(buffer.str());
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann reports a byte offset; turn it into the line a person looks for.
    std::string text = buffer.str();
    size_t line = 1;
    for (size_t i = 0; i < e.byte && i < text.size(); ++i) line += text[i] == '\n';
    throw ConfigError(path + ":" + std::to_string(line) + ": not valid JSON");
  }
  std::set<std::string> out;
  if (doc.is_object()) {
    for (const auto& [key, value] : doc.items()) out.insert(key);
    return out;
  }
  if (!doc.is_array()) throw ConfigError(path + ":1: the allowlist must be a JSON array of paths");
  for (const auto& item : doc) {
    if (!item.is_string()) throw ConfigError(path + ":1: the allowlist must hold only path strings");
    out.insert(item.get<std::string>());
  }
  return out;
}

std::string allowlist_bytes(const std::set<std::string>& paths) {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_array();
  for (const auto& p : paths) w.value(p);  // std::set orders by bytes, as Python sorts UTF-8 paths
  w.end_array();
  out.push_back('\n');
  return out;
}

}  // namespace hwclass
