#include "pr/description.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace hwclass {

PrDescription describe_pr(const std::vector<FileFacts>& files, const std::vector<FileRole>& roles,
                          std::vector<Verdict> verdicts, const std::vector<NodeId>& ids) {
  PrDescription out;
  auto named = [&](size_t f) { return f < roles.size() && roles[f] == FileRole::Named; };
  for (size_t f = 0; f < files.size(); ++f)
    if (named(f)) out.files.push_back(files[f].relative_path);
  std::erase_if(verdicts, [&](const Verdict& v) { return !named(static_cast<size_t>(v.ref.file)); });
  // classify lists test-less bases after the rest; a description reads the file top down.
  std::stable_sort(verdicts.begin(), verdicts.end(), [](const Verdict& a, const Verdict& b) {
    return std::tie(a.ref.file, a.ref.cls) < std::tie(b.ref.file, b.ref.cls);
  });
  // The member each class runs under, by the name it runs as: the
  // declaration (through the MRO, as the runtime reads it), else what the
  // description recommends declaring.
  std::map<std::pair<std::string, std::string>, std::string> member_of;  // (file, source class) -> member
  std::set<std::pair<std::string, std::string>> undeclared;              // (file, class)
  for (const Verdict& v : verdicts) {
    const FileFacts& f = files[static_cast<size_t>(v.ref.file)];
    const std::string& name = f.classes[static_cast<size_t>(v.ref.cls)].name;
    std::string member = v.declared.empty() ? (v.target.empty() ? v.inferred : v.target) : v.declared;
    member_of[{f.relative_path, name}] = member;
    if (v.declared.empty()) undeclared.insert({f.relative_path, name});
  }
  std::map<std::string, PrPlanFile> plans;  // by the file that runs them
  for (const NodeId& id : ids) {
    if (id.cls.empty()) continue;
    auto it = member_of.find({id.defined_in, id.source_class});
    if (it == member_of.end()) continue;  // a context file's class
    PrPlanFile& plan = plans.try_emplace(id.file, PrPlanFile{id.file, {}, {}}).first->second;
    if (!it->second.empty()) ++plan.tests_by_member[it->second];
    if (undeclared.count({id.defined_in, id.source_class})) plan.undeclared.push_back(id.source_class);
  }
  for (auto& [file, plan] : plans) {
    std::sort(plan.undeclared.begin(), plan.undeclared.end());
    plan.undeclared.erase(std::unique(plan.undeclared.begin(), plan.undeclared.end()), plan.undeclared.end());
    out.plan.push_back(std::move(plan));
  }
  out.verdicts = std::move(verdicts);
  return out;
}

PrBase describe_base(const std::string& rev, const std::vector<NodeId>& before, const std::vector<NodeId>& after,
                     std::vector<std::string> new_files, std::vector<std::pair<std::string, std::string>> moved,
                     const SkipLists& lists) {
  PrBase out;
  out.rev = rev;
  out.changes = compare_node_ids(before, after);
  out.new_files = std::move(new_files);
  out.moved = std::move(moved);
  out.stale = stale_entries(lists, before, after);
  out.lists.read = lists.read;
  out.lists.absent = lists.absent;
  return out;
}

}  // namespace hwclass
