// add-import (safe): a module whose declarations (as written, or as the
// other fixes leave them) name HardwareClassification, and that neither
// imports nor defines it, gets it added to its
// `from torch.testing._internal.common_utils import ...` (in sorted place
// among the names, keeping the statement's layout, whatever it is), or a new
// import line after the last module-level import.
// Why: without it the module raises NameError at import
// (classification-not-imported).
#include <algorithm>
#include <cctype>

#include "facts/queries.h"
#include "fix/fixes.h"
#include "fix/source_text.h"
#include "util/ascii.h"

namespace hwclass {
namespace {

constexpr const char* kModule = "torch.testing._internal.common_utils";
constexpr const char* kName = "HardwareClassification";

bool needs_enum(const FixContext& c) {
  if (c.decisions.names_enum) return true;
  for (const ClassFact& cls : c.file.classes)
    if (names_classification_enum(cls.declaration) || unbound_declaration_name(c.file, cls.declaration, &c.vocabulary.star_imports) == kName)
      return true;
  return false;
}

}  // namespace

void fix_add_import(const FixContext& c) {
  const bool planned = std::any_of(c.plan.entries.begin(), c.plan.entries.end(),
                                   [](const PlannedFix& p) { return p.fix.kind == FixKind::AddImport; });
  if (planned && needs_enum(c)) add_import_edits(c, kModule, kName, "add-import");
}

namespace {

// The names of a `from m import ...` statement, read token by token so that
// every layout CPython accepts is one: parentheses or none, backslash
// continuations, comments, trailing commas, `as` aliases, CRLF. Offsets are
// in the statement's text, which ends before any `;`.
struct ImportName {
  size_t start = 0, end = 0;        // `a` or `a as b`
  size_t comma_end = 0;             // past its trailing comma, 0 when none follows
  bool starts_line = false;         // only indentation before it on its line
  std::string key;                  // the imported name, lower-cased, for sorting
};

struct ImportNames {
  std::vector<ImportName> names;
  bool parenthesised = false;
  size_t after_list = 0;  // where the first token after the list (`)` or the end) starts
  bool ok = false;        // false for `import *` or anything not understood
};

bool ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || (ch & 0x80); }

std::string indent_of(const std::string& st, size_t at) {
  size_t bol = at;
  while (bol > 0 && (st[bol - 1] == ' ' || st[bol - 1] == '\t')) --bol;
  return st.substr(bol, at - bol);
}

ImportNames read_import_names(const std::string& st) {
  struct Token {
    size_t start, end;
  };
  std::vector<Token> tokens;
  for (size_t at = 0; at < st.size();) {
    char ch = st[at];
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f') ++at;
    else if (ch == '\\') at += 1;  // a line continuation: the newline after it is skipped as space
    else if (ch == '#') at = st.find('\n', at) == std::string::npos ? st.size() : st.find('\n', at);
    else if (ident_char(ch)) {
      size_t end = at;
      while (end < st.size() && ident_char(st[end])) ++end;
      tokens.push_back({at, end});
      at = end;
    } else tokens.push_back({at, at + 1}), ++at;
  }
  auto text = [&](size_t i) { return i < tokens.size() ? st.substr(tokens[i].start, tokens[i].end - tokens[i].start) : ""; };
  ImportNames out;
  size_t i = 0;
  while (i < tokens.size() && text(i) != "import") ++i;
  if (++i >= tokens.size()) return out;
  if (text(i) == "(") out.parenthesised = true, ++i;
  while (i < tokens.size() && ident_char(st[tokens[i].start])) {
    ImportName name;
    name.start = tokens[i].start;
    name.key = ascii_lower(text(i));
    name.end = tokens[i].end;
    if (text(i + 1) == "as" && i + 2 < tokens.size()) name.end = tokens[i + 2].end, i += 2;
    ++i;
    if (text(i) == ",") name.comma_end = tokens[i].end, ++i;
    const size_t bol = name.start - indent_of(st, name.start).size();
    name.starts_line = bol > 0 && st[bol - 1] == '\n';
    out.names.push_back(name);
    if (!name.comma_end) break;
  }
  out.after_list = i < tokens.size() ? tokens[i].start : st.size();
  const bool closed = !out.parenthesised || text(i) == ")";
  out.ok = !out.names.empty() && closed && (i + (out.parenthesised ? 1 : 0)) == tokens.size();
  return out;
}

bool newline_between(const std::string& st, size_t from, size_t to) {
  return st.find('\n', from) < to;
}

}  // namespace

namespace {

// The longest line of the file, in bytes: the length its formatter keeps to.
size_t longest_line(const std::string& s) {
  size_t longest = 0;
  for (size_t at = 0; at < s.size();) {
    size_t end = s.find('\n', at);
    if (end == std::string::npos) end = s.size();
    longest = std::max(longest, end - at - (end > at && s[end - 1] == '\r' ? 1 : 0));
    at = end + 1;
  }
  return longest;
}

// A one-line `from m import a, b` that the name would take past the
// configured line length, else past the file's longest line (at least 88:
// a file may hold one long line its formatter leaves, a URL), is rewritten as a parenthesised list, one name a line, as the
// formatters PyTorch uses (black, ruff) write it: a reviewer's formatter
// would otherwise reflow the line the fix wrote.
bool rewrap_import(const FixContext& c, const Import& imp, const std::string& st, const ImportNames& list,
                   const std::string& name, const char* rule) {
  if (list.parenthesised || st.find_first_of("\n\\#") != std::string::npos) return false;
  const size_t bol = line_start(c.source, imp.start_byte), eol = next_line(c.source, imp.end_byte);
  const std::string tail = c.source.substr(imp.end_byte, eol - imp.end_byte);
  if (tail.find_first_not_of(" \t\r\n") != std::string::npos || bol != imp.start_byte) return false;
  // 88, black's and ruff's default, for a file whose lines are all shorter.
  const size_t limit = c.line_length ? c.line_length : std::max<size_t>(longest_line(c.source), 88);
  if (st.size() + name.size() + 2 <= limit) return false;
  const std::string nl = newline_at(c.source, imp.start_byte);
  std::vector<std::string> names;
  bool placed = false;
  for (const ImportName& n : list.names) {
    if (!placed && n.key > ascii_lower(name)) names.push_back(name), placed = true;
    names.push_back(st.substr(n.start, n.end - n.start));
  }
  if (!placed) names.push_back(name);
  // From the end of `import` on, so that a line another rule inserts
  // before the statement does not overlap it.
  size_t from = list.names.front().start;
  while (from > 0 && (st[from - 1] == ' ' || st[from - 1] == '\t')) --from;
  std::string text = " (" + nl;
  for (const std::string& n : names) text += "    " + n + "," + nl;
  text += ")";
  c.out.push_back({static_cast<uint32_t>(imp.start_byte + from), imp.end_byte, text, rule});
  return true;
}

}  // namespace

// The one insertion that puts `name` into the list in sorted place, keeping
// its layout: its own line where the names have theirs, else `, name`.
// Returns false (and adds nothing) when the statement cannot take it.
bool add_to_import(const FixContext& c, const Import& imp, const std::string& name, const char* rule) {
  const std::string st = c.source.substr(imp.start_byte, imp.end_byte - imp.start_byte);
  ImportNames list = read_import_names(st);
  if (!list.ok) return false;
  const std::string nl = newline_at(c.source, imp.start_byte);
  const std::string key = ascii_lower(name);
  auto insert = [&](size_t at, std::string text) {
    c.out.push_back({static_cast<uint32_t>(imp.start_byte + at), static_cast<uint32_t>(imp.start_byte + at),
                     std::move(text), rule});
  };
  if (rewrap_import(c, imp, st, list, name, rule)) return true;
  for (const ImportName& n : list.names) {
    if (n.key <= key) continue;
    const bool own_line = list.parenthesised && n.starts_line;
    const std::string indent = indent_of(st, n.start);
    if (own_line) insert(n.start - indent.size(), indent + name + "," + nl);  // a whole line, for a clean diff
    else insert(n.start, name + ", ");
    return true;
  }
  const ImportName& last = list.names.back();
  const bool own_line = list.parenthesised && last.starts_line && newline_between(st, last.end, list.after_list);
  if (own_line) {
    // A line of its own after the last name's line; that name gets its
    // comma first, before any comment on its line.
    size_t eol = st.find('\n', last.comma_end ? last.comma_end : last.end);
    if (eol > 0 && st[eol - 1] == '\r') --eol;
    if (!last.comma_end) insert(last.end, ",");
    insert(eol, nl + indent_of(st, last.start) + name + ",");
    return true;
  }
  insert(last.comma_end ? last.comma_end : last.end, last.comma_end ? " " + name + "," : ", " + name);
  return true;
}

namespace {

// No import from the module: a line of its own after the last top-level
// import (not one inside an if or try) that comes before the first class,
// whose body runs at import time and needs the name.
void add_import_line(const FixContext& c, const std::string& module, const std::string& name, const char* rule) {
  const std::string& s = c.source;
  uint32_t first_class = UINT32_MAX, after = 0;
  for (const ClassFact& cls : c.file.classes) first_class = std::min(first_class, cls.line);
  std::vector<const Import*> top;  // top-level imports before the first class, in order
  for (const Import& imp : c.file.imports)
    if (line_start(s, imp.start_byte) == imp.start_byte && imp.line < first_class) {
      after = std::max(after, imp.end_byte);
      if (top.empty() || top.back()->start_byte != imp.start_byte) top.push_back(&imp);
    }
  if (!after) {
    c.skipped.push_back("line 1: the module: no top-level import to put " + name + "'s after");
    return;
  }
  std::string nl = newline_at(s, after);
  const std::string statement = "from " + module + " import " + name;
  // In sorted place among the one-line from-imports that end the import block,
  // so that lines this run or an earlier one adds land where they would in
  // any order of the fix rules.
  size_t at = next_line(s, after);
  for (auto it = top.rbegin(); it != top.rend(); ++it) {
    const Import& imp = **it;
    if (next_line(s, imp.end_byte) != at || s.find('\n', imp.start_byte) < imp.end_byte) break;
    const std::string line = s.substr(imp.start_byte, imp.end_byte - imp.start_byte);
    if (line.rfind("from ", 0) != 0 || line <= statement) break;
    at = imp.start_byte;
  }
  std::string text = statement + nl;
  if (at == s.size() && !s.empty() && s.back() != '\n') text = nl + text;
  c.out.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(at), text, rule, statement});
}

}  // namespace

void add_import_edits(const FixContext& c, const std::string& module, const std::string& name, const char* rule) {
  for (const Import& imp : c.file.imports)
    if (imp.module == module && !imp.name.empty() && add_to_import(c, imp, name, rule)) return;
  add_import_line(c, module, name, rule);
}

}  // namespace hwclass
