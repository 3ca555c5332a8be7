#include "fix/fix_alone.h"

#include "extract/extractor.h"
#include "fix/plan.h"
#include "lint/linter.h"
#include "parse/parallel_parse.h"
#include "parse/source_reader.h"
#include "util/shell_quote.h"

namespace hwclass {
namespace {

// Lint's marks: a message no fix answers is one fix cannot clear.
bool every_message_fixable(const LintWorld& world, const Vocabulary& vocabulary, size_t index) {
  for (const Finding& f : lint_file(world.files[index], vocabulary, LintOptions{}, &world, static_cast<int>(index)))
    if (f.upstream && !f.fix) return false;
  return true;
}

// The file's source with the fixes of one run applied; false when there is
// nothing to try (not fixable, unreadable, changed, or no edit).
bool fixed_source(const LintWorld& world, const Vocabulary& vocabulary, size_t index, const SourceFile& file,
                  bool unsafe, std::string& text) {
  const FileFacts& facts = world.files[index];
  std::string source;
  FileFacts reread;
  if (!facts.readable || facts.has_syntax_error() || !every_message_fixable(world, vocabulary, index) ||
      !read_source(file.absolute_path, source, reread) || reread.content_hash != facts.content_hash)
    return false;
  std::vector<std::string> why;
  std::vector<Edit> edits = plan_edits(fix_rules(unsafe), facts, source,
                                       linted_verdicts(world.files, world.resolution, vocabulary, index),
                                       world.resolution, vocabulary, why);
  if (edits.empty()) return false;
  text = apply_edits(source, edits);
  return true;
}

bool passes_upstream(const FileFacts& facts, const Vocabulary& vocabulary) {
  LintOptions upstream;
  upstream.settings.upstream_only = true;
  return facts.readable && !facts.has_syntax_error() && lint_file(facts, vocabulary, upstream).empty();
}

}  // namespace

std::vector<FixClears> fix_alone(const LintWorld& world, const std::vector<SourceFile>& sources,
                                 const std::vector<bool>& wanted, const Vocabulary& vocabulary, int jobs) {
  std::vector<FixClears> out(world.files.size(), FixClears::No);
  std::vector<size_t> tried;
  for (size_t i = 0; i < world.files.size(); ++i)
    if (wanted[i]) tried.push_back(i);
  // The safe fixes first; the files they do not make pass, with the unsafe ones too.
  for (bool unsafe : {false, true}) {
    std::vector<SourceFile> files;
    for (size_t i : tried) files.push_back(sources[i]);
    std::vector<FileFacts> fixed = parse_sources(
        files, jobs,
        [&](size_t k, std::string& text, FileFacts& facts) {
          return fixed_source(world, vocabulary, tried[k], sources[tried[k]], unsafe, text) && check_source(text, facts);
        },
        [&](size_t, const TSTree* tree, std::string_view text, FileFacts& facts) {
          extract_facts(tree, text, vocabulary, facts);
        });
    std::vector<size_t> left;
    for (size_t k = 0; k < tried.size(); ++k) {
      if (passes_upstream(fixed[k], vocabulary)) out[tried[k]] = unsafe ? FixClears::Unsafe : FixClears::Safe;
      else left.push_back(tried[k]);
    }
    tried = std::move(left);
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
