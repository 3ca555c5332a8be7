#include "fix/verify.h"

#include <set>

#include "extract/extractor.h"
#include "fix/check_units.h"
#include "parse/parallel_parse.h"
#include "parse/python_check.h"
#include "parse/source_reader.h"

namespace hwclass {
namespace {

// tree-sitter's verdict on the bytes: the first syntax issue, if any.
std::optional<BrokenFix> parse_check(const std::string& bytes, const SourceFile& file, const Vocabulary& vocabulary) {
  FileFacts facts = extract_source(bytes, file, vocabulary);
  for (const FileIssue& issue : facts.issues)
    if (issue.is_syntax_error()) return BrokenFix{"tree-sitter", issue.line, issue.message, {}};
  return std::nullopt;
}

std::vector<std::string> rules_of(const std::vector<Edit>& edits) {
  std::vector<std::string> rules;
  std::set<std::string> seen;
  for (const Edit& e : edits)
    if (seen.insert(e.rule).second) rules.push_back(e.rule);
  return rules;
}

std::vector<Edit> edits_of(const std::vector<Edit>& edits, const std::string& rule) {
  std::vector<Edit> out;
  for (const Edit& e : edits)
    if (e.rule == rule) out.push_back(e);
  return out;
}

// The rules that break the file on their own, by the checker that failed;
// all of them when it takes several together.
std::vector<std::string> blame(const FixCandidate& c, const BrokenFix& broken, const Vocabulary& vocabulary,
                               const VerifyOptions& options) {
  std::vector<std::string> rules = rules_of(c.edits), guilty;
  if (rules.size() == 1) return rules;
  std::vector<std::string> alone;
  for (const std::string& rule : rules) alone.push_back(apply_edits(c.source, edits_of(c.edits, rule)));
  if (broken.checker == "tree-sitter") {
    for (size_t i = 0; i < rules.size(); ++i)
      if (parse_check(alone[i], *c.file, vocabulary)) guilty.push_back(rules[i]);
  } else if (options.python) {
    if (auto verdicts = python_compile_all(alone, options.jobs))
      for (size_t i = 0; i < rules.size(); ++i)
        if ((*verdicts)[i]) guilty.push_back(rules[i]);
  }
  return guilty.empty() ? rules : guilty;
}

}  // namespace

// tree-sitter's verdict on each text (a candidate's units), parsed on the
// worker pool.
std::vector<std::optional<BrokenFix>> parse_checks(const std::vector<std::string>& texts,
                                                   const std::vector<SourceFile>& files, const Vocabulary& vocabulary,
                                                   int jobs) {
  std::vector<FileFacts> facts = parse_sources(
      files, jobs,
      [&](size_t i, std::string& text, FileFacts& f) {
        text = texts[i];
        return check_source(text, f);
      },
      [&](size_t, const TSTree* tree, std::string_view text, FileFacts& f) {
        extract_syntax_issues(tree, text, vocabulary, f);
      });
  std::vector<std::optional<BrokenFix>> out(texts.size());
  for (size_t i = 0; i < facts.size(); ++i)
    for (const FileIssue& issue : facts[i].issues)
      if (issue.is_syntax_error() && !out[i]) out[i] = BrokenFix{"tree-sitter", issue.line, issue.message, {}};
  return out;
}

std::vector<std::optional<BrokenFix>> verify_fixes(const std::vector<FixCandidate>& candidates,
                                                   const Vocabulary& vocabulary, const VerifyOptions& options) {
  // Every candidate's units in one list, each with its candidate.
  std::vector<std::string> units;
  std::vector<size_t> owner;
  std::vector<SourceFile> files;
  static const std::vector<TopStatement> none;  // check_units then checks the whole file
  for (size_t i = 0; i < candidates.size(); ++i) {
    const FixCandidate& c = candidates[i];
    for (std::string& u : check_units(c.source, c.fixed, c.edits, c.statements ? *c.statements : none))
      units.push_back(std::move(u)), owner.push_back(i), files.push_back(*c.file);
  }
  std::vector<std::optional<BrokenFix>> out(candidates.size());
  std::vector<std::optional<BrokenFix>> parsed = parse_checks(units, files, vocabulary, options.jobs);
  for (size_t u = 0; u < units.size(); ++u)
    if (parsed[u] && !out[owner[u]]) out[owner[u]] = parsed[u];
  if (options.python) {
    // The units of the candidates tree-sitter passed, in one batch; the
    // sources only of those CPython rejects (a source it rejected already is
    // not held against its fix).
    std::vector<size_t> asked;
    std::vector<std::string> batch;
    for (size_t u = 0; u < units.size(); ++u)
      if (!out[owner[u]]) asked.push_back(u), batch.push_back(units[u]);
    auto after = python_compile_all(batch, options.jobs);
    std::vector<size_t> failed;  // candidates, each once, with their first failing unit
    std::vector<std::optional<PythonVerdict>> first;
    for (size_t k = 0; after && k < asked.size(); ++k)
      if ((*after)[k] && (failed.empty() || failed.back() != owner[asked[k]]))
        failed.push_back(owner[asked[k]]), first.push_back((*after)[k]);
    std::vector<std::string> sources;
    for (size_t i : failed) sources.push_back(candidates[i].source);
    auto before = python_compile_all(sources, options.jobs);
    for (size_t j = 0; before && j < failed.size(); ++j)
      if (!(*before)[j]) out[failed[j]] = BrokenFix{"python3", first[j]->line, first[j]->message, {}};
  }
  for (size_t i = 0; i < candidates.size(); ++i)
    if (out[i]) out[i]->rules = blame(candidates[i], *out[i], vocabulary, options);
  return out;
}

}  // namespace hwclass
