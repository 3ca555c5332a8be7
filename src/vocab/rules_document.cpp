#include "vocab/rules_document.h"

#include <fstream>
#include <sstream>

#include "util/error.h"
#include "util/hash.h"

extern const char* const kEmbeddedDevicesToml;

namespace hwclass {

RulesDocument parse_rules(std::string_view text, const std::string& name) {
  try {
    return RulesDocument{toml::parse(text, name), name};
  } catch (const toml::parse_error& e) {
    throw ConfigError(name + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description()));
  }
}

void extend_rules(RulesDocument& base, toml::table&& extension) {
  for (auto&& [key, node] : extension) {
    toml::table* mine = base.root[key.str()].as_table();
    toml::table* theirs = node.as_table();
    if (mine && theirs) {
      // Moved, not copied: a moved node keeps its source region, so an
      // error in it names the extension's file and line.
      for (auto&& [inner, value] : *theirs) mine->insert_or_assign(inner.str(), std::move(value));
    } else {
      base.root.insert_or_assign(key.str(), std::move(node));
    }
  }
}

std::string rules_hash(const toml::table& root) {
  std::ostringstream json;
  json << toml::json_formatter{root};
  return hex64(hash64(json.str()));
}

std::string_view embedded_rules_text() { return kEmbeddedDevicesToml; }

std::string read_rules_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot read the rules file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace hwclass
