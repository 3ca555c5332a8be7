#include "lint/allowlist.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "util/json_writer.h"
#include "util/error.h"
#include "util/json_file.h"

namespace hwclass {

std::set<std::string> read_allowlist(const std::string& path) {
  // Only a path with nothing at it is an empty list: anything else that
  // cannot be read (a directory, a link loop or to nothing, no permission)
  // read as empty would make every allowlisted file fail, or look pruned.
  std::error_code ec;
  if (std::filesystem::symlink_status(path, ec).type() == std::filesystem::file_type::not_found) return {};
  auto fail = [&](int err) { return ConfigError(path + ": cannot read the allowlist: " + std::strerror(err)); };
  if (std::filesystem::is_directory(path, ec)) throw fail(EISDIR);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw fail(errno ? errno : EIO);
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw fail(errno ? errno : EIO);
  return parse_allowlist(path, buffer.str());
}

std::set<std::string> parse_allowlist(const std::string& path, const std::string& text) {
  // An empty file (`--allowlist /dev/null`) is an empty allowlist, as a
  // missing default is: json.load would reject it, but no reading of it
  // names a file to skip.
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return {};
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
