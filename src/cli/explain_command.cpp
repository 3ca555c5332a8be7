// hwclass explain: one class's verdict and what to do about it. Accepts what
// users paste from CI logs (a variant name, a test id); reads only the file
// and the modules its bases come from.
#include <iostream>
#include <memory>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "emit/verdicts.h"
#include "resolve/resolver.h"
#include "lint/advice.h"
#include "util/error.h"

namespace hwclass {
namespace {

struct Target {
  std::string path, cls, test;  // PATH[::Class[::test]]
};

Target parse_target(const std::string& text) {
  Target t;
  size_t first = text.find("::");
  t.path = text.substr(0, first);
  if (first == std::string::npos) return t;
  std::string rest = text.substr(first + 2);
  size_t second = rest.find("::");
  t.cls = rest.substr(0, second);
  if (second != std::string::npos) t.test = rest.substr(second + 2);
  if (t.cls.empty()) throw UsageError("explain: expected PATH::Class, got '" + text + "'");
  return t;
}

// The class `name` means in file `f`: the class itself (its last
// definition), or the template of a device variant (TestFooCUDA). A
// PrivateUse1 variant (TestFooPRIVATEUSE1) is read whatever backends the
// rules name, as select --device privateuse1 reads it: PyTorch names it
// after the slot, not the backend.
int find_class(const Session& session, int f, const std::string& name, std::string& variant) {
  const Resolution& res = session.resolution();
  const auto& classes = session.files()[f].classes;
  for (size_t k = classes.size(); k-- > 0;)
    if (classes[k].name == name) return static_cast<int>(k);
  for (size_t k = classes.size(); k-- > 0;)
    for (const DeviceVariant& v : res.of(ClassRef{f, static_cast<int>(k)}).variants)
      if (v.name == name) {
        variant = v.device;
        return static_cast<int>(k);
      }
  for (size_t k = classes.size(); k-- > 0;) {
    const ResolvedClass& r = res.of(ClassRef{f, static_cast<int>(k)});
    if (r.instantiation < 0) continue;
    const Instantiation& inst = session.files()[f].instantiations[static_cast<size_t>(r.instantiation)];
    if (auto v = privateuse1_variant(classes[k].name, inst, "privateuse1"); v && v->name == name) {
      variant = "privateuse1";
      return static_cast<int>(k);
    }
  }
  return -1;
}

// test_x, or test_x_cuda / test_x_cuda_float32 of a device variant; a
// PrivateUse1 variant's tests end in its backend's name, which the rules
// need not know (test_x_npu), so any name is taken there.
bool names_test(const ResolvedClass& r, const std::string& test, const std::string& variant) {
  for (const TestRef& t : r.tests) {
    if (t.name == test) return true;
    if (test.rfind(t.name + "_", 0) != 0) continue;
    std::string device = test.substr(t.name.size() + 1);
    device = device.substr(0, device.find('_'));
    if (variant == "privateuse1" && !device.empty()) return true;
    for (const DeviceVariant& v : r.variants)
      if (v.device == device) return true;
  }
  return false;
}

std::string class_list(const Session& session, int f) {
  std::string names;
  const auto& classes = session.files()[f].classes;
  for (size_t k = 0; k < classes.size(); ++k)
    if (!session.resolution().of(ClassRef{f, static_cast<int>(k)}).tests.empty())
      names += (names.empty() ? "" : ", ") + classes[k].name;
  return names.empty() ? "none" : names;
}

struct ExplainState {
  CommonOptions common;
  std::string target, names = "current", format = "text";
  bool all = false;
};

// The target file's index: the session's one named file.
int target_file(const Session& session, const Target& target) {
  const std::vector<size_t> named = session.named();
  if (named.empty()) throw UsageError(target.path + ": not scanned");
  return static_cast<int>(named.front());
}

// The class the target names (a device variant or its test leads to the
// class it comes from), checked to have tests and the named test.
int target_class(const Session& session, int f, const Target& target, std::string& variant) {
  const FileFacts& file = session.files()[f];
  const Resolution& resolution = session.resolution();
  int k = find_class(session, f, target.cls, variant);
  if (k < 0)
    throw UsageError(target.path + ": no class '" + target.cls + "' (test classes here: " +
                     class_list(session, f) + ")");
  const ResolvedClass& r = resolution.of(ClassRef{f, k});
  if (r.tests.empty())
    throw UsageError(target.path + ":" + std::to_string(file.classes[k].line) + ": class " + target.cls +
                     " has no tests");
  if (!target.test.empty() && !names_test(r, target.test, variant))
    throw UsageError(target.path + ": " + file.classes[k].name + " has no test '" + target.test + "'");
  return k;
}

int run_explain(const CLI::App& cmd, ExplainState& s) {
  apply_config(cmd, s.common);
  apply_format_environment(cmd, s.format, {"text", "json"});
  Target target = parse_target(s.target);
  if (!std::filesystem::is_regular_file(target.path)) throw UsageError(target.path + ": No such file");
  CommonOptions options = s.common;
  options.paths.insert(options.paths.begin(), target.path);
  options.quiet = true;
  // The target is the one named file; --paths are read to resolve its bases.
  const std::string target_file_path = std::filesystem::canonical(target.path).string();
  Run run(options, RunRequest{.context = ContextPolicy::Imports, .role = [&](const SourceFile& file) {
                                return file.absolute_path == target_file_path ? FileRole::Named : FileRole::Context;
                              }});
  const Session& session = run.session();
  const Resolution& resolution = session.resolution();
  const int f = target_file(session, target);
  const FileFacts& file = session.files()[f];
  if (file.has_syntax_error()) throw UsageError(target.path + ": does not parse, so it has no verdicts");
  const Analysis& analysis = run.analysis();
  auto verdict_of = [&](int k) { return *analysis.verdict(ClassRef{f, k}); };
  const Vocabulary& vocabulary = run.vocabulary();
  const Members* seed = s.names == "seed" ? &vocabulary.members : nullptr;
  if (target.cls.empty()) {  // the file's classes, as classify prints them
    std::vector<Verdict> verdicts;
    std::vector<Advice> advice;
    for (size_t k = 0; k < file.classes.size(); ++k)
      if (!resolution.of(ClassRef{f, static_cast<int>(k)}).tests.empty()) {
        verdicts.push_back(verdict_of(static_cast<int>(k)));
        advice.push_back(advise(verdicts.back(), analysis));
      }
    std::cout << verdicts_output(session.files(), resolution, verdicts, advice, {s.format, seed});
    return 0;
  }
  std::string variant;
  const int k = target_class(session, f, target, variant);
  const Verdict v = verdict_of(k);
  const Advice advice = advise(v, analysis, true);
  if (s.format == "json") {
    std::cout << verdicts_output(session.files(), resolution, {v}, {advice}, {"json", seed, true});
    return 0;
  }
  if (!variant.empty() || !target.test.empty())
    std::cout << target.cls + (target.test.empty() ? "" : "::" + target.test) + " comes from " +
                     file.classes[k].name + (variant.empty() ? "" : ", instantiated for " + variant) + "\n";
  // onlyNativeDeviceTypesAnd("mps") keeps the native devices and those it names.
  auto keeps = vocabulary.multi_device_decorators;
  for (auto& [decorator, devices] : keeps)
    if (vocabulary.is_device_arg_callee(decorator)) devices.push_back("and the devices it names");
  std::cout << explain_text(session.files(), resolution, v, advice,
                            {seed, s.all, vocabulary.default_devices, std::move(keeps), vocabulary.members.accelerator()});
  return 0;
}

}  // namespace

CommandRunner register_explain(CLI::App& app) {
  auto s = std::make_shared<ExplainState>();
  CLI::App* cmd = app.add_subcommand("explain", "Show one class's verdict, what to change, and the evidence");
  cmd->add_option("target", s->target,
                  "PATH, PATH::Class, PATH::Class::test, a device variant (PATH::TestFooCUDA) or its test "
                  "(PATH::TestFooCUDA::test_x_cuda)")
      ->required();
  cmd->add_option("--paths", s->common.paths, "Also scan these files or directories to resolve bases");
  cmd->add_option("--root", s->common.root, "Repository root (default: nearest ancestor with .git)");
  add_rules_options(*cmd, s->common);
  cmd->add_option("--names", s->names, "Member names to print: current or seed")->check(CLI::IsMember({"current", "seed"}));
  cmd->add_option("--format,--output-format", s->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else text)")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--all", s->all, "Every evidence site and lint finding, with its source line");
  cmd->add_option("--config", s->common.config, "Read the configuration from FILE (hwclass.toml or pyproject.toml)");
  cmd->add_flag("--isolated", s->common.isolated, "Ignore configuration files");
  add_cache_options(*cmd, s->common);
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    return run_explain(*cmd, *s);
  };
}

}  // namespace hwclass
