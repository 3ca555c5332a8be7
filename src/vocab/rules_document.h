// The device rules as one TOML document: the built-in rules (or --rules
// DIR's devices.toml) with each --rules-extend file laid over them. The
// vocabulary is read from the result, so an extension is checked exactly as
// the built-in file is, and every value keeps the file and line it came
// from for errors.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace hwclass {

struct RulesDocument {
  toml::table root;
  std::string source;  // the base file's name, for errors about what is missing
};

// Parses rules text; a TOML error is a ConfigError "name:line: ...".
RulesDocument parse_rules(std::string_view text, const std::string& name);

// Lays `extension` over `base`: a key of a table both have replaces or adds
// that key (`[device.npu]` adds the npu table whole, `[instantiate]
// privateuse1 = [...]` replaces that list and keeps default_devices); any
// other top-level key replaces or adds the whole value.
void extend_rules(RulesDocument& base, toml::table&& extension);

// XXH3 of the document's values (not its bytes): rules that say the same
// thing hash alike, however they were split into files or commented.
std::string rules_hash(const toml::table& root);

// The built-in rules/devices.toml, byte for byte as compiled in.
std::string_view embedded_rules_text();

// The text of a rules file, or a ConfigError naming it.
std::string read_rules_file(const std::string& path);

}  // namespace hwclass
