#include "lint/linter.h"

#include <algorithm>
#include <map>

#include "facts/queries.h"
#include "resolve/resolved.h"
#include "util/run_stats.h"

namespace hwclass {

std::string lint_description(const Finding& f) {
  if (!f.upstream || f.rule == "parse_error") return f.message;
  return f.message + "\nSee the '" + f.rule + "' rule summary in tools/linter/adapters/test_linter.py for details.";
}

void FileContext::report(uint32_t line, std::string message, uint32_t column) const {
  Finding& f = out.emplace_back();
  f.rule = rule->id;
  f.severity = rule->severity;
  f.path = file.path;
  f.relative_path = file.relative_path;
  f.line = line;
  f.column = column;
  f.message = std::move(message);
  f.upstream = rule->upstream;
}

void ClassContext::report(uint32_t line, std::string message, uint32_t column) const {
  FileContext::report(line, std::move(message), column);
  out.back().about.class_index = class_index;
}

void ClassContext::about(int method, int site) const {
  out.back().about.method = method;
  out.back().about.site = site;
}

namespace {

// The class's own valid member; with --inherit, when it declares nothing,
// the one the runtime filter finds through its bases.
std::string inherited_member(const ClassFact& cls, const LintSettings& settings, const Analysis* world, int file,
                             int index) {
  if (cls.declaration.state == DeclarationState::Valid) return cls.declaration.member;
  if (cls.declaration.state != DeclarationState::Absent || !settings.inherit || !world || file < 0) return "";
  ClassRef from = world->resolution.of(ClassRef{file, index}).declared_in;
  return from.valid() ? world->files[from.file].classes[from.cls].declaration.member : "";
}

const Instantiation* upstream_link(const FileFacts& file, const std::string& name) {
  int link = upstream_instantiation(file, name);
  return link < 0 ? nullptr : &file.instantiations[static_cast<size_t>(link)];
}

// The registry's rules that these options run, by scope, in registry order.
std::map<RuleScope, std::vector<const RuleInfo*>> enabled_rules(const LintOptions& options) {
  std::map<RuleScope, std::vector<const RuleInfo*>> enabled;
  for (const RuleInfo& r : all_rules()) {
    if (!rule_in_rule_set(r, options.settings)) continue;
    if (!options.select.empty() && !options.select.count(r.id)) continue;
    if (options.ignore.count(r.id)) continue;
    enabled[r.scope].push_back(&r);
  }
  return enabled;
}

void run_declared_class(const FileContext& fc, int index, const std::string& member,
                        const std::vector<const RuleInfo*>& rules) {
  const ClassFact& cls = fc.file.classes[static_cast<size_t>(index)];
  ClassContext cc{fc, cls, index, upstream_link(fc.file, cls.name), member};
  for (const RuleInfo* r : rules) {
    cc.rule = r;
    r->check_class(cc);
  }
}

// The class rules for one class lint checks, as the file stands.
void run_class(const FileContext& fc, int index, std::map<RuleScope, std::vector<const RuleInfo*>>& enabled) {
  const ClassFact& cls = fc.file.classes[static_cast<size_t>(index)];
  std::string member = inherited_member(cls, fc.settings, fc.world, fc.file_index, index);
  if (!member.empty()) run_declared_class(fc, index, member, enabled[RuleScope::DeclaredClass]);
  ClassContext cc{fc, cls, index, upstream_link(fc.file, cls.name), member};
  for (RuleScope scope : {RuleScope::UndeclaredClass, RuleScope::AnyClass}) {
    if (scope == RuleScope::UndeclaredClass && !member.empty()) continue;
    for (const RuleInfo* r : enabled[scope]) {
      cc.rule = r;
      r->check_class(cc);
    }
  }
}

void run_instantiation(const FileContext& fc, const Instantiation& inst,
                       std::map<RuleScope, std::vector<const RuleInfo*>>& enabled) {
  InstantiationContext ic{fc, inst};
  for (const RuleInfo* r : enabled[RuleScope::Instantiation]) {
    ic.rule = r;
    r->check_instantiation(ic);
  }
}

}  // namespace

std::vector<Finding> lint_class(const FileFacts& file, int class_index, const Vocabulary& vocabulary,
                                const LintOptions& options, const Analysis* world, int file_index) {
  std::vector<Finding> out;
  if (!file.readable || file.has_syntax_error()) return out;
  auto classes = linted_classes(file);
  if (std::find(classes.begin(), classes.end(), class_index) == classes.end()) return out;
  auto enabled = enabled_rules(options);
  FileContext fc{file, vocabulary, options.settings, world, file_index, out};
  run_class(fc, class_index, enabled);
  for (const Instantiation& inst : file.instantiations)
    if (inst.target == file.classes[static_cast<size_t>(class_index)].name) run_instantiation(fc, inst, enabled);
  return out;
}

std::vector<Finding> lint_class_as(const FileFacts& file, int class_index, const std::string& member,
                                   const Vocabulary& vocabulary, const LintOptions& options, const Analysis* world,
                                   int file_index) {
  std::vector<Finding> out;
  if (!file.readable || file.has_syntax_error()) return out;
  FileContext fc{file, vocabulary, options.settings, world, file_index, out};
  run_declared_class(fc, class_index, member, enabled_rules(options)[RuleScope::DeclaredClass]);
  return out;
}

std::vector<Finding> lint_file(const FileFacts& file, const Vocabulary& vocabulary, const LintOptions& options,
                               const Analysis* world, int file_index) {
  if (RunStats* stats = options.stats ? options.stats : world ? world->stats : nullptr)
    stats->add(file.relative_path, file.content_hash, Work::Lint);
  std::vector<Finding> out;
  FileContext fc{file, vocabulary, options.settings, world, file_index, out};
  // A file that cannot be read is said whatever the rule set (--upstream,
  // --select, --ignore): lint checked nothing in it, and a gate reading
  // only the output must not see it pass (issue 49).
  if (!file.readable) {
    fc.rule = find_rule("read-error");
    check_read_error(fc);
    return out;
  }
  auto enabled = enabled_rules(options);
  for (const RuleInfo* r : enabled[RuleScope::File]) {
    fc.rule = r;
    r->check_file(fc);
  }
  // Upstream lints nothing in a file it cannot parse; hwclass cannot trust
  // the facts of a file it cannot parse.
  if (file.has_syntax_error()) return out;
  for (int index : linted_classes(file)) run_class(fc, index, enabled);
  for (const Instantiation& inst : file.instantiations) run_instantiation(fc, inst, enabled);
  return out;
}

}  // namespace hwclass
