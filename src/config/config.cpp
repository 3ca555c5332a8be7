#include "config/config.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "util/error.h"

namespace fs = std::filesystem;

namespace hwclass {
namespace {

std::string at(const std::string& file, const toml::node& node) {
  return file + ":" + std::to_string(node.source().begin.line);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path.string() + ": cannot read the configuration file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

toml::table parse(const fs::path& path) {
  try {
    return toml::parse(read_text(path), path.string());
  } catch (const toml::parse_error& e) {
    throw ConfigError(path.string() + ":" + std::to_string(e.source().begin.line) + ": " +
                      std::string(e.description()));
  }
}

const std::set<std::string>& known_keys() {
  static const std::set<std::string> keys = {"allowlist", "rules-dir", "rules-extend", "fail-level", "code",
                                             "upstream-version", "upstream", "inherit", "select", "ignore", "exclude",
                                             "line-length"};
  return keys;
}

// The table holding hwclass's keys: pyproject.toml's [tool.hwclass] (null
// when it has none), a dedicated file's top level. The README's block
// copied into the wrong file is said to be in the wrong form, not reported
// as an unknown key.
const toml::table* hwclass_table(const toml::table& root, const fs::path& path, bool pyproject) {
  const toml::node* tool = root.get("tool");
  const toml::node* table = tool && tool->is_table() ? tool->as_table()->get("hwclass") : nullptr;
  const std::string name = path.filename().string();
  if (pyproject) {
    for (const auto& [key, node] : root)
      if (known_keys().count(std::string(key.str())))
        throw ConfigError(at(path.string(), node) + ": '" + std::string(key.str()) +
                          "' at the top level: pyproject.toml takes hwclass's keys under [tool.hwclass]");
    return table ? table->as_table() : nullptr;
  }
  if (table)
    throw ConfigError(at(path.string(), *table) + ": [tool.hwclass] is pyproject.toml's form; " + name +
                      " takes the keys at its top level, without a table header");
  return &root;
}

std::vector<std::string> strings(const toml::node& node, const std::string& file, const std::string& key) {
  std::vector<std::string> out;
  if (auto s = node.value<std::string>()) {
    out.push_back(*s);
    return out;
  }
  const toml::array* array = node.as_array();
  if (!array) throw ConfigError(at(file, node) + ": '" + key + "' must be a string or an array of strings");
  for (const auto& item : *array) {
    auto s = item.value<std::string>();
    if (!s) throw ConfigError(at(file, item) + ": '" + key + "' must hold only strings");
    out.push_back(*s);
  }
  return out;
}

Config from_table(const toml::table& table, const fs::path& path) {
  Config c;
  c.source = path.string();
  const std::string file = path.string();
  const fs::path base = path.parent_path();
  auto text = [&](const toml::node& node, const std::string& key) {
    auto s = node.value<std::string>();
    if (!s) throw ConfigError(at(file, node) + ": '" + key + "' must be a string");
    return *s;
  };
  auto boolean = [&](const toml::node& node, const std::string& key) {
    auto b = node.value<bool>();
    if (!b) throw ConfigError(at(file, node) + ": '" + key + "' must be true or false");
    return *b;
  };
  for (const auto& [k, node] : table) {
    std::string key(k.str());
    if (key == "allowlist") c.allowlist = (base / text(node, key)).string();
    else if (key == "rules-dir") c.rules_dir = (base / text(node, key)).string();
    else if (key == "rules-extend") {
      c.rules_extend.emplace();
      for (const std::string& p : strings(node, file, key)) c.rules_extend->push_back((base / p).string());
    }
    else if (key == "fail-level") {
      c.fail_level = text(node, key);
      if (*c.fail_level != "error" && *c.fail_level != "warning" && *c.fail_level != "advice")
        throw ConfigError(at(file, node) + ": 'fail-level' must be error, warning or advice");
    } else if (key == "code") c.code = text(node, key);
    else if (key == "upstream-version") {
      auto v = node.value<int64_t>();
      if (!v || (*v != 7 && *v != 8)) throw ConfigError(at(file, node) + ": 'upstream-version' must be 7 or 8");
      c.upstream_version = static_cast<int>(*v);
    } else if (key == "line-length") {
      // ruff's bounds: what a formatter can be set to.
      auto v = node.value<int64_t>();
      if (!v || *v < 1 || *v > 320) throw ConfigError(at(file, node) + ": 'line-length' must be an integer from 1 to 320");
      c.line_length = static_cast<int>(*v);
    } else if (key == "upstream") c.upstream = boolean(node, key);
    else if (key == "inherit") c.inherit = boolean(node, key);
    else if (key == "select") c.select = strings(node, file, key);
    else if (key == "ignore") c.ignore = strings(node, file, key);
    else if (key == "exclude") c.exclude = strings(node, file, key);
    else throw ConfigError(at(file, node) + ": unknown key '" + key + "' in the hwclass configuration");
  }
  return c;
}

}  // namespace

Config load_config(const std::string& explicit_path, const std::string& start_dir, bool isolated) {
  if (!explicit_path.empty()) {
    fs::path path = fs::absolute(explicit_path);
    bool pyproject = path.filename() == "pyproject.toml";
    toml::table root = parse(path);
    const toml::table* table = hwclass_table(root, path, pyproject);
    if (!table) throw ConfigError(path.string() + ": no [tool.hwclass] table");
    return from_table(*table, path);
  }
  if (isolated) return {};
  std::error_code ec;
  for (fs::path dir = fs::absolute(start_dir, ec);; dir = dir.parent_path()) {
    for (const char* name : {".hwclass.toml", "hwclass.toml", "pyproject.toml"}) {
      fs::path candidate = dir / name;
      if (!fs::is_regular_file(candidate, ec)) continue;
      bool pyproject = std::string(name) == "pyproject.toml";
      toml::table root = parse(candidate);
      if (const toml::table* table = hwclass_table(root, candidate, pyproject)) return from_table(*table, candidate);
    }
    if (dir == dir.parent_path()) break;
  }
  return {};
}

bool glob_match(std::string_view pattern, std::string_view path) {
  if (pattern.empty()) return path.empty();
  if (pattern.substr(0, 3) == "**/") {
    for (size_t i = 0;; ) {
      if (glob_match(pattern.substr(3), path.substr(i))) return true;
      size_t slash = path.find('/', i);
      if (slash == std::string_view::npos) return false;
      i = slash + 1;
    }
  }
  if (pattern == "**") return true;
  if (pattern[0] == '*') {
    for (size_t i = 0; i <= path.size(); ++i) {
      if (glob_match(pattern.substr(1), path.substr(i))) return true;
      if (i < path.size() && path[i] == '/') break;
    }
    return false;
  }
  if (path.empty()) return false;
  if (pattern[0] == '?') return path[0] != '/' && glob_match(pattern.substr(1), path.substr(1));
  return pattern[0] == path[0] && glob_match(pattern.substr(1), path.substr(1));
}

}  // namespace hwclass
