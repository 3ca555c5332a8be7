#include "util/ascii.h"
#include "resolve/resolver.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "discover/test_file.h"
#include "facts/queries.h"
#include "resolve/collection.h"
#include "resolve/device_need.h"
#include "resolve/module_index.h"
#include "resolve/module_lookup.h"

namespace hwclass {
namespace {

constexpr int kMaxReexportDepth = 3;

class Resolver {
 public:
  Resolver(const std::vector<FileFacts>& files, const Vocabulary& vocabulary)
      : files_(files), vocab_(vocabulary), index_(files) {
    class_by_name_.resize(files.size());
    for (size_t f = 0; f < files.size(); ++f)
      for (size_t c = 0; c < files[f].classes.size(); ++c)
        class_by_name_[f][files[f].classes[c].name] = static_cast<int>(c);  // the last definition wins
  }

  Resolution run() {
    Resolution out;
    out.classes.resize(files_.size());
    for (size_t f = 0; f < files_.size(); ++f) {
      out.classes[f].resize(files_[f].classes.size());
      for (size_t c = 0; c < files_[f].classes.size(); ++c) link_bases(static_cast<int>(f), static_cast<int>(c), out);
    }
    std::map<ClassRef, std::vector<RunningFile>> runs_in = invoking_files();
    for (size_t f = 0; f < files_.size(); ++f)
      for (size_t c = 0; c < files_[f].classes.size(); ++c) {
        ClassRef ref{static_cast<int>(f), static_cast<int>(c)};
        auto it = runs_in.find(ref);
        // A class no runner binds runs from its own file only.
        complete(ref, out, it != runs_in.end() ? std::move(it->second)
                                               : std::vector<RunningFile>{{files_[f].relative_path, {}}});
      }
    for (size_t f = 0; f < files_.size(); ++f)
      for (size_t c = 0; c < files_[f].classes.size(); ++c) {
        const ResolvedClass& r = out.classes[f][c];
        if (r.instantiation < 0) continue;
        for (size_t i = 1; i < r.mro.size(); ++i) {
          ClassRef& sub = out.classes[r.mro[i].file][r.mro[i].cls].instantiated_subclass;
          if (!sub.valid()) sub = ClassRef{static_cast<int>(f), static_cast<int>(c)};
        }
      }
    decide_collection(files_, vocab_, out);
    decide_device_needs(files_, vocab_, out);
    note_importers(out);
    out.imported_devices = resolve_imported_devices(files_, index_);
    return out;
  }

 private:
  // ResolvedClass::importers: from-imports of the class by name, and
  // subclasses, in other files.
  void note_importers(Resolution& out) const {
    auto add = [&](ClassRef ref, int file) {
      if (!ref.valid() || ref.file == file) return;
      std::vector<int>& list = out.classes[ref.file][ref.cls].importers;
      if (std::find(list.begin(), list.end(), file) == list.end()) list.push_back(file);
    };
    // A module beside the importer too: ModuleIndex::find looks there.
    auto module_file = [&](const std::string& module, int file) { return index_.find(module, file); };
    for (size_t f = 0; f < files_.size(); ++f) {
      const int file = static_cast<int>(f);
      for (const Import& imp : files_[f].imports)
        if (!imp.name.empty() && imp.name != "*") add(class_in(module_file(imp.module, file), imp.name, 0), file);
      for (const ResolvedClass& r : out.classes[f])
        for (const ClassRef& base : r.bases) add(base, file);
      // `module.Class` bases through `import module`.
      for (const ClassFact& cls : files_[f].classes)
        for (const std::string& base : cls.bases) {
          size_t dot = base.rfind('.');
          if (dot == std::string::npos) continue;
          const std::string prefix = base.substr(0, dot);
          for (const Import& imp : files_[f].imports)
            if (imp.name.empty() && imp.bound_name() == prefix)
              add(class_in(module_file(imp.module, file), base.substr(dot + 1), 0), file);
        }
    }
  }

  ClassRef class_in(int file, const std::string& name, int depth) const {
    if (file < 0 || depth > kMaxReexportDepth) return {};
    auto it = class_by_name_[file].find(name);
    if (it != class_by_name_[file].end()) return ClassRef{file, it->second};
    // Re-exported through the module's own imports.
    for (const Import& imp : files_[file].imports) {
      if (imp.name == "*") {
        if (ClassRef r = class_in(index_.find(imp.module, file), name, depth + 1); r.valid()) return r;
      } else if (!imp.name.empty() && imp.bound_name() == name) {
        return class_in(index_.find(imp.module, file), imp.name, depth + 1);
      }
    }
    return {};
  }

  // The file a dotted module prefix names in `file` through its imports.
  int module_named(int file, const std::string& prefix) const {
    for (const Import& imp : files_[file].imports) {
      if (imp.name.empty()) {
        if (imp.alias == prefix || (imp.alias.empty() && imp.module == prefix)) return index_.find(imp.module, file);
      } else if (imp.name != "*" && imp.bound_name() == prefix) {
        return index_.find(submodule_name(imp.module, imp.name), file);
      }
    }
    return -1;
  }

  ClassRef resolve_name(int file, const std::string& text) const {
    size_t dot = text.rfind('.');
    if (dot == std::string::npos) return class_in(file, text, 0);
    return class_in(module_named(file, text.substr(0, dot)), text.substr(dot + 1), 1);
  }

  void link_bases(int f, int c, Resolution& out) const {
    ResolvedClass& r = out.classes[f][c];
    for (const std::string& base : files_[f].classes[c].bases) {
      ClassRef ref = resolve_name(f, base);
      if (ref.valid() && !(ref == ClassRef{f, c})) r.bases.push_back(ref);
      else r.unresolved_bases.push_back(base);
    }
  }

  void complete(ClassRef self, Resolution& out, std::vector<RunningFile> runners) const {
    ResolvedClass& r = out.classes[self.file][self.cls];
    // Depth-first, left to right, each class once: Python's C3 order for the
    // single-inheritance chains and mixins test suites use.
    std::vector<ClassRef> stack{self};
    while (!stack.empty()) {
      ClassRef next = stack.back();
      stack.pop_back();
      if (std::find(r.mro.begin(), r.mro.end(), next) != r.mro.end()) continue;
      r.mro.push_back(next);
      const auto& bases = out.classes[next.file][next.cls].bases;
      for (auto it = bases.rbegin(); it != bases.rend(); ++it) stack.push_back(*it);
    }
    std::set<std::string> seen;
    for (ClassRef ref : r.mro) {
      const ClassFact& cls = files_[ref.file].classes[ref.cls];
      if (!r.declared_in.valid() && cls.declaration.state == DeclarationState::Valid) r.declared_in = ref;
      for (size_t m = 0; m < cls.methods.size(); ++m)
        if (cls.methods[m].is_test && seen.insert(cls.methods[m].name).second)
          r.tests.push_back(TestRef{cls.methods[m].name, ref, static_cast<int>(m)});
    }
    const FileFacts& file = files_[self.file];
    const ClassFact& cls = file.classes[self.cls];
    auto last = class_by_name_[self.file].find(cls.name);
    bool is_last_definition = last != class_by_name_[self.file].end() && last->second == self.cls;
    if (is_last_definition) r.instantiation = upstream_instantiation(file, cls.name);
    if (r.instantiation >= 0)
      r.variants = device_variants(cls.name, file.instantiations[r.instantiation], vocab_, r.variants_exact);
    r.running_files = std::move(runners);
    for (ClassRef ref : r.mro)
      if (const NoTestRebinding* n = notest_base(ref)) {
        r.notest = *n;
        r.notest_file = files_[ref.file].relative_path;
        break;
      }
  }

  // The NoTest rebinding of one of a class's bases that runs before the
  // class is defined (the last one before it), if any.
  const NoTestRebinding* notest_base(ClassRef ref) const {
    const FileFacts& file = files_[ref.file];
    const ClassFact& cls = file.classes[ref.cls];
    const NoTestRebinding* found = nullptr;
    for (const NoTestRebinding& n : file.notest_rebindings)
      if (n.line < cls.line && std::find(cls.bases.begin(), cls.bases.end(), n.name) != cls.bases.end()) found = &n;
    return found;
  }

  // Whether `ref` is a template instantiate_device_type_tests replaces:
  // it deletes the class from the module's globals (common_device_type.py,
  // `del scope[generic_test_class.__name__]`), so importing its name fails.
  bool is_removed_template(ClassRef ref) const {
    const std::string& name = files_[ref.file].classes[ref.cls].name;
    auto last = class_by_name_[ref.file].find(name);
    return last != class_by_name_[ref.file].end() && last->second == ref.cls &&
           upstream_instantiation(files_[ref.file], name) >= 0;
  }

  // A name a module's namespace binds to a class; `variant` when it is one
  // device variant imported by name rather than the whole class.
  struct Binding {
    ClassRef ref;
    bool variant = false;
  };

  // What FILE binds, asked at DEPTH, computed once: every runner asks it of
  // the modules it imports from (common_utils among them), once per name.
  const std::map<std::string, Binding>& bound_in(int file, int depth) const {
    const std::pair<int, int> key{file, depth};
    if (auto it = bound_memo_.find(key); it != bound_memo_.end()) return it->second;
    std::map<std::string, Binding> out;
    bound_classes(file, depth, out);
    return bound_memo_.emplace(key, std::move(out)).first->second;  // a map's nodes stay put
  }

  // The classes a module's namespace binds, by name: its own, and what its
  // from-imports bring (a named class, or every public name of a star
  // import), followed through the modules they come from. These are what
  // pytest collects when it runs that module. An import of a removed
  // template raises ImportError: in a `try:` body the rest of that body does
  // not run (test_quantization.py's pt2e block).
  void bound_classes(int file, int depth, std::map<std::string, Binding>& out) const {
    if (file < 0 || depth > kMaxReexportDepth) return;
    uint32_t failed_try = 0;
    for (const Import& imp : files_[file].imports) {
      if (imp.try_line && imp.try_line == failed_try) continue;
      if (imp.name == "*") {
        for (const auto& [name, b] : bound_in(index_.find(imp.module, file), depth + 1))
          if (name[0] != '_') out[name] = b;
      } else if (!imp.name.empty()) {
        const int module = index_.find(imp.module, file);
        Binding b{class_in(module, imp.name, depth + 1), false};
        if (b.ref.valid() && is_removed_template(b.ref)) {
          failed_try = imp.try_line ? imp.try_line : UINT32_MAX;
          if (!imp.try_line) return;  // the module itself fails to import
          continue;
        }
        if (!b.ref.valid() && module >= 0) {  // a name the module binds otherwise: a device variant
          const std::map<std::string, Binding>& names = bound_in(module, depth + 1);
          if (auto it = names.find(imp.name); it != names.end()) b = Binding{it->second.ref, true};
        }
        if (b.ref.valid()) out[imp.bound_name()] = b;
      }
    }
    for (const auto& [name, c] : class_by_name_[file]) {
      // instantiate_device_type_tests puts its variants into the module's
      // globals in the template's place, so `from jit.test_dtype_analysis
      // import TestDtypeCustomRulesCPU` binds the template's variant: the
      // runner runs that template.
      int inst = upstream_instantiation(files_[file], name);
      if (inst < 0) {
        out[name] = Binding{ClassRef{file, c}, false};
        continue;
      }
      bool exact = true;
      for (const DeviceVariant& v : device_variants(name, files_[file].instantiations[inst], vocab_, exact))
        out.emplace(v.name, Binding{ClassRef{file, c}, false});
    }
  }

  // Which files run each class, where that is not only the class's own
  // file: a runner (an aggregator of the rules' [aggregators], any
  // top-level test/test_*.py, or any test file run_test.py runs by itself)
  // runs the classes its namespace binds (pytest collects test_fx.py's
  // `from fx.test_gradual_type import AnnotationsTest`, not the rest of that
  // file, which runs by itself; and 2.6.0's
  // dynamo/test_cudagraphs_expandable_segments.py's
  // `from dynamo.test_cudagraphs import TestAotCudagraphs`). The first runner is
  // the one that invokes the class: its own file when that is a top-level
  // one; otherwise an aggregator for its own directory, else the first
  // runner by path. The others run it again.
  std::map<ClassRef, std::vector<RunningFile>> invoking_files() const {
    std::vector<int> runners;
    for (size_t f = 0; f < files_.size(); ++f)
      if (is_top_level_runner(static_cast<int>(f)) || runs_itself(static_cast<int>(f)))
        runners.push_back(static_cast<int>(f));
    std::sort(runners.begin(), runners.end(), [&](int a, int b) {
      return files_[a].relative_path < files_[b].relative_path;
    });
    std::map<ClassRef, std::vector<RunningFile>> out;
    for (int runner : runners) {
      std::map<std::string, Binding> bound;
      bound_classes(runner, 0, bound);
      // A class bound whole anywhere in the runner runs whole there.
      std::map<ClassRef, std::pair<bool, std::vector<std::string>>> here;  // whole, variant names
      for (const auto& [name, b] : bound) {
        if (b.ref.file == runner) continue;
        auto& [whole, variants] = here[b.ref];
        whole |= !b.variant;
        if (b.variant) variants.push_back(name);
      }
      for (auto& [ref, seen] : here) {
        std::vector<RunningFile>& list = out[ref];
        // Its own file runs it too when run_test.py runs that file: a
        // top-level one, or one outside the directories an aggregator runs
        // (2.6.0's optim/test_lrscheduler.py, whose TestLRScheduler
        // test_optim.py imports and runs again).
        if (list.empty() && (is_top_level_runner(ref.file) || runs_itself(ref.file)))
          list.push_back(RunningFile{files_[ref.file].relative_path, {}});
        RunningFile r{files_[runner].relative_path, seen.first ? std::vector<std::string>{} : seen.second};
        // Its own directory's aggregator invokes it, ahead of the others.
        const bool first = !is_top_level_runner(ref.file) && aggregates_path(r.file, ref.file) &&
                           !(list.size() && aggregates_path(list.front().file, ref.file));
        list.insert(first ? list.begin() : list.end(), std::move(r));
      }
    }
    return out;
  }

  bool is_top_level_runner(int file) const {
    const std::string& path = files_[file].relative_path;
    return path.rfind("test/test_", 0) == 0 && path.find('/', 5) == std::string::npos;
  }

  bool runs_itself(int file) const {
    const std::string& path = files_[file].relative_path;
    if (!is_test_file_v8(path)) return false;
    for (const auto& [prefix, parent] : vocab_.aggregators)
      if (path.rfind(prefix, 0) == 0) return false;
    return true;
  }

  bool aggregates_path(const std::string& runner, int file) const {
    for (const auto& [prefix, parent] : vocab_.aggregators)
      if (parent == runner && files_[file].relative_path.rfind(prefix, 0) == 0) return true;
    return false;
  }

  const std::vector<FileFacts>& files_;
  const Vocabulary& vocab_;
  ModuleIndex index_;
  std::vector<std::map<std::string, int>> class_by_name_;
  // bound_in's answers; the resolver runs on one thread.
  mutable std::map<std::pair<int, int>, std::map<std::string, Binding>> bound_memo_;
};

// Whether only_for/except_for keep a device known by any of `names`
// (literal lists only; an unknown one keeps it, and makes the set inexact).
bool wanted(const Instantiation& inst, std::initializer_list<std::string> names) {
  auto named = [&](const std::vector<std::string>& list) {
    for (const std::string& v : list)
      for (const std::string& n : names)
        if (ascii_lower(v) == n) return true;
    return false;
  };
  if (inst.only_for.state == DeviceList::State::Literal && !named(inst.only_for.values)) return false;
  if (inst.except_for.state == DeviceList::State::Literal && named(inst.except_for.values)) return false;
  return true;
}

}  // namespace

std::vector<DeviceVariant> device_variants(const std::string& cls, const Instantiation& inst,
                                           const Vocabulary& vocabulary, bool& exact) {
  std::vector<std::string> devices = vocabulary.default_devices;
  for (const auto& [device, keyword] : vocabulary.opt_in_devices) {
    Tristate flag = inst.flag(keyword);
    if (flag == Tristate::True) devices.push_back(device);
    if (flag == Tristate::Unknown) exact = false;
  }
  std::vector<DeviceVariant> out;
  for (const std::string& d : devices)
    if (wanted(inst, {d})) out.push_back(DeviceVariant{d, cls + ascii_upper(d)});
  for (const auto& backend : vocabulary.privateuse1_devices)
    if (auto variant = privateuse1_variant(cls, inst, backend)) out.push_back(*variant);
  if (inst.only_for.state == DeviceList::State::Unknown || inst.except_for.state == DeviceList::State::Unknown)
    exact = false;
  return out;
}

std::optional<DeviceVariant> privateuse1_variant(const std::string& cls, const Instantiation& inst,
                                                 const std::string& backend) {
  if (!wanted(inst, {backend, "privateuse1"})) return std::nullopt;
  return DeviceVariant{backend, cls + "PRIVATEUSE1"};
}

Resolution resolve(const std::vector<FileFacts>& files, const Vocabulary& vocabulary) {
  return Resolver(files, vocabulary).run();
}

}  // namespace hwclass
