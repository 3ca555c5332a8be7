// hwclass fix: discover -> parse -> extract -> resolve -> classify -> fix
// rules (edits) -> a unified diff, the written files, or one lintrunner
// message per file.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <memory>
#include <unistd.h>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "facts/queries.h"
#include "fix/fixes.h"
#include "fix/plan.h"
#include "cli/fix_split.h"
#include "fix/verify.h"
#include "fix/verify_import.h"
#include "parse/source_reader.h"
#include "util/error.h"
#include "util/json_writer.h"
#include "util/output_sink.h"
#include "util/spelling.h"

namespace hwclass {
namespace {

struct FixState {
  CommonOptions common;
  std::vector<std::string> select, ignore;
  std::string format = "diff", code = "TEST_LINTER", allowlist, verify;
  std::string split_class;  // --split PATH::Class: the class (its path is the one input)
  bool write = false, diff = false, update_allowlist = false, unsafe = false;
  std::string split;  // --split as given
  int line_length = 0;  // --line-length, else the configuration's, else each file's own
};

std::vector<const FixRule*> chosen_rules(const FixState& s) {
  std::vector<std::string> known;
  for (const FixRule& r : all_fix_rules()) known.push_back(r.id());
  auto check = [&](const std::vector<std::string>& ids, const char* option) {
    for (const auto& id : ids)
      if (!find_fix_rule(id)) throw UsageError(unknown_name_message(option, "fix rule", id, known));
  };
  check(s.select, "--select");
  check(s.ignore, "--ignore");
  std::vector<const FixRule*> out;
  for (const FixRule& r : all_fix_rules()) {
    bool selected = s.select.empty() || std::find(s.select.begin(), s.select.end(), r.id()) != s.select.end();
    bool allowed = r.safety() == FixSafety::Safe || s.unsafe;
    if (selected && allowed && std::find(s.ignore.begin(), s.ignore.end(), r.id()) == s.ignore.end()) out.push_back(&r);
  }
  return out;
}

std::string lintrunner_fix_line(const FileFacts& f, const std::string& code, const std::string& original,
                                const std::string& replacement, size_t fixes, bool unsafe) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("path", f.path).key("line").null().key("char").null().field("code", code);
  // Unsafe fixes are marked "advice", so a reviewer can tell them apart.
  w.field("severity", unsafe ? "advice" : "warning").field("name", "suggested-fixes").field("original", original);
  w.field("replacement", replacement);
  w.field("description", std::to_string(fixes) + (unsafe ? " fixes, some unsafe" : fixes == 1 ? " safe fix" : " safe fixes") +
                             ". Run `lintrunner -a --take " + code + "` to apply them.");
  w.end_object();
  return out + "\n";
}

// What a run did and left, for the summary.
struct FixTally {
  std::map<std::string, size_t> per_rule;
  std::vector<std::string> skipped_files, skipped_classes;  // skipped_classes: one per site left
  size_t left_classes = 0;  // the classes those sites are in
  size_t changed = 0;
  std::string checked = "compile";  // what proved the written files: "compile" or "import"
};

// Every chosen rule's edits to one file (fix/plan.h), with why classes were left.
std::vector<Edit> file_edits(const std::vector<const FixRule*>& rules, const FileFacts& f, const std::string& source,
                             const std::map<int, Verdict>& verdicts, const Resolution& resolution,
                             const Vocabulary& vocabulary, const FixTargets& targets, size_t line_length,
                             FixTally& tally, RunStats* stats) {
  std::vector<std::string> why;
  if (stats) stats->add(f.relative_path, f.content_hash, Work::Plan);
  const FixPlan plan = plan_fixes(f, verdicts, resolution, vocabulary, targets);
  std::vector<Edit> edits = plan_edits(rules, plan, f, source, verdicts, resolution, vocabulary, why, line_length);
  // Each is "line N: Class[.method]: why" (fix/fixes.h): several sites of
  // one class count as one class.
  std::set<std::string> classes;
  for (const auto& w : why) {
    tally.skipped_classes.push_back(f.path + ": " + w);
    const size_t what = w.find(": ");
    if (what == std::string::npos) continue;
    const std::string name = w.substr(what + 2, w.find_first_of(".:", what + 2) - what - 2);
    if (name != "the module") classes.insert(name);
  }
  tally.left_classes += classes.size();
  return edits;
}

// Replaces the file's bytes with `fixed`, atomically, unless it is not
// writable or changed since `source` was read.
bool write_fixed(const SourceFile& file, const std::string& source, const std::string& fixed, FixTally& tally) {
  if (::access(file.absolute_path.c_str(), W_OK) != 0) {
    tally.skipped_files.push_back(file.display_path + ": not writable; not fixed");
    return false;
  }
  FileFacts again;
  std::string now;
  if (!read_source(file.absolute_path, now, again) || now != source) {
    tally.skipped_files.push_back(file.display_path + ": changed since it was read; not fixed");
    return false;
  }
  OutputSink out(file.absolute_path);
  out.write(fixed);
  out.commit();
  return true;
}

// On stderr: what changed, by rule, and what was left and why.
void print_summary(const FixState& s, const FixTally& t) {
  size_t fixes = 0;
  std::string by_rule;
  for (const auto& [rule, n] : t.per_rule) fixes += n, by_rule += (by_rule.empty() ? "" : ", ") + rule + " " + std::to_string(n);
  std::cerr << (s.write ? "fixed " : "would fix ") << t.changed << (t.changed == 1 ? " file" : " files") << " ("
            << fixes << (fixes == 1 ? " fix" : " fixes") << (by_rule.empty() ? "" : ": " + by_rule) << ")";
  const size_t left = t.skipped_classes.size();
  // What -v lists is places (a class line, or a site in one), several to a
  // class, so both are counted.
  const size_t in = t.left_classes;
  std::cerr << "; " << left << (left == 1 ? " place" : " places")
            << (in ? std::string(" in ") + std::to_string(in) + (in == 1 ? " class" : " classes") : "")
            << (left == 1 ? " left as it is" : " left as they are")
            << (left == 0 ? "" : s.common.verbose ? ":" : " (-v lists them)") << "; checked by "
            << (t.checked == "import" ? "importing each written module (python3)" : "compile() (python3) and tree-sitter")
            << "\n";
  if (s.common.verbose)
    for (const auto& why : t.skipped_classes) std::cerr << "  " << why << "\n";
  for (const auto& why : t.skipped_files) std::cerr << why << "\n";
}

// Each readable file's edits and the bytes they make; files they leave as
// they are are not candidates.
// Only the named files are fixed: the Context files were read to resolve them.
std::vector<FixCandidate> fix_candidates(const FixState& s, const Session& session, const FixTargets& targets,
                                         const Analysis& analysis, FixTally& tally) {
  const Resolution& resolution = analysis.resolution;
  std::vector<const FixRule*> rules = chosen_rules(s);
  std::vector<FixCandidate> candidates;
  for (size_t i : session.named()) {
    const FileFacts& f = session.files()[i];
    const SourceFile& file = session.sources()[i];
    if (!f.readable) continue;
    if (f.has_syntax_error()) {
      tally.skipped_files.push_back(f.path + ": does not parse; not fixed");
      continue;
    }
    if (!f.encoding.empty()) {  // fix/fix_plan.cpp plans nothing for it
      tally.skipped_files.push_back(f.path + ": declares the " + f.encoding + " encoding, and fix writes UTF-8; not fixed");
      continue;
    }
    FixCandidate c{&file, {}, {}, {}, &f.statements};
    FileFacts reread;
    if (!read_source(file.absolute_path, c.source, reread) || reread.content_hash != f.content_hash) {
      tally.skipped_files.push_back(f.path + ": changed since it was read; not fixed");
      continue;
    }
    c.edits = file_edits(rules, f, c.source, linted_verdicts(analysis, i), resolution, session.vocabulary(),
                         targets, static_cast<size_t>(s.line_length), tally, s.common.stats);
    if (c.edits.empty()) continue;
    std::vector<Edit> dropped;
    c.fixed = apply_edits(c.source, c.edits, &dropped);
    for (const Edit& d : dropped) tally.skipped_files.push_back(f.path + ": a " + d.rule + " fix overlaps another; left out");
    if (c.fixed != c.source) candidates.push_back(std::move(c));
  }
  return candidates;
}

std::string broken_message(const FixCandidate& c, const BrokenFix& b) {
  return c.file->display_path + ": error: the fixes (" + join_names(b.rules) + ") would make it invalid Python (" + b.checker +
         ": line " + std::to_string(b.line) + ": " + b.message + "); left unchanged";
}

void put_bytes(const SourceFile& file, const std::string& bytes) {
  OutputSink out(file.absolute_path);
  out.write(bytes);
  out.commit();
}

// --verify import: each written module is imported (fix/verify_import.h);
// one that fails, and imported with its old bytes, gets them back and is
// reported with the rules whose edits alone break it (all of them when
// none does alone). The candidates kept are returned.
std::vector<size_t> import_checked(const std::vector<FixCandidate>& candidates, const std::vector<size_t>& written,
                                   const std::filesystem::path& root, int jobs, FixTally& tally, size_t& refused) {
  const std::string cwd = std::filesystem::is_directory(root / "test") ? (root / "test").string() : root.string();
  std::vector<std::string> paths;
  for (size_t k : written) paths.push_back(candidates[k].file->absolute_path);
  auto after = python_import_all(paths, cwd, jobs);
  if (!after) {
    std::cerr << "warning: python3 could not import torch with HardwareClassification; the written files were "
                 "checked by compile() only\n";
    return written;
  }
  tally.checked = "import";
  std::vector<size_t> kept;
  for (size_t j = 0; j < written.size(); ++j) {
    const FixCandidate& c = candidates[written[j]];
    if (!(*after)[j]) {
      kept.push_back(written[j]);
      continue;
    }
    put_bytes(*c.file, c.source);
    auto before = python_import_all({c.file->absolute_path}, cwd, 1);
    if (!before || (*before)[0]) {  // it did not import before either: not the fixes' doing
      put_bytes(*c.file, c.fixed);
      kept.push_back(written[j]);
      continue;
    }
    std::vector<std::string> rules, guilty;
    for (const Edit& e : c.edits)
      if (std::find(rules.begin(), rules.end(), e.rule) == rules.end()) rules.push_back(e.rule);
    for (const std::string& rule : rules) {
      std::vector<Edit> alone;
      for (const Edit& e : c.edits)
        if (e.rule == rule) alone.push_back(e);
      put_bytes(*c.file, apply_edits(c.source, alone));
      auto one = python_import_all({c.file->absolute_path}, cwd, 1);
      if (one && (*one)[0]) guilty.push_back(rule);
    }
    put_bytes(*c.file, c.source);
    std::cerr << c.file->display_path << ": error: the fixes (" << join_names(guilty.empty() ? rules : guilty)
              << ") would break its import (python3: " << *(*after)[j] << "); left unchanged\n";
    ++refused;
  }
  return kept;
}

int run_fix(const CLI::App& cmd, FixState& s) {
  const Config config = apply_config(cmd, s.common);
  if (config.line_length && cmd.count("--line-length") == 0) s.line_length = *config.line_length;
  const bool lintrunner = s.format == "lintrunner";
  // The imports as classify reads them; and safe fixes read the importers
  // too: whether the unsafe fixes could migrate a class (and so whether
  // add-classification leaves it to them) depends on them, and report's
  // fix-alone list decides it over the whole tree.
  Run run(s.common, RunRequest{.wanted = [](const SourceFile& f) { return f.is_test_file; },
                              .context = ContextPolicy::ImportsAndTestTree});
  run.read();
  const FixTargets targets = run.fix_targets();
  bool inputs_ok = report_problems(run, s.common);
  const Session& session = run.session();
  const Analysis& analysis = run.analysis();

  FixTally tally;
  std::vector<FixCandidate> candidates;
  if (s.split_class.empty()) candidates = fix_candidates(s, session, targets, analysis, tally);
  else if (!inputs_ok) return 2;  // report_problems said why
  else if (int code = split_candidate(s.split_class, s.common.quiet, static_cast<size_t>(s.line_length),
                                      s.common.paths.front(), session, analysis, targets, candidates);
           code != 0 || candidates.empty())
    return code;
  // edits -> verify -> write: nothing that breaks a file is written or shown.
  VerifyOptions verify;
  verify.jobs = resolve_jobs(s.common.jobs);
  std::vector<std::optional<BrokenFix>> broken = verify_fixes(candidates, run.vocabulary(), verify);
  OutputSink sink(lintrunner ? s.common.output : "");
  size_t refused = 0;
  std::vector<size_t> written;
  for (size_t k = 0; k < candidates.size(); ++k) {
    const FixCandidate& c = candidates[k];
    if (broken[k]) {
      std::cerr << broken_message(c, *broken[k]) << "\n";
      ++refused;
      continue;
    }
    const FileFacts& f = session.files()[static_cast<size_t>(c.file - session.sources().data())];
    if (lintrunner) {
      bool unsafe = std::any_of(c.edits.begin(), c.edits.end(), [](const Edit& e) {
        const FixRule* r = find_fix_rule(e.rule);
        return !r || r->safety() == FixSafety::Unsafe;
      });
      sink.write(lintrunner_fix_line(f, s.code, c.source, c.fixed, c.edits.size(), unsafe));
    } else if (s.write) {
      if (!write_fixed(*c.file, c.source, c.fixed, tally)) continue;
      written.push_back(k);
      continue;  // counted once the import check has passed it
    } else {
      std::cout << unified_diff(f.relative_path, c.source, c.edits);
    }
    ++tally.changed;
    for (const Edit& e : c.edits) ++tally.per_rule[e.rule];
  }
  if (s.write) {
    const bool import = s.verify == "import" || (s.verify.empty() && python_imports_torch());
    std::vector<size_t> kept =
        import ? import_checked(candidates, written, run.root(), verify.jobs, tally, refused) : written;
    for (size_t k : kept) {
      ++tally.changed;
      for (const Edit& e : candidates[k].edits) ++tally.per_rule[e.rule];
    }
  }
  if (lintrunner) sink.commit();
  else flush_stdout();
  if (!s.common.quiet && !lintrunner) print_summary(s, tally);
  if (!inputs_ok || refused) {
    // The prune reads the whole tree as written; after a partial run it
    // would prune against files the user has still to fix, so it waits.
    if (s.update_allowlist && s.write)
      std::cerr << "hwclass: note: the allowlist was not pruned ("
                << (!inputs_ok ? std::string("a given path could not be read")
                               : std::to_string(refused) + (refused == 1 ? " file was" : " files were") + " left unchanged")
                << "); run `hwclass allowlist prune` once the run is clean\n";
    return 2;
  }
  if (s.update_allowlist && s.write) prune_allowlist(s.common, s.allowlist);
  return s.diff && tally.changed ? 1 : 0;
}

}  // namespace

CommandRunner register_fix(CLI::App& app) {
  auto s = std::make_shared<FixState>();
  CLI::App* cmd = app.add_subcommand("fix", "Apply the mechanical part of the migration: declarations, their import, "
                                            "valid declaration forms (a diff unless --write)");
  add_common_options(*cmd, s->common);
  cmd->add_flag("--write,--fix", s->write, "Apply the fixes (atomically; a file changed since it was read is left alone)");
  cmd->add_flag("--diff", s->diff, "Print the diff and exit 1 when anything would change (for CI)");
  cmd->add_flag("--unsafe-fixes", s->unsafe,
                "Also the fixes that change what a test runs on (device parameter, device strings, .cuda(), "
                "torch.cuda calls), for review");
  cmd->add_option("--split", s->split,
                  "PATH::Class: split a mixed class as `hwclass explain` proposes (unsafe; only this fix runs): the "
                  "device tests move to TestXDevice (instantiated) or TestXCUDA (instantiated only_for its device), "
                  "each part declared, shared members in a base");
  cmd->add_flag("--update-allowlist", s->update_allowlist,
                "With --write: then drop the allowlist entries that now pass, as 'allowlist prune' does");
  cmd->add_option("--allowlist", s->allowlist, "Allowlist file for --update-allowlist (default <root>/tools/linter/"
                                               "adapters/test_linter_allowlist.json)");
  cmd->add_option("--select", s->select, "Only these fix rules (comma-separated)")->delimiter(',')->allow_extra_args(false);
  cmd->add_option("--ignore", s->ignore, "Not these fix rules (comma-separated)")->delimiter(',')->allow_extra_args(false);
  cmd->add_option("--format,--output-format", s->format,
                  "diff (default), or lintrunner: one whole-file message per file for lintrunner -a")
      ->check(CLI::IsMember({"diff", "lintrunner"}));
  cmd->add_option("--code", s->code, "The lintrunner linter code")->capture_default_str();
  cmd->add_option("--line-length", s->line_length,
                  "The formatter's line length: an import line the fix would take past it is wrapped "
                  "(default: the configuration's line-length, else the file's longest line, at least 88)")
      ->check(CLI::Range(1, 320));
  cmd->add_option("--verify", s->verify,
                  "How --write checks what it writes: import (each written module imported by python3, as pytest "
                  "does; the default when python3 can import a torch with HardwareClassification) or compile "
                  "(compile() and tree-sitter)")
      ->check(CLI::IsMember({"import", "compile"}));
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    if (s->write && s->diff) throw UsageError("--write and --diff: choose one");
    if (s->update_allowlist && !s->write) throw UsageError("--update-allowlist needs --write");
    check_allowlist_option(*cmd, s->allowlist);
    if (!s->split.empty()) {
      const size_t sep = s->split.rfind("::");
      if (sep == std::string::npos || sep == 0 || sep + 2 == s->split.size())
        throw UsageError("--split: expected PATH::Class, got '" + s->split + "'");
      if (!s->common.paths.empty()) throw UsageError("--split names its file (PATH::Class); give no other path");
      if (s->update_allowlist) throw UsageError("--split and --update-allowlist: run allowlist prune after the split");
      s->common.paths = {s->split.substr(0, sep)};
      s->split_class = s->split.substr(sep + 2);
    }
    return run_fix(*cmd, *s);
  };
}

}  // namespace hwclass
