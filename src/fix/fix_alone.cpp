#include "fix/fix_alone.h"

#include <set>

#include "extract/extractor.h"
#include "fix/marks.h"
#include "fix/plan.h"
#include "lint/linter.h"
#include "lint/registry.h"
#include "parse/parallel_parse.h"
#include "parse/source_reader.h"
#include "util/shell_quote.h"

namespace hwclass {
namespace {

std::string finding_text(const Finding& f) {
  return "line " + std::to_string(f.line) + ": [" + f.rule + "] " + f.message;
}

// Every rule of upstream's linter, for a lint that marks only its messages.
const std::set<std::string>& upstream_rule_ids() {
  static const std::set<std::string> ids = [] {
    std::set<std::string> out;
    for (const RuleInfo& r : all_rules())
      if (r.upstream) out.insert(r.id);
    return out;
  }();
  return ids;
}

// Lint's marks: a message no fix answers is one fix cannot clear. The first
// such message, if any.
const Finding* unfixable_message(const std::vector<Finding>& findings) {
  for (const Finding& f : findings)
    if (f.upstream && f.fix.kind == FixKind::None) return &f;
  return nullptr;
}

// The file's source with the fixes of one run applied; false when there is
// nothing to try (not fixable, unreadable, changed, or no edit), and `why`
// says which.
bool fixed_source(const Analysis& world, const Vocabulary& vocabulary, const FixTargets& targets, size_t index,
                  const SourceFile& file, bool unsafe, std::string& text, std::string& why) {
  const FileFacts& facts = world.files[index];
  std::string source;
  FileFacts reread;
  if (!facts.readable || facts.has_syntax_error()) return why = "does not parse", false;
  if (!facts.encoding.empty()) return why = "declares the " + facts.encoding + " encoding, and fix writes UTF-8", false;
  if (!read_source(file.absolute_path, source, reread) || reread.content_hash != facts.content_hash)
    return why = "changed since it was read", false;
  std::vector<std::string> reasons;  // "line N: Class: why fix leaves it"
  const FixPlan plan = file_plan(world, index, vocabulary, targets);
  std::vector<Edit> edits = plan_edits(fix_rules(unsafe), plan, facts, source, linted_verdicts(world, index),
                                       world.resolution, vocabulary, reasons);
  // Lint's marks on upstream's messages: hwclass's own rules need not run.
  LintOptions marks;
  marks.select = upstream_rule_ids();
  std::vector<Finding> findings = lint_file(facts, vocabulary, marks, &world, static_cast<int>(index));
  mark_fixes(findings, plan);
  if (const Finding* f = unfixable_message(findings)) {
    // The fix rule's own reason for leaving that line's class, when it gave one.
    const std::string line = "line " + std::to_string(f->line) + ": ";
    for (const std::string& r : reasons)
      if (r.rfind(line, 0) == 0) return why = r, false;
    return why = "no fix for " + finding_text(*f), false;
  }
  if (edits.empty()) return why = reasons.empty() ? "fix has no edit for it" : reasons.front(), false;
  text = apply_edits(source, edits);
  return true;
}

// "" when upstream's linter passes the fixed file, else its first message.
std::string upstream_left(const FileFacts& facts, const Vocabulary& vocabulary) {
  if (!facts.readable || facts.has_syntax_error()) return "the fixed file does not parse";
  LintOptions upstream;
  upstream.settings.upstream_only = true;
  std::vector<Finding> left = lint_file(facts, vocabulary, upstream);
  return left.empty() ? "" : "after the fixes, " + finding_text(left.front());
}

}  // namespace

std::vector<FixClears> fix_alone(const Analysis& world, const std::vector<SourceFile>& sources,
                                 const std::vector<bool>& wanted, const Vocabulary& vocabulary,
                                 const FixTargets& targets, int jobs, std::vector<std::string>* why_not) {
  std::vector<FixClears> out(world.files.size(), FixClears::No);
  std::vector<std::string> why(world.files.size());
  std::vector<size_t> tried;
  for (size_t i = 0; i < world.files.size(); ++i)
    if (wanted[i]) tried.push_back(i);
  // The safe fixes first; the files they do not make pass, with the unsafe ones too.
  for (bool unsafe : {false, true}) {
    std::vector<SourceFile> files;
    for (size_t i : tried) files.push_back(sources[i]), why[i].clear();
    std::vector<FileFacts> fixed = parse_sources(
        files, jobs,
        [&](size_t k, std::string& text, FileFacts& facts) {
          // The unsafe run's reason is the one kept: it tried the most.
          return fixed_source(world, vocabulary, targets, tried[k], sources[tried[k]], unsafe, text, why[tried[k]]) &&
                 check_source(text, facts);
        },
        [&](size_t, const TSTree* tree, std::string_view text, FileFacts& facts) {
          extract_facts(tree, text, vocabulary, facts);
        });
    std::vector<size_t> left;
    for (size_t k = 0; k < tried.size(); ++k) {
      std::string& reason = why[tried[k]];
      if (!reason.empty()) {
        left.push_back(tried[k]);  // nothing was tried
      } else if (reason = upstream_left(fixed[k], vocabulary); reason.empty()) {
        out[tried[k]] = unsafe ? FixClears::Unsafe : FixClears::Safe;
      } else {
        left.push_back(tried[k]);
      }
    }
    tried = std::move(left);
  }
  if (why_not) {
    why_not->assign(world.files.size(), "");
    for (size_t i = 0; i < out.size(); ++i)
      if (wanted[i] && out[i] == FixClears::No) (*why_not)[i] = why[i];
  }
  return out;
}

std::string fix_command(FixClears clears, const std::string& path) {
  switch (clears) {
    case FixClears::Safe: return "hwclass fix --write " + shell_quote(path);
    case FixClears::Unsafe: return "hwclass fix --write --unsafe-fixes " + shell_quote(path);
    case FixClears::No: break;
  }
  return "";
}

}  // namespace hwclass
