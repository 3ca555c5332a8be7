#include "vocab/api_surface.h"

#include <fstream>
#include <map>
#include <set>

namespace hwclass {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string read_file(const std::filesystem::path& path, bool& found) {
  std::ifstream in(path, std::ios::binary);
  found = static_cast<bool>(in);
  return found ? std::string(std::istreambuf_iterator<char>(in), {}) : std::string();
}

}  // namespace

bool source_defines(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at > 0 && word_char(text[at - 1])) || (end < text.size() && word_char(text[end]))) continue;
    const size_t bol = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
    const size_t eol = std::min(text.find('\n', at), text.size());
    const std::string before = text.substr(bol, at - bol);
    const std::string after = text.substr(end, eol - end);
    const size_t indent = before.find_first_not_of(" \t");
    const std::string head = indent == std::string::npos ? "" : before.substr(indent);
    if (head == "def " || head == "async def " || head == "class ") return true;
    if (indent == std::string::npos && after.find_first_not_of(" \t") != std::string::npos &&
        (after[after.find_first_not_of(" \t")] == '=' || after[after.find_first_not_of(" \t")] == ':'))
      return true;
    if (before.find("import ") != std::string::npos || head.rfind("as ", 0) == 0 ||
        (before.size() >= 3 && before.compare(before.size() - 3, 3, "as ") == 0))
      return true;
    if (at > 0 && end < text.size() && (text[at - 1] == '"' || text[at - 1] == '\'') && text[end] == text[at - 1])
      return true;  // "name" in __all__
  }
  return false;
}

std::vector<std::string> fix_targets(const Vocabulary& v) {
  std::set<std::string> targets;
  for (const auto& [api, spelling] : v.accelerator_equivalents)
    if (!spelling.empty() && spelling.find('(') == std::string::npos) targets.insert(spelling);
  if (!v.accelerator_only_decorator.empty())
    targets.insert(v.accelerator_only_module + "." + v.accelerator_only_decorator);
  return {targets.begin(), targets.end()};
}

FixTargets read_fix_targets(const Vocabulary& v, const std::filesystem::path& api_root) {
  std::map<std::string, std::string> missing;
  std::map<std::string, std::pair<bool, std::string>> files;  // read once each
  for (const std::string& target : fix_targets(v)) {
    const std::vector<std::string>* sources = nullptr;
    size_t longest = 0;
    for (const auto& [prefix, list] : v.api_sources)
      if (target.rfind(prefix, 0) == 0 && prefix.size() > longest) sources = &list, longest = prefix.size();
    if (!sources) continue;  // nothing says where it lives: taken as there
    const std::string rest = target.substr(longest);
    const std::string name = rest.substr(0, rest.find('.'));
    bool any_file = false, defined = false;
    for (const std::string& file : *sources) {
      auto it = files.find(file);
      if (it == files.end()) {
        bool found = false;
        std::string text = read_file(api_root / file, found);
        it = files.emplace(file, std::pair{found, std::move(text)}).first;
      }
      any_file |= it->second.first;
      defined |= it->second.first && source_defines(it->second.second, name);
    }
    if (!any_file)
      missing[target] = "the tree has no " + sources->front() + " to define " + target +
                                      " (--api-root names a torch that has it)";
    else if (!defined)
      missing[target] = "this tree's torch does not define " + target;
  }
  return FixTargets(std::move(missing));
}

}  // namespace hwclass
