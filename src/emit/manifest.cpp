#include "emit/manifest.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "select/test_module.h"
#include "util/json_writer.h"
#include "util/shell_quote.h"
#include "version.h"

namespace hwclass {
namespace {

// Classes grouped by module, in order: PyTorch's TestRun entries.
std::vector<std::pair<std::string, std::vector<std::string>>> test_runs(const std::vector<const SelectedClass*>& cs) {
  std::vector<std::pair<std::string, std::vector<std::string>>> runs;
  for (const SelectedClass* c : cs) {
    if (runs.empty() || runs.back().first != c->module) runs.push_back({c->module, {}});
    runs.back().second.push_back(c->name);
  }
  return runs;
}

void write_test_runs(JsonWriter& w, const std::vector<const SelectedClass*>& cs) {
  w.begin_array();
  for (const auto& [module, names] : test_runs(cs)) {
    w.begin_object().field("test_file", module).key("included").string_array(names).end_object();
  }
  w.end_array();
}

// Tenths of a second: enough to balance, and sums print the same everywhere.
double tenths(double s) { return std::round(s * 10.0) / 10.0; }

std::vector<const SelectedClass*> pointers(const std::vector<TimedClass>& classes) {
  std::vector<const SelectedClass*> out;
  for (const TimedClass& t : classes) out.push_back(t.cls);
  return out;
}

}  // namespace

namespace {

// One `python -m pytest` line per file, node ids relative to test/ (the
// directory the line runs in), without the `cd`.
std::vector<std::string> pytest_lines(const std::vector<const SelectedClass*>& classes,
                                      const std::vector<std::string>& environment) {
  std::string env;
  for (const auto& e : environment) env += e + " ";
  std::vector<std::string> out;
  std::string file, line;
  for (const SelectedClass* c : classes) {
    if (c->invoking_file != file) {
      if (!line.empty()) out.push_back(line);
      file = c->invoking_file;
      line = env;
      line += "python -m pytest";
    }
    // Appended, not " " + string&&: gcc 12 warns on that (-Wrestrict, a false positive).
    line.append(" ").append(shell_quote(c->module + ".py::" + c->name));
  }
  if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

// From test/, as run_test.py runs each file (its subprocess's cwd): `python
// -m pytest` puts the working directory first on sys.path, so from the
// repository root `import torch` would load the source tree's torch/.
std::vector<std::string> pytest_commands(const std::vector<const SelectedClass*>& classes,
                                         const std::vector<std::string>& environment) {
  std::vector<std::string> out = pytest_lines(classes, environment);
  for (std::string& line : out) line = "cd test && " + line;
  return out;
}

std::string select_command_line(const ManifestInputs& given) {
  // Sorted, as the manifest's inputs are: the same bytes for any input order.
  ManifestInputs in = given;
  for (auto* list : {&in.paths, &in.junit, &in.times}) std::sort(list->begin(), list->end());
  std::string members;
  for (const auto& m : in.members) members += (members.empty() ? "" : ",") + m;
  std::string out = "hwclass select --hw-classification " + shell_quote(members);
  if (in.use != "declared") out += " --use " + shell_quote(in.use);
  if (!in.device.empty()) out += " --device " + shell_quote(in.device);
  if (in.min_devices >= 0) out += " --min-devices " + std::to_string(in.min_devices);
  if (in.max_devices >= 0) out += " --max-devices " + std::to_string(in.max_devices);
  if (!in.shards.empty()) out += " " + in.shards;
  for (const auto& j : in.junit) out += " --junit " + shell_quote(j);
  for (const auto& t : in.times) out += " --test-class-times " + shell_quote(t);
  if (in.build_env != "default") out += " --build-environment " + shell_quote(in.build_env);
  if (in.test_config != "default") out += " --test-config " + shell_quote(in.test_config);
  for (const auto& p : in.paths) out.append(" ").append(shell_quote(p));
  return out;
}

std::string manifest_json(const ManifestInputs& in, const std::vector<TimedClass>& classes,
                          const std::vector<Shard>& shards, int num_shards, const std::vector<SelectedClass>& left_out) {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object().field("schema", "hwclass.manifest/v3");
  w.key("tool").begin_object().field("name", "hwclass").field("version", kHwclassVersion);
  w.field("rules_hash", in.rules_hash).end_object();
  w.field("repo_root", ".").field("test_root", "test");
  // What made it, for --check to print when the options differ.
  w.field("command", select_command_line(in));
  // Sorted, so the bytes do not depend on the order the inputs were given in.
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  w.key("inputs").begin_object().key("paths").string_array(sorted(in.paths));
  w.key("junit").string_array(sorted(in.junit)).key("test_class_times").string_array(sorted(in.times)).end_object();
  w.key("selection").begin_object().key("hw_classification").string_array(in.members).field("use", in.use);
  w.key("devices");
  if (in.device.empty()) w.null();
  else w.begin_array().value(in.device).end_array();
  w.key("environment").string_array(in.environment);
  // A runner's device count, null when not bounded (manifest v3).
  for (const auto& [name, bound] : {std::pair{"min_devices", in.min_devices}, std::pair{"max_devices", in.max_devices}}) {
    w.key(name);
    if (bound < 0) w.null();
    else w.value(bound);
  }
  w.end_object();
  auto all = pointers(classes);
  w.key("tests");
  write_test_runs(w, all);
  w.key("commands").string_array(pytest_commands(all, in.environment));
  w.key("classes").begin_array();
  for (const TimedClass& t : classes) {
    const SelectedClass& c = *t.cls;
    w.begin_object().field("test_file", c.module).field("defined_in", c.defined_in).field("line", c.line);
    w.field("class", c.source_class).field("runs_as", c.name);
    w.key("device");
    if (c.device.empty()) w.null();
    else w.value(c.device);
    w.field("hw_classification", c.member).field("source", c.inferred ? "inferred" : "declared");
    // Counts say their unit: the source's test defs, and the tests a JUnit
    // report ran the class as (an @ops def is hundreds), null when none says.
    w.field("test_defs", static_cast<uint64_t>(c.tests)).key("tests_collected");
    if (t.collected) w.value(static_cast<uint64_t>(t.collected));
    else w.null();
    w.field("est_seconds", tenths(t.seconds)).field("timed", t.known);
    // Where an estimate comes from when not the class's own time.
    if (!t.basis.empty()) w.field("est_from", t.basis == "tests" ? std::string("test count") : t.basis);
    // The devices it needs (contract 5.8): the class's, the largest of its
    // tests', and each test def's.
    w.field("multi_process", c.multi_process).field("min_devices", c.min_devices);
    w.key("test_min_devices").begin_object();
    for (const auto& [name, need] : c.test_min_devices) w.field(name, need);
    w.end_object();
    if (!c.warning.empty()) w.field("warning", c.warning);
    if (!c.changed_by.empty()) w.field("changed_by", c.changed_by);  // select --changed-since
    w.end_object();
  }
  w.end_array();
  if (!left_out.empty()) {
    w.key("not_selected").begin_array();
    for (const SelectedClass& c : left_out) {
      w.begin_object().field("test_file", c.module).field("defined_in", c.defined_in).field("line", c.line);
      w.field("class", c.source_class).field("hw_classification", c.member);
      w.field("severity", c.error ? "error" : "warning").field("reason", c.warning).end_object();
    }
    w.end_array();
  }
  w.key("shards").begin_array();
  for (const Shard& s : shards) {
    w.begin_object().field("shard", s.number).field("num_shards", num_shards).field("est_seconds", tenths(s.seconds));
    w.key("tests");
    write_test_runs(w, s.classes);
    w.key("commands").string_array(pytest_commands(s.classes, in.environment)).end_object();
  }
  w.end_array().end_object();
  return out + "\n";
}

std::string pytest_nodeids(const std::vector<const SelectedClass*>& classes) {
  std::string out;
  // One shell word per id, quoted only when the shell would split or expand
  // it: PyTorch's ids (file::Class, no parametrization brackets) never are,
  // so `pytest $(hwclass select --format pytest)` reads them as printed; a
  // path with a space or glob character is quoted for eval or a paste
  // (no output survives $(...)'s word splitting unquoted).
  for (const SelectedClass* c : classes) out += shell_quote(c->invoking_file + "::" + c->name) + "\n";
  return out;
}

std::string run_test_command(const std::vector<const SelectedClass*>& classes,
                             const std::map<std::string, std::vector<std::string>>& runnable,
                             const std::vector<std::string>& environment, std::set<std::string>& warnings) {
  std::vector<std::string> modules, names;
  std::map<std::string, std::set<std::string>> selected_in;  // module -> names selected there
  for (const SelectedClass* c : classes) {
    if (std::find(modules.begin(), modules.end(), c->module) == modules.end()) modules.push_back(c->module);
    if (std::find(names.begin(), names.end(), c->name) == names.end()) names.push_back(c->name);
    selected_in[c->module].insert(c->name);
  }
  if (modules.empty()) return "";
  // -k is a case-insensitive substring match applied to every file -i names,
  // so each name also matches the classes, not selected, whose names hold
  // it (TestDropoutNN in TestDropoutNNDeviceTypeCPU): each term excludes
  // them by name. Only one that differs from the name by case alone cannot
  // be excluded, and is warned about.
  auto lower = [](std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  };
  std::vector<std::string> terms;
  for (const std::string& name : names) {
    std::vector<std::string> excluded;
    for (const auto& m : modules) {
      auto it = runnable.find(m);
      if (it == runnable.end()) continue;
      for (const std::string& other : it->second) {
        if (selected_in[m].count(other) || lower(other).find(lower(name)) == std::string::npos) continue;
        if (lower(other) == lower(name))
          warnings.insert("-k '" + name + "' also selects " + m + "::" + other +
                          ", which is not selected (pytest -k matches substrings in every file -i names)");
        else if (std::find(excluded.begin(), excluded.end(), other) == excluded.end())
          excluded.push_back(other);
      }
    }
    std::sort(excluded.begin(), excluded.end());
    std::string term = name;
    for (const std::string& other : excluded) term += " and not " + other;
    terms.push_back(excluded.empty() || names.size() == 1 ? term : "(" + term + ")");
  }
  std::string out;
  for (const auto& e : environment) out += e + " ";
  out += "python test/run_test.py -i";
  for (const auto& m : modules) out.append(" ").append(shell_quote(m));
  std::string expression;
  for (size_t i = 0; i < terms.size(); ++i) expression += (i ? " or " : "") + terms[i];
  return out + " -k " + shell_quote(expression);
}

std::string github_matrix(const std::vector<Shard>& shards, int num_shards, const std::vector<std::string>& environment) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("include").begin_array();
  for (const Shard& s : shards) {
    std::string command = "cd test || exit 2; rc=0;";
    for (const auto& c : pytest_lines(s.classes, environment))
      command += " " + c + " || { s=$?; [ \"$rc\" != 0 ] || rc=$s; };";
    command += " exit $rc";
    w.begin_object().field("shard", s.number).field("num_shards", num_shards);
    w.field("est_seconds", tenths(s.seconds)).field("command", command).end_object();
  }
  w.end_array().end_object();
  return out + "\n";
}

std::string unassigned_json(const std::vector<Unassigned>& list) {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object().field("schema", "hwclass.unassigned/v1");
  w.key("tool").begin_object().field("name", "hwclass").field("version", kHwclassVersion).end_object();
  w.key("unassigned").begin_array();
  for (const Unassigned& u : list) {
    // test_file as the manifest has it: the module run_test.py names.
    w.begin_object().field("kind", u.kind).field("test_file", test_module(u.invoking_file));
    w.field("defined_in", u.defined_in);
    w.field("line", u.line).field("name", u.name).key("runs_as").string_array(u.runs_as);
    if (!u.inferred.empty()) w.field("inferred", u.inferred);
    w.end_object();
  }
  w.end_array().end_object();
  return out + "\n";
}

std::string unassigned_nodeids(const std::vector<Unassigned>& list) {
  std::string out;
  for (const Unassigned& u : list)
    for (const std::string& name : u.runs_as) out += shell_quote(u.invoking_file + "::" + name) + "\n";
  return out;
}

}  // namespace hwclass
