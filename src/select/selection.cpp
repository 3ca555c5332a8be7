#include "select/selection.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "classify/registry.h"
#include "discover/test_file.h"
#include "facts/queries.h"
#include "resolve/module_index.h"
#include "resolve/resolver.h"
#include "resolve/runtime_member.h"
#include "select/test_module.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/spelling.h"
#include "vocab/runner_condition.h"

namespace hwclass {

SelectedClass listed_class(const std::string& invoking_file, const std::string& defined_in, const ClassFact& cls,
                           const std::string& member, bool inferred, size_t tests) {
  SelectedClass c;
  c.module = test_module(invoking_file);
  c.invoking_file = invoking_file;
  c.defined_in = defined_in;
  c.line = cls.line;
  c.source_class = cls.name;
  c.name = cls.name;
  c.member = member;
  c.inferred = inferred;
  c.tests = tests;
  return c;
}

std::vector<std::string> parse_members(const std::vector<std::string>& given, const Vocabulary& vocabulary) {
  std::vector<std::string> out;
  for (const std::string& raw : given) {
    std::string name = ascii_upper(raw);
    if (const std::string* target = vocabulary.alias_target(name)) name = *target;
    if (!vocabulary.is_member(name)) {
      throw UsageError("--hw-classification: unknown member '" + raw + "' (members: " +
                       join_names(vocabulary.members.names()) + ")");
    }
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

bool is_privateuse1(const std::string& device, const Vocabulary& vocabulary) {
  return is_privateuse1_runner(device, vocabulary);
}

std::vector<std::string> runner_environment(const std::string& device, const Vocabulary& vocabulary) {
  if (device.empty()) return {};
  return {"PYTORCH_TESTING_DEVICE_ONLY_FOR=" + (is_privateuse1(device, vocabulary) ? "privateuse1" : device)};
}

// What makes a class's variants a guess: the device lists or opt-in flags
// that are not literals, as written.
std::string guessed_variants(const Instantiation& inst, const Vocabulary& vocabulary) {
  std::string what;
  auto add = [&](const char* key, const std::string& text) {
    what += (what.empty() ? "" : ", ") + std::string(key) + "=" + text;
  };
  if (inst.only_for.state == DeviceList::State::Unknown) add("only_for", inst.only_for.text);
  if (inst.except_for.state == DeviceList::State::Unknown) add("except_for", inst.except_for.text);
  for (const auto& [device, keyword] : vocabulary.opt_in_devices)
    if (inst.flag(keyword) == Tristate::Unknown) add(keyword.c_str(), "<expression>");
  return "instantiate_device_type_tests(" + what +
         ") is not literal: these variants assume every device it could mean; the runtime decides";
}

namespace {

// Whether a `device` runner's variant exists only if a device list or an
// opt-in flag that is no literal says so.
bool rests_on_unknown(const Instantiation& inst, const std::string& device, const Vocabulary& vocabulary) {
  if (inst.only_for.state == DeviceList::State::Unknown || inst.except_for.state == DeviceList::State::Unknown)
    return true;
  auto opt_in = vocabulary.opt_in_devices.find(device);
  return opt_in != vocabulary.opt_in_devices.end() && inst.flag(opt_in->second) == Tristate::Unknown;
}

// Whether pytest collects a class whose base was rebound to NoTest
// (resolve/resolved.h) on a runner of `device` (any runner when empty): not
// where the condition holds (vocab/runner_condition.h reads it).
enum class Collected { Yes, No, Unknown };

Collected collected_despite(const NoTestRebinding& rebinding, const std::string& device,
                            const Vocabulary& vocabulary) {
  if (!rebinding.known_condition) return Collected::Unknown;
  if (rebinding.condition.empty()) return Collected::No;
  switch (truth_on_runner(rebinding.condition, device, vocabulary)) {
    case Truth::True: return Collected::No;
    case Truth::False: return Collected::Yes;
    case Truth::Unknown: break;
  }
  return Collected::Unknown;
}

// Whether the module runs a statement under `gate` (a class definition, an
// instantiate call) on a runner of `device`: the condition there, read as
// NoTest conditions are (vocab/runner_condition.h). A gate whose condition
// is not read (else, elif, a loop, an except clause, nesting) and any gate
// with no runner named are Unknown.
Truth gate_on_runner(const ModuleGate& gate, const std::string& device, const Vocabulary& vocabulary) {
  if (!gate.gated) return Truth::True;
  if (!gate.known || gate.condition.empty()) return Truth::Unknown;
  return truth_on_runner(gate.condition, device, vocabulary);
}

// "test/x.py:12 defines it only when TEST_Z3" (`what`: defines, instantiates).
std::string gate_text(const std::string& file, const ModuleGate& gate, const std::string& what) {
  return file + ":" + std::to_string(gate.line) + " " + what + " it only " +
         (gate.known ? "when " + gate.condition : "under a module-level else, elif, loop or except clause");
}

// Whether a statement under a module-level gate leaves the class out on
// the runner, with the reason in base.warning (and a note there when it
// stays, but may not exist). A class defined under one exists only where it
// holds (1.13.1's api_test.py: StartProcessesNotCITest under `if not (...
// or IS_CI)`; 2.6.0's TestTranslationValidation under `if TEST_Z3:`). An
// instantiate call under one (2.6.0's test_sparse_semi_structured.py: `if
// "cutlass" in SEMI_STRUCTURED_SUPPORTED_BACKENDS:`) makes the variants only
// where it holds; elsewhere the template stays in the module, and pytest
// collects it as itself. `what`: "defines" or "instantiates".
bool gated_out(const FileFacts& file, const ModuleGate& gate, const std::string& what, const SelectionRequest& request,
               const Vocabulary& vocabulary, SelectedClass& base) {
  if (!gate.gated) return false;
  const std::string where = gate_text(file.relative_path, gate, what);
  const std::string runner = request.device + " runner";
  const bool template_stays = what == "instantiates";
  switch (gate_on_runner(gate, request.device, vocabulary)) {
    case Truth::True: return false;
    case Truth::False:
      base.warning = template_stays ? "left out: " + where + ", which is false on a " + runner +
                                          "; there a runner collects it as the template itself"
                                    : "not collected: " + where + ", which is false on a " + runner;
      base.left_out = template_stays ? LeftOut::GateFalse : LeftOut::NotCollected;
      break;
    case Truth::Unknown:
      if (request.device.empty()) {
        base.warning = template_stays ? "variants only where " + where + "; elsewhere pytest collects the template itself"
                                      : "collected only where its module defines it: " + where;
        if (template_stays) base.warning_line = gate.line;
        return false;
      }
      base.warning = "left out: " + where + ", which select cannot decide for a " + runner +
                     (template_stays ? "; where it does not hold, a runner collects it as the template itself" : "");
      base.left_out = LeftOut::GateUndecidable;
      break;
  }
  if (template_stays) base.warning_line = gate.line;
  return true;
}

// Why a file cannot be imported: "path:LINE: why", and that line (0 when
// the reason has none).
struct FileFailure {
  std::string why;
  uint32_t line = 0;
};

// The files whose import raises (facts/queries.h), and the files that fail
// with them: those that run their classes, and those that import or load
// them outside a `try:` (2.6.0's test_jit_fuser_legacy.py imports
// test_jit_fuser, which imports test_jit; inductor/test_compiled_autograd.py
// loads test_autograd): repo-relative path -> why.
std::map<std::string, FileFailure> import_failures(const std::vector<FileFacts>& files,
                                                   const Resolution& resolution, const Vocabulary& vocabulary) {
  std::map<std::string, FileFailure> out;
  std::set<std::string> failing_runners;
  std::vector<bool> fails(files.size());
  for (size_t f = 0; f < files.size(); ++f) {
    auto failure = declaration_import_failure(files[f], &vocabulary.star_imports);
    if (!failure) continue;
    fails[f] = true;
    // Where the module skips itself first (a missing optional package),
    // pytest collects it as skipped; everywhere else it fails.
    const uint32_t skip = files[f].module_skip_line;
    out[files[f].relative_path] = {files[f].relative_path + ":" + std::to_string(failure->line) + ": " + failure->why +
                                       (skip && skip < failure->line
                                            ? " (wherever line " + std::to_string(skip) +
                                                  " does not skip the module first)"
                                            : ""),
                                   failure->line};
    for (const ResolvedClass& r : resolution.classes[f])
      for (const RunningFile& runner : r.running_files)
        if (runner.file != files[f].relative_path) failing_runners.insert(runner.file);
  }
  if (out.empty()) return out;
  const ModuleIndex index(files);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t f = 0; f < files.size(); ++f) {
      if (fails[f]) continue;
      auto failing_import = [&](const Import& imp, const std::vector<std::string>& modules, const char* verb) -> bool {
        if (imp.try_line) return false;
        int failing = -1;
        for (const std::string& module : modules)
          if (int m = index.find(module, static_cast<int>(f)); m >= 0 && m != static_cast<int>(f) && fails[m]) failing = m;
        if (failing < 0) return false;
        out.try_emplace(files[f].relative_path,
                        FileFailure{files[f].relative_path + ":" + std::to_string(imp.line) + ": " + verb + " " +
                                        files[failing].relative_path + ", which cannot be imported",
                                    imp.line});
        return fails[f] = grew = true;
      };
      for (const Import& imp : files[f].imports)
        if (failing_import(imp, loaded_modules(imp), "imports")) break;
      // A loader runs the file alone, not its parent packages.
      for (const Import& load : files[f].loads)
        if (!fails[f] && failing_import(load, {load.module}, "loads")) break;
    }
  }
  for (const std::string& runner : failing_runners)
    out.try_emplace(runner, FileFailure{runner + " imports a file that cannot be imported"});
  return out;
}

// Why a plain class selected by `member` is no work for a runner of
// `device`, though that runner collects it (the runtime filter reads only
// the member): it declares another accelerator's member, or it declares
// ACCELERATOR while its only device evidence is another accelerator. ""
// when it is, or when no runner is named. GENERIC and the host's classes
// run anywhere; a template's variants are chosen by the runner itself.
std::string other_device_needed(const Verdict& v, const std::string& member, const std::string& device,
                                const Vocabulary& vocabulary) {
  if (device.empty()) return "";
  auto accelerator_of = [&](const std::string& m) -> const DeviceInfo* {
    const DeviceInfo* d = vocabulary.device_of_member(m);
    return d && d->kind == DeviceKind::Accelerator ? d : nullptr;
  };
  const DeviceInfo* runner = vocabulary.device(device);
  auto elsewhere = [&](const DeviceInfo* d) {
    return d && d != runner && !(is_privateuse1(device, vocabulary) && is_privateuse1(d->key, vocabulary));
  };
  const std::string runs = "a " + device + " runner collects it, but ";
  if (const DeviceInfo* d = accelerator_of(member); elsewhere(d))
    return runs + "it is declared " + member + ", which needs " + d->key;
  if (vocabulary.members.is_accelerator(member) && !v.inferred.empty() && v.inferred != member)
    if (const DeviceInfo* d = accelerator_of(v.inferred); elsewhere(d))
      return runs + "its only device evidence is " + d->key + " (classify infers " + v.inferred + ")";
  return "";
}

// One class as `runner` runs it: its ids, or why it is left out.
void select_in(const std::vector<FileFacts>& files, const Resolution& resolution, const Verdict& v,
               const std::string& member, bool inferred, const RunningFile& runner, const SelectionRequest& request,
               const Vocabulary& vocabulary, const std::map<std::string, FileFailure>& failing,
               std::vector<SelectedClass>& out, std::vector<SelectedClass>& dropped) {
  const ResolvedClass& r = resolution.of(v.ref);
  const FileFacts& file = files[v.ref.file];
  const ClassFact& cls = file.classes[v.ref.cls];
  const bool privateuse1_runner = is_privateuse1(request.device, vocabulary);
  SelectedClass base = listed_class(runner.file, file.relative_path, cls, member, inferred, r.tests.size());
  base.ref = v.ref;
  base.multi_process = r.multi_process;
  base.min_devices = r.min_devices;
  for (size_t i = 0; i < r.tests.size() && i < r.test_min_devices.size(); ++i)
    base.test_min_devices.emplace_back(r.tests[i].name, r.test_min_devices[i]);
  // What pytest cannot collect is left out, saying why: its own file's
  // failure first, else that of the file that runs it.
  auto failure = failing.find(file.relative_path);
  if (failure == failing.end()) failure = failing.find(runner.file);
  if (failure != failing.end()) {
    base.warning = "not collected: " + failure->second.why;
    base.error = true;
    base.left_out = LeftOut::NotCollected;
    dropped.push_back(base);
    return;
  }
  if (!r.not_collected.empty()) {  // resolve/collection.h
    base.warning = "not collected: " + r.not_collected;
    base.left_out = LeftOut::NotCollected;
    dropped.push_back(base);
    return;
  }
  if (gated_out(file, cls.gate, "defines", request, vocabulary, base)) {
    dropped.push_back(base);
    return;
  }
  if (r.notest) {
    Collected collected = collected_despite(*r.notest, request.device, vocabulary);
    if (collected == Collected::No) return;
    const std::string where = r.notest_file + ":" + std::to_string(r.notest->line) + " rebinds " + r.notest->name +
                              " to NoTest" + (r.notest->condition.empty() ? "" : " when " + r.notest->condition);
    if (collected == Collected::Unknown && !request.device.empty()) {
      base.warning = "left out: " + where + ", which select cannot decide for a " + request.device + " runner";
      base.left_out = LeftOut::GateUndecidable;
      dropped.push_back(base);
      return;
    }
    if (collected == Collected::Unknown) base.warning = "collected only where " + where + " does not";
  }
  if (r.instantiation < 0) {
    if (std::string other = other_device_needed(v, member, request.device, vocabulary); !other.empty()) {
      base.warning = "left out: " + other;
      base.left_out = LeftOut::OtherDevice;
      dropped.push_back(base);
      return;
    }
    out.push_back(base);
    return;
  }
  std::vector<DeviceVariant> variants = r.variants;
  const Instantiation& inst = file.instantiations[static_cast<size_t>(r.instantiation)];
  if (!r.variants_exact) base.warning = guessed_variants(inst, vocabulary), base.warning_line = inst.line;
  if (gated_out(file, inst.gate, "instantiates", request, vocabulary, base)) {
    dropped.push_back(base);
    return;
  }
  // A runner's variant whose existence rests on a list or flag that is no
  // literal is not printed: pytest exits 4 on an id it cannot find, and
  // runs nothing of that call.
  if (!request.device.empty() && rests_on_unknown(inst, request.device, vocabulary)) {
    base.warning = "left out: " + guessed_variants(inst, vocabulary) + "; a " + request.device +
                   " variant may not exist";
    base.left_out = LeftOut::VariantMayNotExist;
    dropped.push_back(base);
    return;
  }
  if (privateuse1_runner) {
    // The runner's backend gets its variant whatever the rules list.
    std::erase_if(variants, [&](const DeviceVariant& d) { return is_privateuse1(d.device, vocabulary); });
    if (auto variant = privateuse1_variant(cls.name, inst, request.device)) variants.push_back(*variant);
  }
  for (const DeviceVariant& variant : variants) {
    if (!request.device.empty() && variant.device != request.device) continue;
    // An aggregator that imports variants by name runs only those.
    if (!runner.runs_variant(variant.name)) continue;
    SelectedClass s = base;
    s.name = variant.name;
    s.device = variant.device;
    out.push_back(std::move(s));
  }
}

}  // namespace

std::vector<SelectedClass> select_classes(const std::vector<FileFacts>& files, const Resolution& resolution,
                                          const std::vector<Verdict>& verdicts, const SelectionRequest& request,
                                          const Vocabulary& vocabulary, std::vector<SelectedClass>* left_out) {
  const std::map<std::string, FileFailure> failing = import_failures(files, resolution, vocabulary);
  std::vector<SelectedClass> out, dropped;
  for (const Verdict& v : verdicts) {
    const ResolvedClass& r = resolution.of(v.ref);
    // The runtime reads the declaration through the MRO (resolve/
    // runtime_member.h); classify's verdict stands in for it where asked to.
    std::string member;
    bool inferred = false;
    if (request.use != TrustedClassification::Inferred) member = runtime_member(files, r, vocabulary);
    if (member.empty() && request.use != TrustedClassification::Declared) member = v.inferred, inferred = true;
    if (!request.every_class &&
        (member.empty() || std::find(request.members.begin(), request.members.end(), member) == request.members.end()))
      continue;
    // A test-less base's inferred member (`base-of-classes`) says what to
    // declare for its subclasses; the runtime collects no test from the base
    // itself, so it is no work for a runner (its subclasses are).
    if (inferred && r.tests.empty() &&
        std::any_of(v.rules.begin(), v.rules.end(), [](ClassifyRuleId id) { return !classify_rule(id).lists_tests; }))
      continue;
    for (const RunningFile& runner : r.running_files) {
      if (!is_test_file_v8(runner.file)) continue;  // a helper module nothing runs
      select_in(files, resolution, v, member, inferred, runner, request, vocabulary, failing, out, dropped);
    }
  }
  // Classes a module adds to its namespace at import (`globals()[name] =
  // cls`, dynamo's and export's copies of other files' test classes) have
  // no class statement to select: the module is named, with no class, so
  // that no reader takes the selection for all its file runs.
  for (const FileFacts& file : files) {
    if (!file.globals_write_line || !is_test_file_v8(file.relative_path) || failing.count(file.relative_path)) continue;
    SelectedClass unlisted;
    unlisted.module = test_module(file.relative_path);
    unlisted.invoking_file = unlisted.defined_in = file.relative_path;
    unlisted.line = file.globals_write_line;
    unlisted.warning = "left out: line " + std::to_string(file.globals_write_line) +
                       " adds classes to its module at import (globals()[...] = ...), which select cannot list; "
                       "the runtime collects them";
    unlisted.left_out = LeftOut::AddedAtImport;
    dropped.push_back(std::move(unlisted));
  }
  // A test file (or another file with tests, which run_test.py may run:
  // distributed/elastic/timer/local_timer_example.py) that cannot be
  // imported runs nothing in any job, whatever its classes declare. Where
  // no class of it said so (none is selected here), the file says it, with
  // no class: a warning, since this run does not collect it.
  std::set<std::string> said;
  for (const SelectedClass& d : dropped)
    if (d.error) said.insert(d.invoking_file);
  for (size_t f = 0; f < files.size(); ++f) {
    const std::string& path = files[f].relative_path;
    auto failure = failing.find(path);
    if (failure == failing.end() || said.count(path)) continue;
    bool has_tests = is_test_file_v8(path);
    for (const ResolvedClass& r : resolution.classes[f]) has_tests |= !r.tests.empty();
    if (!has_tests) continue;
    SelectedClass file_fails;
    file_fails.module = test_module(path);
    file_fails.invoking_file = file_fails.defined_in = path;
    file_fails.line = failure->second.line;
    file_fails.warning = "not collected: " + failure->second.why + "; it runs in no job until that is fixed";
    file_fails.left_out = LeftOut::NotCollected;
    dropped.push_back(std::move(file_fails));
  }
  // A runner's device count: the classes it can run all of, and that need
  // at least --min-devices (contract 5.8's --multigpu-min-gpus, by class).
  std::erase_if(out, [&](const SelectedClass& c) {
    return (request.min_devices >= 0 && c.min_devices < request.min_devices) ||
           (request.max_devices >= 0 && c.min_devices > request.max_devices);
  });
  auto by_module_name = [](const SelectedClass& a, const SelectedClass& b) {
    return std::tie(a.module, a.name) < std::tie(b.module, b.name);
  };
  std::sort(out.begin(), out.end(), by_module_name);
  // One class name runs once per module, however many files define it.
  out.erase(std::unique(out.begin(), out.end(),
                        [](const SelectedClass& a, const SelectedClass& b) {
                          return a.module == b.module && a.name == b.name;
                        }),
            out.end());
  if (left_out) {
    std::sort(dropped.begin(), dropped.end(), by_module_name);
    *left_out = std::move(dropped);
  }
  return out;
}

std::map<std::string, std::vector<std::string>> runnable_names(const std::vector<FileFacts>& files,
                                                               const Resolution& resolution) {
  std::map<std::string, std::vector<std::string>> out;
  for (size_t f = 0; f < files.size(); ++f)
    for (size_t k = 0; k < files[f].classes.size(); ++k) {
      const ResolvedClass& r = resolution.of(ClassRef{static_cast<int>(f), static_cast<int>(k)});
      if (r.tests.empty() || !r.not_collected.empty()) continue;
      for (const RunningFile& runner : r.running_files) {
        if (!is_test_file_v8(runner.file)) continue;
        auto& names = out[test_module(runner.file)];
        if (r.instantiation < 0) names.push_back(files[f].classes[k].name);
        for (const DeviceVariant& v : r.variants)
          if (runner.runs_variant(v.name)) names.push_back(v.name);
      }
    }
  for (auto& [module, names] : out) {
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
  }
  return out;
}

}  // namespace hwclass
