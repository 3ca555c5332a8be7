#include "select/changes.h"

#include <deque>

#include "discover/test_file.h"
#include "resolve/module_index.h"

namespace hwclass {
namespace {

bool is_python(const std::string& path) { return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0; }

// importers[f]: the files whose module-level imports load file f.
std::vector<std::vector<int>> importers_of(const std::vector<FileFacts>& files) {
  ModuleIndex index(files);
  std::vector<std::vector<int>> importers(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    std::set<int> loads;
    for (const Import& imp : files[i].imports)
      for (const std::string& module : loaded_modules(imp))
        if (int f = index.find(module, static_cast<int>(i)); f >= 0 && f != static_cast<int>(i)) loads.insert(f);
    for (int f : loads) importers[f].push_back(static_cast<int>(i));
  }
  return importers;
}

// Breadth first from `start` over importers: for each file reached, the file
// it was reached from (-1 for the start).
std::map<int, int> reached_from(int start, const std::vector<std::vector<int>>& importers) {
  std::map<int, int> via{{start, -1}};
  std::deque<int> queue{start};
  while (!queue.empty()) {
    int f = queue.front();
    queue.pop_front();
    for (int importer : importers[f])
      if (via.emplace(importer, f).second) queue.push_back(importer);
  }
  return via;
}

}  // namespace

ChangeScope change_scope(const std::vector<FileFacts>& files, const std::set<std::string>& changed,
                         const std::set<std::string>& deleted) {
  ChangeScope scope;
  std::map<std::string, int> by_path;
  for (size_t i = 0; i < files.size(); ++i) by_path.emplace(files[i].relative_path, static_cast<int>(i));
  size_t test_files = 0;
  for (const FileFacts& f : files) test_files += is_test_file_v8(f.relative_path);
  const auto importers = importers_of(files);
  for (const std::string& path : changed) {
    if (deleted.count(path)) {
      scope.notes.push_back(path + ": deleted; skipped (its classes are gone, and files importing it fail to import)");
      continue;
    }
    if (!is_python(path)) {
      scope.notes.push_back(path + ": not a Python file; skipped");
      continue;
    }
    auto it = by_path.find(path);
    if (it == by_path.end()) {
      scope.notes.push_back(path + ": not under the scanned tree or torch/testing/_internal/; skipped");
      continue;
    }
    scope.changed.insert(path);
    const std::map<int, int> via = reached_from(it->second, importers);
    size_t importing_tests = 0;
    for (const auto& [f, from] : via) importing_tests += f != it->second && is_test_file_v8(files[f].relative_path);
    // "Most of the suite": more than half of the test files load it. Such
    // a module (common_utils, common_device_type) is no signal of what a
    // change touches; every class is.
    if (importing_tests * 2 > test_files) {
      const std::string why = path + " changed, which " + std::to_string(importing_tests) + " of " +
                              std::to_string(test_files) + " test files import (more than half): it selects everything";
      if (scope.everything.empty()) scope.everything = why;
      scope.notes.push_back(why);
      continue;
    }
    for (const auto& [f, from] : via) {
      std::string reason = f == it->second ? path + " changed"
                           : from == it->second
                               ? "imports " + path + ", which changed"
                               : "imports " + path + " (through " + files[from].relative_path + "), which changed";
      auto [slot, fresh] = scope.files.emplace(files[f].relative_path, reason);
      // Its own change is the reason a file gives first.
      if (!fresh && f == it->second) slot->second = reason;
    }
  }
  return scope;
}

std::vector<SelectedClass> in_scope(const std::vector<SelectedClass>& classes, const ChangeScope& scope,
                                    const std::vector<FileFacts>& files, const Resolution& resolution) {
  // Each class's resolved ancestors, by (file, name): the last definition
  // of a name is the one that runs.
  std::map<std::pair<std::string, std::string>, ClassRef> refs;
  for (size_t f = 0; f < resolution.classes.size() && f < files.size(); ++f)
    for (size_t k = 0; k < files[f].classes.size(); ++k)
      refs[{files[f].relative_path, files[f].classes[k].name}] = ClassRef{static_cast<int>(f), static_cast<int>(k)};
  std::vector<SelectedClass> out;
  for (const SelectedClass& c : classes) {
    std::string why;
    if (!scope.everything.empty()) why = scope.everything;
    if (why.empty() && scope.changed.count(c.defined_in)) why = c.defined_in + " changed";
    if (why.empty() && scope.changed.count(c.invoking_file)) why = c.invoking_file + ", which runs it, changed";
    if (auto ref = refs.find({c.defined_in, c.source_class}); why.empty() && ref != refs.end())
      for (ClassRef base : resolution.of(ref->second).mro) {
        const FileFacts& file = files[static_cast<size_t>(base.file)];
        if (!scope.changed.count(file.relative_path)) continue;
        why = "its base " + file.classes[static_cast<size_t>(base.cls)].name + " (" + file.relative_path + ") changed";
        break;
      }
    if (auto file = scope.files.find(c.defined_in); why.empty() && file != scope.files.end())
      why = c.defined_in + " " + file->second;
    if (why.empty()) continue;
    out.push_back(c);
    out.back().changed_by = why;
  }
  return out;
}

}  // namespace hwclass
