#include "pr/renames.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace hwclass {
namespace {

// `s` is `prefix` and more.
bool extends(const std::string& s, const std::string& prefix) {
  return s.size() > prefix.size() && s.starts_with(prefix);
}

// `ids` minus those whose id `other` holds.
std::vector<NodeId> minus(const std::vector<NodeId>& ids, const std::vector<NodeId>& other) {
  std::set<std::string> drop;
  for (const NodeId& n : other) drop.insert(n.id());
  std::vector<NodeId> out;
  for (const NodeId& n : ids)
    if (!drop.count(n.id())) out.push_back(n);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

IdChanges compare_node_ids(const std::vector<NodeId>& before, const std::vector<NodeId>& after) {
  std::vector<NodeId> removed = minus(before, after), added = minus(after, before);
  std::vector<bool> taken(added.size());
  // How often each (file, def) was removed: a def removed once and added to
  // one class only moved there, whatever the names.
  std::map<std::pair<std::string, std::string>, size_t> removed_defs;
  for (const NodeId& r : removed) ++removed_defs[{r.file, r.def}];
  using Match = std::function<bool(const NodeId& old_id, const NodeId& new_id)>;
  const Match same_class = [](const NodeId& o, const NodeId& n) { return n.source_class == o.source_class; };
  const Match named_from = [](const NodeId& o, const NodeId& n) {
    return extends(n.source_class, o.source_class) || extends(o.source_class, n.source_class);
  };
  IdChanges out;
  for (const NodeId& r : removed) {
    auto candidates = [&](bool same_file) {
      std::vector<size_t> c;
      for (size_t i = 0; i < added.size(); ++i)
        if (!taken[i] && added[i].def == r.def && (added[i].file == r.file) == same_file &&
            !(r.cls.empty() != added[i].cls.empty()))
          c.push_back(i);
      return c;
    };
    std::vector<size_t> chosen;
    std::vector<size_t> here = candidates(true);
    for (const Match& m : {same_class, named_from}) {
      for (size_t i : here)
        if (m(r, added[i])) chosen.push_back(i);
      if (!chosen.empty()) break;
    }
    if (chosen.empty() && !here.empty() && removed_defs[{r.file, r.def}] == 1) {
      std::set<std::string> classes;
      for (size_t i : here) classes.insert(added[i].source_class);
      if (classes.size() == 1) chosen = here;
    }
    if (chosen.empty()) {  // a moved file: the same test elsewhere, else the same class's
      const std::vector<size_t> elsewhere = candidates(false);
      for (size_t i : elsewhere)
        if (added[i].cls == r.cls && added[i].test == r.test) {
          chosen.push_back(i);  // one to one: each variant moves as itself
          break;
        }
      if (chosen.empty())
        for (size_t i : elsewhere)
          if (same_class(r, added[i])) chosen.push_back(i);
    }
    if (chosen.empty()) {
      out.removed.push_back(r);
      continue;
    }
    Rename rename{r, {}};
    for (size_t i : chosen) {
      taken[i] = true;
      rename.to.push_back(added[i]);
    }
    out.renamed.push_back(std::move(rename));
  }
  for (size_t i = 0; i < added.size(); ++i)
    if (!taken[i]) out.added.push_back(added[i]);
  return out;
}

}  // namespace hwclass
