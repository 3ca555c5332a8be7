// add-import (safe): a module whose declarations (as written, or as the
// other fixes leave them) name HardwareClassification, and that neither
// imports nor defines it, gets it added to its
// `from torch.testing._internal.common_utils import ...` (in sorted place
// among the names, in the parenthesised one-per-line form or on the one
// line), or a new import line after the last module-level import.
// Why: without it the module raises NameError at import
// (classification-not-imported).
#include <algorithm>

#include "facts/queries.h"
#include "fix/fixes.h"
#include "fix/source_text.h"
#include "util/ascii.h"

namespace hwclass {
namespace {

constexpr const char* kModule = "torch.testing._internal.common_utils";
constexpr const char* kName = "HardwareClassification";

bool needs_enum(const FixContext& c) {
  for (const Edit& e : c.earlier)
    if (e.text.find(std::string(kName) + ".") != std::string::npos) return true;
  for (const ClassFact& cls : c.file.classes)
    if (names_classification_enum(cls.declaration)) return true;
  return false;
}

std::string bare(std::string entry) {  // "Foo as Bar," -> "foo"
  size_t end = entry.find_first_of(" ,\t\r\n#");
  return ascii_lower(entry.substr(0, end));
}

}  // namespace

void fix_add_import(const FixContext& c) {
  if (module_binds(c.file, kName) || !needs_enum(c)) return;
  add_import_edits(c, kModule, kName, "add-import");
}

namespace {

// `from m import (\n    a,\n    c,\n)`: a line of its own in sorted place.
void add_to_name_per_line(const FixContext& c, const Import& imp, const std::string& statement, size_t open,
                          size_t close, const std::string& name, const char* rule) {
  const std::string lowered = ascii_lower(name);
  size_t at = next_line(statement, open), insert = std::string::npos;
  std::string indent = "    ", last_entry;
  size_t last_start = at;
  while (at < close) {
    size_t end = next_line(statement, at);
    std::string line = statement.substr(at, end - at);
    size_t text = line.find_first_not_of(" \t");
    if (text != std::string::npos && line[text] != '#' && line[text] != ')' && line[text] != '\r' &&
        line[text] != '\n') {
      indent = line.substr(0, text);
      if (insert == std::string::npos && bare(line.substr(text)) > lowered) insert = at;
      last_entry = line;
      last_start = at;
    }
    at = end;
  }
  std::string nl = newline_at(c.source, imp.start_byte);
  if (insert == std::string::npos) {
    // After the last name, which must end with a comma first.
    size_t comma_at = last_entry.find_last_not_of(" \t\r\n");
    if (comma_at != std::string::npos && last_entry[comma_at] != ',')
      c.out.push_back({static_cast<uint32_t>(imp.start_byte + last_start + comma_at + 1),
                       static_cast<uint32_t>(imp.start_byte + last_start + comma_at + 1), ",", rule});
    insert = next_line(statement, last_start);
  }
  c.out.push_back({static_cast<uint32_t>(imp.start_byte + insert), static_cast<uint32_t>(imp.start_byte + insert),
                   indent + name + "," + nl, rule});
}

// The names on one line, with or without parentheses, in [from, to) of the
// statement: the list rebuilt with `name` in sorted place.
void add_to_one_line(const FixContext& c, const Import& imp, const std::string& statement, size_t from, size_t to,
                     const std::string& name, const char* rule) {
  const std::string lowered = ascii_lower(name);
  std::vector<std::string> entries;
  std::string list = statement.substr(from, to - from);
  for (size_t at = 0; at <= list.size();) {
    size_t comma = list.find(',', at);
    std::string entry = list.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    entry.erase(0, entry.find_first_not_of(" \t"));
    entry.erase(entry.find_last_not_of(" \t") + 1);
    if (!entry.empty()) entries.push_back(entry);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  auto place = std::find_if(entries.begin(), entries.end(), [&](const std::string& e) { return bare(e) > lowered; });
  entries.insert(place, name);
  std::string rebuilt;
  for (size_t i = 0; i < entries.size(); ++i) rebuilt += (i ? ", " : "") + entries[i];
  c.out.push_back(
      {static_cast<uint32_t>(imp.start_byte + from), static_cast<uint32_t>(imp.start_byte + to), rebuilt, rule});
}

// No import from the module: a line of its own after the last top-level
// import (not one inside an if or try) that comes before the first class,
// whose body runs at import time and needs the name.
void add_import_line(const FixContext& c, const std::string& module, const std::string& name, const char* rule) {
  const std::string& s = c.source;
  uint32_t first_class = UINT32_MAX, after = 0;
  for (const ClassFact& cls : c.file.classes) first_class = std::min(first_class, cls.line);
  for (const Import& imp : c.file.imports)
    if (line_start(s, imp.start_byte) == imp.start_byte && imp.line < first_class) after = std::max(after, imp.end_byte);
  if (!after) {
    c.skipped.push_back("line 1: the module: no top-level import to put " + name + "'s after");
    return;
  }
  size_t at = next_line(s, after);
  std::string nl = newline_at(s, after);
  std::string text = "from " + module + " import " + name + nl;
  if (at == s.size() && !s.empty() && s.back() != '\n') text = nl + text;
  c.out.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(at), text, rule});
}

}  // namespace

void add_import_edits(const FixContext& c, const std::string& module, const std::string& name, const char* rule) {
  for (const Import& imp : c.file.imports) {
    if (imp.module != module || imp.name.empty()) continue;
    std::string statement = c.source.substr(imp.start_byte, imp.end_byte - imp.start_byte);
    size_t keyword = statement.find(" import ");
    if (keyword == std::string::npos) continue;
    size_t names = keyword + 8;
    size_t open = statement.find('(', names), close = statement.rfind(')');
    bool parenthesised = open != std::string::npos && close != std::string::npos;
    if (parenthesised && statement.find('\n', open) != std::string::npos)
      add_to_name_per_line(c, imp, statement, open, close, name, rule);
    else
      add_to_one_line(c, imp, statement, open != std::string::npos ? open + 1 : names,
                      parenthesised ? close : statement.size(), name, rule);
    return;
  }
  add_import_line(c, module, name, rule);
}

}  // namespace hwclass
