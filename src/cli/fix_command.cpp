// hwclass fix: discover -> parse -> extract -> resolve -> classify -> fix
// rules (edits) -> a unified diff, the written files, or one lintrunner
// message per file.
#include <iostream>
#include <map>
#include <memory>
#include <unistd.h>

#include "classify/classifier.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "facts/queries.h"
#include "fix/fixes.h"
#include "parse/source_reader.h"
#include "resolve/resolver.h"
#include "util/error.h"
#include "util/json_writer.h"
#include "util/output_sink.h"
#include "util/spelling.h"

namespace hwclass {
namespace {

struct FixState {
  CommonOptions common;
  std::vector<std::string> select, ignore;
  std::string format = "diff", code = "TEST_LINTER", allowlist;
  bool write = false, diff = false, update_allowlist = false, unsafe = false;
};

std::vector<const FixRule*> chosen_rules(const FixState& s) {
  std::vector<std::string> known;
  for (const FixRule& r : all_fix_rules()) known.push_back(r.id);
  auto check = [&](const std::vector<std::string>& ids, const char* option) {
    for (const auto& id : ids)
      if (!find_fix_rule(id)) throw UsageError(unknown_name_message(option, "fix rule", id, known));
  };
  check(s.select, "--select");
  check(s.ignore, "--ignore");
  std::vector<const FixRule*> out;
  for (const FixRule& r : all_fix_rules()) {
    bool selected = s.select.empty() || std::find(s.select.begin(), s.select.end(), r.id) != s.select.end();
    bool allowed = r.safety == FixSafety::Safe || s.unsafe;
    if (selected && allowed && std::find(s.ignore.begin(), s.ignore.end(), r.id) == s.ignore.end()) out.push_back(&r);
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

int run_fix(const CLI::App& cmd, FixState& s) {
  apply_config(cmd, s.common);
  std::vector<const FixRule*> rules = chosen_rules(s);
  const bool lintrunner = s.format == "lintrunner";
  ScanResult result = scan_inputs(s.common, [](const SourceFile& f) { return f.is_test_file; });
  bool inputs_ok = report_problems(result, s.common);
  const size_t fixed_files = result.files.size();
  add_import_context(result, s.common);
  Resolution resolution = resolve(result.files, result.vocabulary);

  std::map<std::string, size_t> per_rule;
  std::vector<std::string> skipped_files, skipped_classes;
  size_t changed = 0;
  OutputSink sink(lintrunner ? s.common.output : "");
  for (size_t i = 0; i < fixed_files; ++i) {
    const FileFacts& f = result.files[i];
    if (!f.readable) continue;
    if (f.has_syntax_error()) {
      skipped_files.push_back(f.path + ": does not parse; not fixed");
      continue;
    }
    std::map<int, Verdict> verdicts;
    // The classes lint checks, so that every finding lint marks as fixable
    // is one this fixes (rules/README.md, Fix rules).
    for (int k : linted_classes(f)) {
      ClassRef ref{static_cast<int>(i), k};
      if (!resolution.of(ref).tests.empty())
        verdicts.emplace(k, classify_class(result.files, resolution, result.vocabulary, ref));
    }
    std::string source;
    FileFacts reread;
    if (!read_source(result.discovery.files[i].absolute_path, source, reread) || reread.content_hash != f.content_hash) {
      skipped_files.push_back(f.path + ": changed since it was read; not fixed");
      continue;
    }
    std::vector<Edit> edits;
    std::vector<std::string> why;
    for (const FixRule* rule : rules) {
      std::vector<Edit> made;
      rule->fix(FixContext{f, source, verdicts, resolution, result.vocabulary, edits, made, why});
      edits.insert(edits.end(), made.begin(), made.end());
    }
    for (const auto& w : why) skipped_classes.push_back(f.path + ": " + w);
    if (edits.empty()) continue;
    std::vector<Edit> dropped;
    std::string fixed = apply_edits(source, edits, &dropped);
    for (const Edit& d : dropped) skipped_files.push_back(f.path + ": a " + d.rule + " fix overlaps another; left out");
    if (fixed == source) continue;
    ++changed;
    for (const Edit& e : edits) ++per_rule[e.rule];
    if (lintrunner) {
      bool unsafe = std::any_of(edits.begin(), edits.end(), [](const Edit& e) {
        const FixRule* r = find_fix_rule(e.rule);
        return !r || r->safety == FixSafety::Unsafe;
      });
      sink.write(lintrunner_fix_line(f, s.code, source, fixed, edits.size(), unsafe));
    } else if (s.write) {
      if (::access(result.discovery.files[i].absolute_path.c_str(), W_OK) != 0) {
        skipped_files.push_back(f.path + ": not writable; not fixed");
        continue;
      }
      FileFacts again;  // read once more: a file changed meanwhile is not overwritten
      std::string now;
      if (!read_source(result.discovery.files[i].absolute_path, now, again) || now != source) {
        skipped_files.push_back(f.path + ": changed since it was read; not fixed");
        continue;
      }
      OutputSink out(result.discovery.files[i].absolute_path);
      out.write(fixed);
      out.commit();
    } else {
      std::cout << unified_diff(f.relative_path, source, edits);
    }
  }
  if (lintrunner) sink.commit();
  else flush_stdout();

  // The summary, on stderr: what changed, by rule, and what was left and why.
  if (!s.common.quiet && !lintrunner) {
    size_t fixes = 0;
    std::string by_rule;
    for (const auto& [rule, n] : per_rule) fixes += n, by_rule += (by_rule.empty() ? "" : ", ") + rule + " " + std::to_string(n);
    std::cerr << (s.write ? "fixed " : "would fix ") << changed << (changed == 1 ? " file" : " files") << " ("
              << fixes << (fixes == 1 ? " fix" : " fixes") << (by_rule.empty() ? "" : ": " + by_rule) << ")";
    std::cerr << "; " << skipped_classes.size() << (skipped_classes.size() == 1 ? " class left as it is" : " classes left as they are")
              << (skipped_classes.empty() ? "" : s.common.verbose ? ":" : " (-v lists them)") << "\n";
    if (s.common.verbose)
      for (const auto& why : skipped_classes) std::cerr << "  " << why << "\n";
    for (const auto& why : skipped_files) std::cerr << why << "\n";
  }
  if (!inputs_ok) return 2;
  if (s.update_allowlist && s.write) prune_allowlist(s.common, s.allowlist);
  return s.diff && changed ? 1 : 0;
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
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    if (s->write && s->diff) throw UsageError("--write and --diff: choose one");
    if (s->update_allowlist && !s->write) throw UsageError("--update-allowlist needs --write");
    return run_fix(*cmd, *s);
  };
}

}  // namespace hwclass
