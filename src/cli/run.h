// The one place a run is built (issue 47). A command says which inputs it
// wants and which context it reads; the run discovers the inputs, reads
// them once, opens the Session (resolve/session.h) and builds the Analysis
// once, on first use. Commands read files, roles, the resolution and the
// verdicts from here; none reads, resolves or classifies on its own
// (tests/integration/layering.py allows open_session and analyze only in
// run.cpp).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "classify/analysis.h"
#include "cli/common.h"
#include "discover/discover.h"
#include "parse/parallel_parse.h"
#include "resolve/session.h"
#include "util/run_stats.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct RunRequest {
  // Which discovered inputs are read (lint: test files not allowlisted);
  // every one when null. The configuration's exclude applies first.
  std::function<bool(const SourceFile&)> wanted = nullptr;
  ContextPolicy context = ContextPolicy::None;  // temporary: see resolve/session.h
  // An input's role; every input is Named when null (explain: the target
  // is, its --paths are Context).
  std::function<FileRole(const SourceFile&)> role = nullptr;
  bool resolve = true;  // false: nothing reads a resolution (scan, streaming lint --upstream)
};

// Which classes the Analysis judges. Temporary like ContextPolicy: today
// pr judges its context files' classes too, and upstream's rules none.
enum class Judged : uint8_t { Named, Every, None };

class Run {
 public:
  // Finds the root, loads the rules and discovers the inputs; reads nothing.
  Run(const CommonOptions& options, RunRequest request);
  Run(Run&&) noexcept;
  Run& operator=(Run&&) noexcept;
  ~Run();

  const CommonOptions& options() const;
  const std::filesystem::path& root() const;
  const Vocabulary& vocabulary() const;
  // The inputs as discovered, and the problems finding them.
  const Discovery& discovery() const;
  int jobs() const;  // -j, else MAX_JOBS, else the cores
  RunStats* stats() const;  // what counts the run's work; null when nothing does
  // What the torch tree defines of the unsafe fixes' targets (read_fix_api).
  FixTargets fix_targets() const;

  // Reads the inputs' facts, once; `in_order` sees each as soon as it and
  // those before it are parsed (scan and lint --upstream stream output).
  void read(const InOrderCallback& in_order = nullptr);
  // The inputs' facts, read, before the session opens: lint --python-check
  // amends them. Throws std::logic_error once the session is open.
  std::vector<FileFacts>& inputs();
  // Reads the inputs if not yet, adds the context, resolves: once.
  const Session& session();
  // Classify's verdicts, once: for the classes `judged` picks, or the files
  // `marks` holds true for (lint's hook scope, allowlist's failing files).
  // Asking again with another choice is a std::logic_error.
  const Analysis& analysis(Judged judged = Judged::Named);
  const Analysis& analysis(const std::vector<bool>& marks);

  // The facts of files outside the session, read as the inputs are (the
  // configuration's exclude applies) and not added to it: select's change
  // graph reads torch/testing/_internal for its imports only.
  std::vector<FileFacts> read_outside(const std::vector<std::string>& paths);

  // Another revision of the named files over this run's context (pr
  // --base): its session, and every class judged, as pr judges them now.
  struct Revision {
    std::unique_ptr<Session> session;
    std::unique_ptr<Analysis> analysis;
  };
  Revision revision(std::vector<FileFacts> named);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// One line per discovery problem and per file issue on stderr (notes only
// with -v), for the named files, or every file read when `context_too` (lint
// says so after reading its context, today). `already_reported` names files
// (or paths) whose syntax or read errors a finding already reports (lint's
// [parse_error] and [read-error]).
// Returns false when explicitly given inputs were missing, or a named file
// could not be read.
bool report_problems(Run& run, const CommonOptions& options, const std::set<std::string>& already_reported = {},
                     bool context_too = false);

// Whether the named files parse: a file that does not has no classes, so
// the run is not complete. Under -q (where report_problems is silent) each
// such file is named: "PATH: error: does not parse, so its classes are not
// <done>".
bool named_files_parse(Run& run, const CommonOptions& options, const char* done);

}  // namespace hwclass
