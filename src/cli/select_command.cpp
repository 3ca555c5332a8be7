// hwclass select: discover -> parse -> extract -> resolve -> classify ->
// select (the runtime filter's choice, statically) -> shard -> emit a
// manifest, pytest node ids, run_test.py arguments or a job matrix.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <tuple>
#include <iostream>
#include <map>
#include <set>
#include <memory>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "cli/select_scope.h"
#include "emit/manifest.h"
#include "emit/manifest_check.h"
#include "select/coverage.h"
#include "select/durations.h"
#include "select/selection.h"
#include "select/shards.h"
#include "select/unassigned.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/output_sink.h"
#include "util/spelling.h"

namespace hwclass {
namespace {

struct SelectState {
  CommonOptions common;
  std::vector<std::string> members, junit, times;
  std::string format = "json", use = "declared", device, shard, check;
  std::string build_env = "default", test_config = "default";
  std::string min_devices, max_devices;  // --min-devices/--max-devices as given
  int shards = 1;
  bool unassigned = false;
  bool allow_empty = false;
  bool check_shards = false;
  std::vector<std::string> coverage;  // MEMBER/DEVICE jobs
  ChangeOptions change;  // --changed-since / --changed-files
};

// "K/N" -> (K, N), 1 <= K <= N.
std::pair<int, int> parse_shard(const std::string& text) {
  size_t slash = text.find('/');
  try {
    if (slash != std::string::npos) {
      int k = std::stoi(text.substr(0, slash)), n = std::stoi(text.substr(slash + 1));
      if (k >= 1 && k <= n) return {k, n};
    }
  } catch (const std::exception&) {
  }
  throw UsageError("--shard: expected K/N with 1 <= K <= N, got '" + text + "'");
}

// --min-devices/--max-devices N: a whole number of devices; -1 when not given.
int64_t parse_device_count(const std::string& option, const std::string& text) {
  if (text.empty()) return -1;
  bool digits = text.size() <= 10 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoll(text) > (int64_t{1} << 30))
    throw UsageError(option + ": expected a whole number of devices (0 to 1073741824), got '" + text + "'");
  return std::stoll(text);
}

// Why a device-count bound can make a selection empty.
std::string device_count_note(const SelectionRequest& request) {
  if (request.min_devices < 0 && request.max_devices < 0) return "";
  std::string range = request.max_devices < 0   ? "at least " + std::to_string(request.min_devices)
                      : request.min_devices < 0 ? "at most " + std::to_string(request.max_devices)
                                                : std::to_string(request.min_devices) + " to " +
                                                      std::to_string(request.max_devices);
  return "; only classes needing " + range + " devices (min_devices) were kept";
}

// Whether the committed manifest at `path` still says what the tree gives
// now; prints the changes when not, and exits 1 through the caller.
bool check_manifest(const std::string& path, const std::string& fresh,
                    const std::map<std::string, std::string>& elsewhere, bool shards) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("--check " + path + ": No such file");
  std::string committed((std::istreambuf_iterator<char>(in)), {});
  std::vector<std::string> changes = manifest_changes(read_manifest(committed, path), read_manifest(fresh, "the tree"),
                                                      elsewhere, CheckOptions{shards}, path);
  for (const std::string& line : changes) std::cout << line << "\n";
  if (changes.empty()) return true;
  std::cout << path << " is out of date: " << changes.size() << (changes.size() == 1 ? " class" : " classes")
            << " changed\nRun the same 'hwclass select' with -o " << path << " to update it.\n";
  return false;
}

// Where each class of the tree is classified now, whatever the members asked
// (test_file::class -> "MEMBER, source"): what --check says a class the
// selection lost became.
std::map<std::string, std::string> classified_now(const Session& session, const std::vector<Verdict>& verdicts,
                                                  SelectionRequest request) {
  request.members = session.vocabulary().members.names();
  std::map<std::string, std::string> out;
  for (const SelectedClass& c :
       select_classes(session.files(), session.resolution(), verdicts, request, session.vocabulary()))
    out[c.module + "::" + c.source_class] = c.member + ", " + (c.inferred ? "inferred" : "declared");
  return out;
}

// --junit and --times, merged; a times file's warnings go to stderr.
Durations read_durations(const SelectState& s, TestCounts& counts) {
  Durations durations;
  for (const auto& path : s.junit) read_junit(path, durations, &counts);
  for (const auto& path : s.times)
    for (const auto& warning : read_class_times(path, s.build_env, s.test_config, durations))
      std::cerr << "hwclass: warning: " << warning << "\n";
  return durations;
}

// No more shards than classes: N shards over fewer classes would leave
// empty ones. --shard K beyond the shards there are is an empty shard (a
// CI with a fixed matrix of N jobs asks for every K), which the caller
// treats as an empty selection.
int fit_shards(int asked, size_t classes) {
  if (classes == 0 || static_cast<size_t>(asked) <= classes) return asked;
  const int fitted = static_cast<int>(classes);
  std::cerr << "hwclass: warning: " << asked << " shards asked for " << classes
            << (classes == 1 ? " class" : " classes") << "; planning " << fitted << "\n";
  return fitted;
}

// Why a selection came out empty, in words a CI log can act on.
std::string empty_reason(const Session& session, const std::vector<Verdict>& verdicts,
                         const SelectionRequest& request, const std::vector<SelectedClass>& dropped,
                         const std::string& root_option) {
  // A module's classes made at import (no source class) are no declared class.
  const size_t left_out = static_cast<size_t>(std::count_if(dropped.begin(), dropped.end(), [](const SelectedClass& c) {
    return !c.source_class.empty();
  }));
  size_t declared = 0, inferred = 0;
  for (const Verdict& v : verdicts) {
    if (std::find(request.members.begin(), request.members.end(), v.declared) != request.members.end()) ++declared;
    if (v.declared.empty() &&
        std::find(request.members.begin(), request.members.end(), v.inferred) != request.members.end())
      ++inferred;
  }
  std::string members;
  for (const auto& m : request.members) members += (members.empty() ? "" : ",") + m;
  const size_t files = session.files().size();
  std::string why = std::to_string(verdicts.size()) + (verdicts.size() == 1 ? " test class in " : " test classes in ") +
                    std::to_string(files) + (files == 1 ? " file under " : " files under ") + session.root().string();
  if (verdicts.empty()) why += " (the root: " + repo_root_reason(root_option, session.root()) + ")";
  why += "; " + std::to_string(declared) + " declared " + members;
  // Each was said above, as not collected or left out (a runner that
  // collects it but cannot run it): each counted by its kind. A file said
  // with no class (one that cannot be imported, none of whose classes is
  // asked for) is none of them.
  const size_t not_collected = static_cast<size_t>(std::count_if(dropped.begin(), dropped.end(), [](const SelectedClass& c) {
    return !c.source_class.empty() && c.left_out == LeftOut::NotCollected;
  }));
  if (not_collected) why += ", " + std::to_string(not_collected) + " of them not collected";
  if (left_out > not_collected)
    why += ", " + std::to_string(left_out - not_collected) + " of them left out";
  if (left_out) why += " (said above)";
  if (declared > left_out && !request.device.empty()) why += ", none run by a " + request.device + " runner";
  if (inferred && request.use == TrustedClassification::Declared)
    why += "; " + std::to_string(inferred) + " undeclared ones are inferred " + members +
           " (--use declared-or-inferred selects them, which the runtime filter would not)";
  return why;
}

// A subset of the tree is the whole tree's answer restricted to it, except
// where an aggregator that runs some of its files is left out: those
// classes then run under their own files. Said once per aggregator.
void warn_missing_aggregators(const Session& session) {
  std::set<std::string> scanned, warned;
  for (const FileFacts& f : session.files()) scanned.insert(f.relative_path);
  for (const FileFacts& f : session.files())
    for (const auto& [prefix, parent] : session.vocabulary().aggregators)
      if (f.relative_path.rfind(prefix, 0) == 0 && !f.classes.empty() && !scanned.count(parent) &&
          warned.insert(parent).second)
        std::cerr << "hwclass: warning: " << parent << " runs files under " << prefix
                  << ", but is not among the paths: their classes are placed under their own files; add it (or give "
                     "the whole test/ tree) for what the runtime runs\n";
}

// A backend the rules do not know: what to add, and how. The first line is
// the error; the table after it is the least that makes `--device NAME` a
// PrivateUse1 runner (rules/README.md says what the other keys add).
std::string unknown_device_message(const std::string& device, const Vocabulary& vocabulary) {
  std::vector<std::string> keys;
  for (const DeviceInfo& d : vocabulary.devices) keys.push_back(d.key);
  const std::string guess = closest_name(device, keys);
  return "--device: '" + device + "' is no device in the rules" + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
         " (hwclass rules --dump prints them); for an " +
         "out-of-tree backend, add a rules file with --rules-extend FILE (or rules-extend = \"FILE\" in the " +
         "configuration) holding at least:\n\n[device." + device + "]\nstrings = [\"" + device +
         "\"]\n\n[instantiate]\nprivateuse1 = [\"" + device + "\"]";
}

// The devices a runner can have, for the usage error.
std::string runner_devices(const Vocabulary& vocabulary) {
  std::string out;
  for (const DeviceInfo& d : vocabulary.devices)
    if (d.kind == DeviceKind::Host || d.kind == DeviceKind::Accelerator) out += (out.empty() ? "" : ", ") + d.key;
  return out;
}

// What the options ask for, checked against the rules.
SelectionRequest selection_request(const SelectState& s, const Vocabulary& vocabulary) {
  SelectionRequest request;
  request.members = parse_members(s.members, vocabulary);
  request.use = s.use == "declared"   ? TrustedClassification::Declared
                : s.use == "inferred" ? TrustedClassification::Inferred
                                      : TrustedClassification::DeclaredOrInferred;
  // Device keys are lower case, as members are case-insensitive: CUDA is cuda.
  request.min_devices = parse_device_count("--min-devices", s.min_devices);
  request.max_devices = parse_device_count("--max-devices", s.max_devices);
  if (request.min_devices >= 0 && request.max_devices >= 0 && request.min_devices > request.max_devices)
    throw UsageError("--min-devices " + s.min_devices + " is above --max-devices " + s.max_devices +
                     ": no class needs that many devices and at most that few");
  request.device = ascii_lower(s.device);
  if (request.device.empty()) return request;
  const DeviceInfo* device = vocabulary.device(request.device);
  if (!device && !is_privateuse1(request.device, vocabulary))
    throw UsageError(unknown_device_message(request.device, vocabulary));
  // A runner is the host or one accelerator; gpu (cuda or xpu), accelerator
  // (any) and the virtual meta and lazy name no machine a job runs on.
  if (device && device->kind != DeviceKind::Host && device->kind != DeviceKind::Accelerator)
    throw UsageError("--device: '" + s.device + "' is no runner's device (the rules' kind for it is not host or "
                     "accelerator); name the device the runner has: " + runner_devices(vocabulary));
  return request;
}

// --unassigned: what no --hw-classification run executes, as JSON or node ids.
int run_unassigned(const SelectState& s) {
  if (s.format != "json" && s.format != "pytest")
    throw UsageError("--unassigned: --format " + s.format + " has no meaning here; use json or pytest");
  Run run(s.common, RunRequest{});
  bool inputs_ok = report_problems(run, s.common);
  const Session& session = run.session();
  std::vector<Verdict> verdicts = listed_verdicts(run.analysis());
  std::vector<Unassigned> list = unassigned(session.files(), session.resolution(), verdicts);
  if (list.empty())
    std::cerr << "hwclass: nothing unassigned: every test under " << session.root().string()
              << " is in some --hw-classification run\n";
  OutputSink sink(s.common.output);
  sink.write(s.format == "pytest" ? unassigned_nodeids(list) : unassigned_json(list));
  sink.commit();
  return inputs_ok ? 0 : 2;
}

// --coverage: what the listed jobs leave unrun, one line each on stdout, a
// count on stderr; exit 1 when anything is.
int run_coverage(const SelectState& s) {
  if (s.format != "json")
    throw UsageError("--coverage prints what no job runs, one line each; --format " + s.format + " has no meaning here");
  Run run(s.common, RunRequest{});
  bool inputs_ok = report_problems(run, s.common);
  const Session& session = run.session();
  warn_missing_aggregators(session);
  std::vector<CoverageJob> jobs;
  for (const std::string& text : s.coverage) jobs.push_back(parse_coverage_job(text, run.vocabulary()));
  SelectState plain = s;
  plain.device.clear();
  const TrustedClassification use = selection_request(plain, run.vocabulary()).use;
  std::vector<Verdict> verdicts = listed_verdicts(run.analysis());
  Coverage holes = coverage(session.files(), session.resolution(), verdicts, jobs, use, run.vocabulary());
  OutputSink sink(s.common.output);
  std::string out;
  for (const SelectedClass& c : holes.uncovered)
    out += "not run by any job: " + c.invoking_file + "::" + c.name + " (" + c.member +
           (c.device.empty() ? "" : ", device " + c.device) + ")" +
           (c.left_out == LeftOut::None ? "" : ": " + c.warning) + "\n";
  for (const NeverRuns& n : holes.never)
    out += "never run on " + n.device + ": " + n.cls.defined_in + ":" + std::to_string(n.cls.line) + ": " +
           n.cls.source_class + " (" + n.cls.member + "): its instantiate_device_type_tests has no " + n.keyword +
           "=True\n";
  sink.write(out);
  sink.commit();
  std::cerr << "hwclass: coverage of " << jobs.size() << (jobs.size() == 1 ? " job: " : " jobs: ")
            << holes.uncovered.size() << " runnable " << (holes.uncovered.size() == 1 ? "unit" : "units")
            << " in no job, " << holes.never.size() << " ACCELERATOR "
            << (holes.never.size() == 1 ? "class" : "classes") << " a listed device can never run\n";
  if (!inputs_ok) return 2;
  return holes.uncovered.empty() && holes.never.empty() ? 0 : 1;
}

int run_select(const CLI::App& cmd, SelectState& s) {
  apply_config(cmd, s.common);
  // run_test.py picks its timing table by these two variables; an option
  // given on the command line wins.
  for (auto [option, variable, value] : {std::tuple{"--build-environment", "BUILD_ENVIRONMENT", &s.build_env},
                                         std::tuple{"--test-config", "TEST_CONFIG", &s.test_config}})
    if (const char* env = std::getenv(variable); cmd.count(option) == 0 && env && *env) *value = env;
  apply_format_environment(cmd, s.format, {"json", "pytest", "run-test", "github-matrix"}, s.common.verbose);
  // An unset BASE in `--changed-since "$BASE"` is an error, not the whole tree.
  for (auto [option, value, what] : {std::tuple{"--changed-since", &s.change.since, "revision"},
                                     std::tuple{"--changed-files", &s.change.list, "file"}})
    if (cmd.count(option) > 0) refuse_empty_value(option, *value, what);
  if (s.unassigned) {
    if (!s.members.empty()) throw UsageError("--unassigned lists what no --hw-classification run executes; give one, not both");
    return run_unassigned(s);
  }
  if (!s.coverage.empty()) {
    if (!s.members.empty() || !s.device.empty())
      throw UsageError("--coverage takes each job's member and device (MEMBER/DEVICE); give no --hw-classification or "
                       "--device with it");
    return run_coverage(s);
  }
  if (s.members.empty()) throw UsageError("select: --hw-classification is required (or --unassigned, or --coverage)");
  int num_shards = s.shards, only_shard = 0;
  if (!s.shard.empty()) std::tie(only_shard, num_shards) = parse_shard(s.shard);
  if (num_shards < 1) throw UsageError("--shards: must be at least 1");

  Run run(s.common, RunRequest{});
  bool inputs_ok = report_problems(run, s.common);
  const Session& session = run.session();
  const Vocabulary& vocabulary = run.vocabulary();
  warn_missing_aggregators(session);
  const SelectionRequest request = selection_request(s, vocabulary);
  const std::vector<std::string> environment = runner_environment(s.device, vocabulary);

  TestCounts counts;
  Durations durations = read_durations(s, counts);

  const Resolution& resolution = session.resolution();
  std::vector<Verdict> verdicts = listed_verdicts(run.analysis());
  std::vector<SelectedClass> left_out;
  std::vector<SelectedClass> selected =
      select_classes(session.files(), resolution, verdicts, request, vocabulary, &left_out);
  const size_t whole_tree = selected.size();
  if (s.change.given()) scope_to_change(s.change, s.common, run, selected, left_out);
  // What the runtime would not collect is said, once per class, before the
  // selection; a file that cannot be imported makes the exit status 2.
  std::set<std::string> said;
  for (const SelectedClass& c : left_out) {
    if (!said.insert(c.defined_in + ":" + c.source_class).second) continue;
    std::cerr << c.defined_in << ":" << (c.warning_line ? c.warning_line : c.line) << ": "
              << (c.error ? "error: " : "warning: ") << c.source_class << (c.source_class.empty() ? "" : ": ")
              << c.warning << "\n";
    inputs_ok &= !c.error;
  }
  std::vector<TimedClass> timed = time_classes(selected, durations, counts);
  // What the classes without a time of their own weigh, when it matters:
  // durations were given, or the plan has shards to balance.
  if (!durations.empty() || num_shards > 1)
    for (const std::string& note : untimed_notes(timed)) std::cerr << "hwclass: note: " << note << "\n";
  const int asked_shards = num_shards;
  num_shards = fit_shards(num_shards, selected.size());
  std::vector<Shard> shards = plan_shards(timed, num_shards);
  if (only_shard) std::erase_if(shards, [&](const Shard& sh) { return sh.number != only_shard; });
  std::vector<const SelectedClass*> classes;
  for (const Shard& sh : shards) classes.insert(classes.end(), sh.classes.begin(), sh.classes.end());
  std::sort(classes.begin(), classes.end(), [](const SelectedClass* a, const SelectedClass* b) {
    return std::tie(a->module, a->name) < std::tie(b->module, b->name);
  });

  // The manifest of what is printed (with --shard, that shard's classes).
  auto manifest = [&] {
    std::set<const SelectedClass*> printed(classes.begin(), classes.end());
    std::vector<TimedClass> shown;
    for (const TimedClass& t : timed)
      if (printed.count(t.cls)) shown.push_back(t);
    ManifestInputs in;
    in.members = request.members, in.use = s.use, in.device = request.device;
    in.paths = s.common.paths, in.junit = s.junit, in.times = s.times;
    in.rules_hash = vocabulary.rules_hash, in.environment = environment;
    in.shards = !s.shard.empty() ? "--shard " + s.shard : s.shards > 1 ? "--shards " + std::to_string(s.shards) : "";
    in.build_env = s.build_env, in.test_config = s.test_config;
    in.min_devices = request.min_devices, in.max_devices = request.max_devices;
    return manifest_json(in, shown, shards, num_shards, left_out);
  };
  if (!s.check.empty())
    return check_manifest(s.check, manifest(), classified_now(session, verdicts, request), s.check_shards)
               ? (inputs_ok ? 0 : 2)
               : 1;
  // Nothing to run must not read as success: `pytest $(hwclass select ...)`
  // with no ids runs the whole suite.
  // --allow-empty is for a consumer that runs nothing on no output (a job
  // matrix with no entries, a fixed matrix's spare shard): the same words,
  // as a note, and the empty output.
  if (classes.empty()) {
    std::string why = only_shard && !selected.empty()
                          ? "shard " + std::to_string(only_shard) + "/" + std::to_string(asked_shards) +
                                " is empty: the " + std::to_string(selected.size()) + " selected " +
                                (selected.size() == 1 ? "class fills " : "classes fill ") +
                                std::to_string(num_shards) + (num_shards == 1 ? " shard" : " shards")
                          : s.change.given() ? "nothing selected: the change touches none of the " +
                                                   std::to_string(whole_tree) + " classes the whole tree selects"
                          : "nothing selected: " + empty_reason(session, verdicts, request, left_out, s.common.root) +
                                device_count_note(request);
    if (!s.allow_empty) {
      std::cerr << "hwclass: error: " << why << "\n";
      return inputs_ok ? 1 : 2;
    }
    std::cerr << "hwclass: note: " << why << " (--allow-empty: the output is empty)\n";
  }
  // A guessed variant is flagged in every format: on stderr, once per class
  // (and in the manifest's class entry).
  std::set<std::string> guessed;
  for (const SelectedClass* c : classes)
    if (!c->warning.empty() && guessed.insert(c->defined_in + ":" + c->source_class).second)
      std::cerr << c->defined_in << ":" << (c->warning_line ? c->warning_line : c->line) << ": warning: "
                << c->source_class << ": " << c->warning << "\n";
  OutputSink sink(s.common.output);
  // --shards N (without --shard) gives pytest and run-test a line per shard.
  std::vector<std::vector<const SelectedClass*>> per_shard;
  if (shards.size() > 1)
    for (const Shard& sh : shards) per_shard.push_back(sh.classes);
  else
    per_shard.push_back(classes);
  if (s.format == "pytest") {
    for (const auto& shard : per_shard) {
      std::string ids = pytest_nodeids(shard);
      if (per_shard.size() > 1) std::replace(ids.begin(), ids.end() - 1, '\n', ' ');
      sink.write(ids);
    }
  } else if (s.format == "run-test") {
    std::set<std::string> warnings;
    const auto runnable = runnable_names(session.files(), resolution);
    for (const auto& shard : per_shard)
      if (!shard.empty()) sink.write(run_test_command(shard, runnable, environment, warnings) + "\n");
    for (const auto& w : warnings) std::cerr << "hwclass: warning: " << w << "\n";
  } else if (s.format == "github-matrix") {
    sink.write(github_matrix(shards, num_shards, environment));
  } else {
    sink.write(manifest());
  }
  sink.commit();
  return inputs_ok ? 0 : 2;
}

}  // namespace

CommandRunner register_select(CLI::App& app) {
  auto s = std::make_shared<SelectState>();
  CLI::App* cmd = app.add_subcommand(
      "select", "Select the test classes a --hw-classification run executes, as manifests, node ids or shards");
  add_common_options(*cmd, s->common);
  cmd->add_option("--hw-classification", s->members,
                  "Members to select (case-insensitive, union; DEVICE_GENERIC is ACCELERATOR)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--use", s->use,
                  "Which classification to trust: declared (what the runtime filter reads), or inferred ones too "
                  "(marked \"source\": \"inferred\")")
      ->check(CLI::IsMember({"declared", "inferred", "declared-or-inferred"}))
      ->capture_default_str();
  cmd->add_option("--device", s->device,
                  "Only the variants a runner of this device executes (cpu, cuda, xpu, mps, a PrivateUse1 backend; "
                  "case-insensitive)");
  cmd->add_option("--min-devices", s->min_devices,
                  "Only classes that need at least N devices (min_devices: the largest need of their tests, as "
                  "upstream's --multigpu-min-gpus counts it: a multi-process test's stamps (skip_if_lt_x_gpu and the "
                  "others of [device_count] in the rules), 0 without one; deviceCountAtLeast and requires_multigpu "
                  "too for other tests)")
      ->type_name("N");
  cmd->add_option("--max-devices", s->max_devices,
                  "Only classes whose tests all run on N devices (min_devices at most N): --max-devices 1 is a "
                  "1-GPU runner's job, what --multigpu-filter not-multigpu leaves it")
      ->type_name("N");
  cmd->add_option("--format,--output-format", s->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else json)")
      ->check(CLI::IsMember({"json", "pytest", "run-test", "github-matrix"}));
  cmd->add_option("--shards", s->shards, "Split into N balanced shards")->capture_default_str();
  cmd->add_option("--shard", s->shard, "Print only shard K of N (K/N)");
  cmd->add_option("--junit", s->junit, "JUnit XML reports (files or directories) with durations")
      ->allow_extra_args(false);
  cmd->add_option("--test-class-times", s->times, "PyTorch's test-class-times.json")->allow_extra_args(false);
  cmd->add_flag("--allow-empty", s->allow_empty,
               "An empty selection (or a --shard K/N past the classes) prints an empty output and exits 0, with a note "
               "on stderr, instead of exiting 1: for a job matrix, where no entry runs nothing");
  cmd->add_option("--check", s->check,
                  "Exit 1, printing the classes that came, went or were reclassified, when this committed manifest "
                  "is out of date");
  cmd->add_flag("--check-shards", s->check_shards,
                "With --check, also report classes that moved to another shard (and compare the timing inputs)");
  cmd->add_option("--coverage", s->coverage,
                  "Check a CI plan: the jobs as MEMBER/DEVICE (GENERIC/cpu ACCELERATOR/cuda); lists the runnable "
                  "classes no job runs and the ACCELERATOR classes a listed device never runs (no allow_mps/"
                  "allow_xpu); exit 1 when there are any")
      ->delimiter(',');
  cmd->add_option("--changed-since", s->change.since,
                  "Only the selected classes a change since REV touches (and untracked files'): their files, "
                  "files importing a changed module, classes on a changed base; the whole tree's answer, filtered");
  cmd->add_option("--changed-files", s->change.list,
                  "As --changed-since, for the paths FILE lists (one a line, relative to the root)");
  cmd->add_flag("--unassigned", s->unassigned,
               "List what no --hw-classification run executes: unclassified classes, module-level test functions, "
               "classes whose tests are generated");
  cmd->add_option("--build-environment", s->build_env,
                  "The timing files' build environment key (default: $BUILD_ENVIRONMENT, as run_test.py reads it, "
                  "else default)");
  cmd->add_option("--test-config", s->test_config,
                  "The timing files' test config key (default: $TEST_CONFIG, else default)");
  return [s, cmd](RunStats* stats) -> int {
    s->common.stats = stats;
    return cmd->parsed() ? run_select(*cmd, *s) : -1;
  };
}

}  // namespace hwclass
