#include "lint/allowlist.h"

#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "util/json_writer.h"
#include "util/error.h"
#include "util/json_file.h"

namespace hwclass {

std::set<std::string> read_allowlist(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_allowlist(path, buffer.str());
}

std::set<std::string> parse_allowlist(const std::string& path, const std::string& text) {
  nlohmann::json doc = parse_json_text(path, text);
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
