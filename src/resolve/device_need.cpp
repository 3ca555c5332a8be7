#include "resolve/device_need.h"
#include "util/listed.h"
#include "util/dotted.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace hwclass {
namespace {

int64_t need_of(const DeviceCount& count) {
  if (count.state != DeviceCount::State::Known) return kUnreadableNeed;
  return count.value == -2 ? 0 : std::max<int64_t>(count.value, 0);  // -2: the runner's count, none here
}

bool is_identifier(const std::string& text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

class NeedDecider {
 public:
  NeedDecider(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, Resolution& resolution)
      : files_(files), vocab_(vocabulary), resolution_(resolution) {}

  void run() {
    for (size_t f = 0; f < files_.size(); ++f)
      for (size_t c = 0; c < files_[f].classes.size(); ++c) decide(ClassRef{static_cast<int>(f), static_cast<int>(c)});
  }

 private:
  const ClassFact& fact(ClassRef r) const { return files_[r.file].classes[r.cls]; }

  // A count that names a module-level value: the file's own binding (the
  // last unconditional one, else the last), else a library constant the
  // rules know; otherwise as it is.
  DeviceCount named(const DeviceCount& count, int file) const {
    if (count.state != DeviceCount::State::Unknown || !is_identifier(count.text)) return count;
    const ModuleBinding* found = nullptr;
    for (const ModuleBinding& b : files_[file].module_bindings)
      if (b.name == count.text && (!found || !b.conditional || found->conditional)) found = &b;
    if (found) return found->count.state == DeviceCount::State::Known ? found->count : count;
    auto it = vocab_.count_constants.find(count.text);
    return it == vocab_.count_constants.end() ? count : DeviceCount{DeviceCount::State::Known, it->second, count.text};
  }

  // The class or an ancestor among the scanned files has a base the rules
  // name as multi-process (by its last dotted part, as written).
  bool multi_process(const ResolvedClass& r) const {
    auto is_base = [&](const std::string& name) { return listed(vocab_.multi_process_bases, last_part(name)); };
    for (const ClassRef& a : r.mro) {
      const ClassFact& c = fact(a);
      if (is_base(c.name) || std::any_of(c.bases.begin(), c.bases.end(), is_base)) return true;
      const auto& unresolved = resolution_.of(a).unresolved_bases;
      if (std::any_of(unresolved.begin(), unresolved.end(), is_base)) return true;
    }
    return false;
  }

  // The first world_size along the MRO: a scanned class's own, else a
  // library base's from the rules (a multi-process base without one there
  // cannot be read). Absent when nothing along the way sets one.
  DeviceCount world_size(const ResolvedClass& r) const {
    // Scanned classes first: the library's bases come last in a test
    // class's MRO.
    for (const ClassRef& a : r.mro)
      if (fact(a).world_size.state != DeviceCount::State::Absent) return named(fact(a).world_size, a.file);
    for (const ClassRef& a : r.mro)
      for (const std::string& base : resolution_.of(a).unresolved_bases) {
        std::string name = last_part(base);
        auto it = vocab_.multi_process_world_size.find(name);
        if (it != vocab_.multi_process_world_size.end()) return DeviceCount{DeviceCount::State::Known, it->second, base};
        if (listed(vocab_.multi_process_bases, name)) return DeviceCount{DeviceCount::State::Unknown, 0, base};
      }
    return DeviceCount{};
  }

  bool cpu_backend(const std::string& relative_path) const {
    std::string stem = relative_path.substr(relative_path.rfind('/') + 1);
    if (stem.size() > 3 && stem.compare(stem.size() - 3, 3, ".py") == 0) stem.resize(stem.size() - 3);
    for (const auto& suffix : vocab_.cpu_backend_stem_suffixes)
      if (stem.size() >= suffix.size() && stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) == 0)
        return true;
    for (const auto& word : vocab_.cpu_backend_stem_words)
      if (stem.find(word) != std::string::npos) return true;
    return false;
  }

  // The count `d` asks for when written on an argument: `at` is its
  // position (from 1); one not written (a keyword, a splat) cannot be read.
  int64_t argument_need(const Decorator& d, size_t at, int file) const {
    return at <= d.count_arguments.size() ? need_of(named(d.count_arguments[at - 1], file)) : kUnreadableNeed;
  }

  // What a decorator of the file's own stamps (facts CountStamper); -1
  // when it stamps nothing.
  int64_t own_stamp(const Decorator& d, int file) const {
    int64_t need = -1;
    for (const CountStamper& s : files_[file].count_stampers)
      if (s.name == d.name)
        need = std::max(need, s.argument ? argument_need(d, s.argument, file) : need_of(named(s.count, file)));
    return need;
  }

  // The largest count the decorators ask for; `stamped_only`: only those
  // upstream's conftest reads. -1 when none asks.
  int64_t decorator_need(const std::vector<Decorator>& decorators, bool stamped_only, int file) const {
    int64_t need = -1;
    for (const Decorator& d : decorators) {
      need = std::max(need, own_stamp(d, file));
      if (stamped_only && !listed(vocab_.count_stamped_decorators, d.name)) continue;
      if (auto at = vocab_.count_argument_positions.find(d.name); at != vocab_.count_argument_positions.end()) {
        need = std::max(need, argument_need(d, at->second, file));
      } else if (auto it = vocab_.count_fixed_decorators.find(d.name); it != vocab_.count_fixed_decorators.end()) {
        need = std::max(need, it->second);
      }
    }
    return need;
  }

  void decide(ClassRef ref) {
    ResolvedClass& r = resolution_.classes[ref.file][ref.cls];
    r.multi_process = multi_process(r);
    int64_t size = -1;
    // Upstream's newest rule reads no world_size: on a 4-GPU runner a
    // literal 4 cannot be told from a capacity-scaled one (contract 5.8).
    if (r.multi_process && vocab_.world_size_is_need && !cpu_backend(files_[ref.file].relative_path)) {
      DeviceCount ws = world_size(r);
      if (ws.state != DeviceCount::State::Absent) size = need_of(ws);
    }
    r.test_min_devices.clear();
    for (const TestRef& t : r.tests) {
      const ClassFact& owner = fact(t.defined_in);
      const Method& m = owner.methods[t.method];
      int64_t need;
      if (r.multi_process) {
        // Upstream reads the stamps on the test function only.
        need = std::max<int64_t>({0, size, decorator_need(m.decorators, true, t.defined_in.file)});
      } else {
        need = std::max<int64_t>({1, decorator_need(m.decorators, false, t.defined_in.file),
                                  decorator_need(owner.decorators, false, t.defined_in.file),
                                  decorator_need(fact(ref).decorators, false, ref.file)});
      }
      r.test_min_devices.push_back(need);
    }
    if (r.test_min_devices.empty()) r.min_devices = r.multi_process ? std::max<int64_t>(0, size) : 1;
    else r.min_devices = *std::max_element(r.test_min_devices.begin(), r.test_min_devices.end());
    r.min_devices = std::max(r.min_devices, copied_need(ref, r.multi_process, size));
  }

  // The largest need of the tests `copy_tests(Template, ThisClass, ...)`
  // copies in at import (the copies are named then, so no test lists
  // them; each keeps its function's __dict__, the stamps and skip reasons
  // the runtime reads). The template is read in the same file, as the
  // 2.6.0 callers define it; -1 when nothing is copied.
  int64_t copied_need(ClassRef ref, bool multi_process, int64_t size) const {
    const FileFacts& file = files_[ref.file];
    int64_t need = -1;
    for (const auto& [from, to] : file.test_copies) {
      if (to != fact(ref).name) continue;
      const ClassFact* tmpl = nullptr;
      for (const ClassFact& c : file.classes)
        if (c.name == from) tmpl = &c;  // the last definition, as the module binds it
      if (!tmpl) continue;
      for (const Method& m : tmpl->methods) {
        if (!m.is_test) continue;
        need = std::max(need, multi_process ? std::max<int64_t>({0, size, decorator_need(m.decorators, true, ref.file)})
                                            : std::max<int64_t>({1, decorator_need(m.decorators, false, ref.file),
                                                                 decorator_need(tmpl->decorators, false, ref.file)}));
      }
    }
    return need;
  }

  const std::vector<FileFacts>& files_;
  const Vocabulary& vocab_;
  Resolution& resolution_;
};

}  // namespace

void decide_device_needs(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, Resolution& resolution) {
  NeedDecider(files, vocabulary, resolution).run();
}

}  // namespace hwclass
