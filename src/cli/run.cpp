#include "cli/run.h"

#include <iostream>
#include <optional>
#include <stdexcept>

#include "cache/facts_cache.h"
#include "cache/reader.h"
#include "resolve/source_tree.h"
#include "vocab/api_surface.h"

namespace hwclass {

struct Run::State {
  CommonOptions options;
  RunRequest request;
  std::filesystem::path root;
  Vocabulary vocabulary;
  Discovery discovery;
  int jobs = 1;
  std::optional<CachedReader> reader;
  std::optional<std::vector<FileFacts>> inputs;  // read, until the session takes them
  std::unique_ptr<Session> session;
  std::unique_ptr<Analysis> analysis;
  std::vector<bool> judged;  // what `analysis` judged, to refuse another choice

  // Said once per read that could not write the cache, as before the run
  // had one reader (a note under -v: the cache is an optimisation).
  void note_cache_failure() {
    if (reader->take_cache_failure() && options.verbose)
      std::cerr << "hwclass: note: cannot write the cache in " << reader->cache_dir()->string()
                << "; running without it\n";
  }
};

namespace {

// The inputs the command line names, minus the configuration's exclude
// (which a file named explicitly escapes unless --force-exclude) and what
// the command does not want.
Discovery discover_inputs(const CommonOptions& options, const std::filesystem::path& root,
                          const std::function<bool(const SourceFile&)>& wanted) {
  Discovery found = discover(options.paths, root);
  std::erase_if(found.files, [&](const SourceFile& f) {
    if (f.explicit_input && !options.force_exclude) return wanted && !wanted(f);
    for (const auto& pattern : options.exclude)
      if (glob_match(pattern, f.relative_path)) return true;
    return wanted && !wanted(f);
  });
  return found;
}

}  // namespace

Run::Run(const CommonOptions& options, RunRequest request) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.options = options;
  s.request = std::move(request);
  s.root = find_repo_root(options.root);
  s.vocabulary = load_vocabulary(options.rules_dir, options.rules_extend);
  s.discovery = discover_inputs(options, s.root, s.request.wanted);
  s.jobs = resolve_jobs(options.jobs);
  std::optional<std::filesystem::path> dir;
  if (!options.no_cache) dir = cache_dir(cache_dir_setting(options.cache_dir), s.root);
  s.reader.emplace(std::move(dir), s.vocabulary, s.jobs, options.stats);
}

Run::Run(Run&&) noexcept = default;
Run& Run::operator=(Run&&) noexcept = default;
Run::~Run() = default;

const CommonOptions& Run::options() const { return state_->options; }
const std::filesystem::path& Run::root() const { return state_->root; }
const Vocabulary& Run::vocabulary() const { return state_->vocabulary; }
const Discovery& Run::discovery() const { return state_->discovery; }
int Run::jobs() const { return state_->jobs; }
RunStats* Run::stats() const { return state_->options.stats; }

FixTargets Run::fix_targets() const {
  const State& s = *state_;
  return read_fix_targets(s.vocabulary,
                          s.options.api_root.empty() ? s.root : std::filesystem::path(s.options.api_root));
}

void Run::read(const InOrderCallback& in_order) {
  State& s = *state_;
  if (s.inputs || s.session) return;
  s.inputs = s.reader->read(s.discovery.files, in_order);
  s.note_cache_failure();
}

std::vector<FileFacts>& Run::inputs() {
  if (state_->session) throw std::logic_error("Run::inputs: the session is open");
  read();
  return *state_->inputs;
}

const Session& Run::session() {
  State& s = *state_;
  if (s.session) return *s.session;
  read();
  SessionRequest request{s.root, s.discovery.files, std::move(*s.inputs), {}, s.request.context, s.request.resolve};
  s.inputs.reset();
  if (s.request.role)
    for (const SourceFile& f : request.sources) request.roles.push_back(s.request.role(f));
  const DiskTree tree(s.root);
  s.session = std::make_unique<Session>(open_session(std::move(request), s.vocabulary, *s.reader, tree));
  s.note_cache_failure();
  return *s.session;
}

const Analysis& Run::analysis(Judged judged) {
  const Session& session = this->session();
  std::vector<bool> marks(session.files().size(), judged == Judged::Every);
  if (judged == Judged::Named)
    for (size_t i : session.named()) marks[i] = true;
  return analysis(marks);
}

const Analysis& Run::analysis(const std::vector<bool>& marks) {
  State& s = *state_;
  const Session& session = this->session();
  if (s.analysis) {
    if (marks != s.judged) throw std::logic_error("Run::analysis: already built for other classes");
    return *s.analysis;
  }
  s.judged = marks;
  s.analysis = std::make_unique<Analysis>(
      analyze(session.files(), session.resolution(), session.vocabulary(), marks, s.jobs));
  s.analysis->stats = s.options.stats;
  return *s.analysis;
}

std::vector<FileFacts> Run::read_outside(const std::vector<std::string>& paths) {
  State& s = *state_;
  CommonOptions options = s.options;
  options.paths = paths;
  std::vector<FileFacts> facts = s.reader->read(discover_inputs(options, s.root, nullptr).files);
  s.note_cache_failure();
  return facts;
}

Run::Revision Run::revision(std::vector<FileFacts> named) {
  Revision out;
  out.session = std::make_unique<Session>(session().with_named_replaced(std::move(named)));
  const std::vector<bool> every(out.session->files().size(), true);
  out.analysis = std::make_unique<Analysis>(analyze(out.session->files(), out.session->resolution(),
                                                    out.session->vocabulary(), every, state_->jobs));
  out.analysis->stats = state_->options.stats;
  return out;
}

bool report_problems(Run& run, const CommonOptions& options, const std::set<std::string>& already_reported,
                     bool context_too) {
  bool inputs_ok = true;
  for (const auto& p : run.discovery().problems) {
    inputs_ok &= !p.fatal;
    if ((p.note && options.quiet) || already_reported.count(p.path)) continue;
    std::cerr << p.path << (p.note ? ": note: " : ": error: ") << p.message << '\n';
  }
  const Session& session = run.session();
  // A named file that could not be read (no permission, a FIFO, a device)
  // leaves the run incomplete, as a missing one does: fail closed (issue 49).
  for (size_t i : session.named()) inputs_ok &= session.files()[i].readable;
  if (options.quiet) return inputs_ok;
  for (size_t i = 0; i < session.files().size(); ++i) {
    if (!context_too && !session.is_named(i)) continue;
    const FileFacts& f = session.files()[i];
    const bool reported = already_reported.count(f.path) > 0;
    for (const auto& issue : f.issues) {
      if (issue.severity == IssueSeverity::Note && options.verbose == 0) continue;
      if (reported && (issue.is_syntax_error() || !f.readable)) continue;
      std::cerr << f.path << ':' << (issue.line ? issue.line : 1) << ": " << to_string(issue.severity) << ": "
                << issue.message << " [" << issue.code << "]\n";
    }
  }
  return inputs_ok;
}

bool named_files_parse(Run& run, const CommonOptions& options, const char* done) {
  bool all_parsed = true;
  const Session& session = run.session();
  for (size_t i : session.named()) {
    const FileFacts& f = session.files()[i];
    if (!f.has_syntax_error()) continue;
    all_parsed = false;
    if (options.quiet) std::cerr << f.path << ": error: does not parse, so its classes are not " << done << "\n";
  }
  return all_parsed;
}

}  // namespace hwclass
