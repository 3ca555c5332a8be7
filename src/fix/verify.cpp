#include "fix/verify.h"

#include <set>

#include "extract/extractor.h"
#include "parse/python_check.h"

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
    if (auto verdicts = python_compile_all(alone))
      for (size_t i = 0; i < rules.size(); ++i)
        if ((*verdicts)[i]) guilty.push_back(rules[i]);
  }
  return guilty.empty() ? rules : guilty;
}

}  // namespace

std::vector<std::optional<BrokenFix>> verify_fixes(const std::vector<FixCandidate>& candidates,
                                                   const Vocabulary& vocabulary, const VerifyOptions& options) {
  std::vector<std::optional<BrokenFix>> out(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) out[i] = parse_check(candidates[i].fixed, *candidates[i].file, vocabulary);
  if (options.python) {
    // Sources and fixed bytes of the files tree-sitter passed, in one batch.
    std::vector<size_t> asked;
    std::vector<std::string> batch;
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (out[i]) continue;
      asked.push_back(i);
      batch.push_back(candidates[i].source);
      batch.push_back(candidates[i].fixed);
    }
    if (auto verdicts = python_compile_all(batch)) {
      for (size_t k = 0; k < asked.size(); ++k) {
        const auto& before = (*verdicts)[2 * k];
        const auto& after = (*verdicts)[2 * k + 1];
        if (!before && after) out[asked[k]] = BrokenFix{"python3", after->line, after->message, {}};
      }
    }
  }
  for (size_t i = 0; i < candidates.size(); ++i)
    if (out[i]) out[i]->rules = blame(candidates[i], *out[i], vocabulary, options);
  return out;
}

}  // namespace hwclass
