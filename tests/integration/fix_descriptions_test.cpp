// Lint's fix descriptions and fix's edits agree, on a whole tree
// (HWCLASS_FIX_TREE): every edit `fix --unsafe-fixes` would make traces to
// the typed description of a finding lint marks (lint/finding.h), and every
// such description is carried out or left with a reason. The trace reads
// positions only (which class, method or site an edit lands in), never
// either side's text, so the two sides are checked against each other.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

#include "classify/analysis.h"
#include "cli/run.h"
#include "fix/marks.h"
#include "fix/plan.h"
#include "fix/source_text.h"
#include "lint/linter.h"
#include "parse/source_reader.h"
#include "resolve/resolver.h"

using namespace hwclass;

namespace {

struct FileTrace {
  const FileFacts& file;
  const Members& members;
  std::vector<FixDescription> fixes;
  std::vector<std::string> why;  // fix's "line N: Class[.method]: why"
};

bool described(const FileTrace& t, FixKind kind, int cls, int method = -1, int site = -1) {
  for (const FixDescription& d : t.fixes)
    if (d.kind == kind && d.class_index == cls && (method < 0 || d.method == method) && (site < 0 || d.site == site))
      return true;
  return false;
}

// Whether the run takes the class to ACCELERATOR as a whole: an undeclared
// class the unsafe fixes migrate, or an invalid declaration that
// declaration-form makes ACCELERATOR (DEVICE_GENERIC), whose device findings
// lint reports once the declaration is valid.
bool migrated(const FileTrace& t, int cls) {
  for (const FixDescription& d : t.fixes)
    if (d.class_index == cls && (d.kind == FixKind::Migrate ||
                                 (d.kind == FixKind::DeclarationForm && t.members.is_accelerator(d.member))))
      return true;
  return false;
}

// Whether the text declares `member`: HardwareClassification.<member>, whole.
bool names_member(const std::string& text, const std::string& member) {
  const std::string written = "HardwareClassification." + member;
  const size_t at = text.find(written);
  if (at == std::string::npos) return false;
  const size_t end = at + written.size();
  return end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
}

uint32_t line_of(const std::string& source, uint32_t byte) {
  return 1 + static_cast<uint32_t>(std::count(source.begin(), source.begin() + byte, '\n'));
}

// The innermost class whose header is at or above the edit's line and whose
// body it does not pass: where add-classification inserts.
int class_at(const FileFacts& f, const std::string& source, uint32_t byte) {
  int best = -1;
  const uint32_t line = line_of(source, byte);
  for (size_t k = 0; k < f.classes.size(); ++k) {
    const ClassFact& c = f.classes[k];
    if (c.line <= line && byte <= c.body_end_byte && (best < 0 || c.line > f.classes[best].line))
      best = static_cast<int>(k);
  }
  return best;
}

// Each rule's trace: "" when the edit carries out a description, else why not.
std::string trace_declaration(const FileTrace& t, const std::string& source, const Edit& e) {
  const FileFacts& f = t.file;
  if (e.rule == "declaration-form") {
    for (size_t k = 0; k < f.classes.size(); ++k) {
      const Location& at = f.classes[k].declaration.location;
      if (at.start_byte == e.start && at.end_byte == e.end)
        for (const FixDescription& d : t.fixes)
          if (d.kind == FixKind::DeclarationForm && d.class_index == static_cast<int>(k) &&
              names_member(e.text, d.member))
            return "";
    }
    return "no DeclarationForm on that declaration";
  }
  const int k = class_at(f, source, e.start);
  for (const FixDescription& d : t.fixes)
    if (d.class_index == k && (d.kind == FixKind::AddClassification || d.kind == FixKind::Migrate) &&
        names_member(e.text, d.member))
      return "";
  return "no AddClassification or Migrate on class " + std::to_string(k);
}

std::string trace_instantiation(const FileTrace& t, const Edit& e) {
  bool any = false;
  for (size_t k = 0; k < t.file.classes.size(); ++k) {
    const bool mine = described(t, FixKind::AddInstantiation, static_cast<int>(k)) || migrated(t, static_cast<int>(k));
    any |= mine;
    if (mine && e.text.find(instantiation_text(t.file.classes[k].name)) != std::string::npos) return "";
  }
  // Its import: for any class it instantiates.
  if (any && e.text.find("instantiate_device_type_tests") != std::string::npos &&
      e.text.find("instantiate_device_type_tests(") == std::string::npos)
    return "";
  return "no AddInstantiation or Migrate for it";
}

std::string trace_device_param(const FileTrace& t, const Edit& e) {
  for (size_t k = 0; k < t.file.classes.size(); ++k)
    for (size_t j = 0; j < t.file.classes[k].methods.size(); ++j) {
      if (t.file.classes[k].methods[j].self_end_byte != e.start) continue;
      const int c = static_cast<int>(k), m = static_cast<int>(j);
      if (described(t, FixKind::AddDeviceParam, c, m) || migrated(t, c)) return "";
    }
  return "no AddDeviceParam or Migrate for that method";
}

std::string trace_import(const FileTrace& t) {
  for (const FixDescription& d : t.fixes)
    if (d.kind == FixKind::AddImport || d.kind == FixKind::DeclarationForm || d.kind == FixKind::AddClassification ||
        d.kind == FixKind::Migrate)
      return "";
  return "no declaration described in the file";
}

// The site the edit covers (a deleted `device = "cuda"` line covers its
// whole line), described with the edit's rule or in a migrating class.
std::string trace_site(const FileTrace& t, const Edit& e) {
  for (size_t s = 0; s < t.file.sites.size(); ++s) {
    const DeviceSite& site = t.file.sites[s];
    const bool covers = e.start <= site.location.start_byte && site.location.start_byte < std::max(e.end, e.start + 1);
    const bool inside = site.location.start_byte <= e.start && e.end <= site.location.end_byte;
    if (!covers && !inside) continue;
    for (const FixDescription& d : t.fixes)
      if (d.site == static_cast<int>(s) && e.rule == fix_rule_id(d.kind)) return "";
    if (migrated(t, site.class_index)) return "";
  }
  // only-to-accelerator's import of the decorator.
  if (e.rule == "only-to-accelerator" && e.text.find("import") != std::string::npos)
    for (const FixDescription& d : t.fixes)
      if (d.kind == FixKind::OnlyToAccelerator || d.kind == FixKind::Migrate) return "";
  return "no description of that site";
}

// Which description an edit carries out; "" when it traces to one, else why not.
std::string untraced(const FileTrace& t, const std::string& source, const Edit& e) {
  if (e.rule == "declaration-form" || e.rule == "add-classification") return trace_declaration(t, source, e);
  if (e.rule == "add-instantiation") return trace_instantiation(t, e);
  if (e.rule == "add-device-param") return trace_device_param(t, e);
  if (e.rule == "add-import") return trace_import(t);
  return trace_site(t, e);
}

// Whether fix carried out the description: an edit in its class that its
// rule made, or a reason it gave for the class.
bool carried_out(const FileTrace& t, const std::string& source, const std::vector<Edit>& edits,
                 const FixDescription& d) {
  if (d.kind == FixKind::AddImport)  // the module's, not a class's
    return std::any_of(t.why.begin(), t.why.end(),
                       [](const std::string& w) { return w.find(": the module:") != std::string::npos; }) ||
           std::any_of(edits.begin(), edits.end(),
                       [&](const Edit& e) { return e.rule == "add-import" && untraced(t, source, e).empty(); });
  const ClassFact& cls = t.file.classes[static_cast<size_t>(d.class_index)];
  for (const std::string& w : t.why)
    if (w.find(": " + cls.name + ":") != std::string::npos || w.find(": " + cls.name + ".") != std::string::npos ||
        w.find(": the module:") != std::string::npos)
      return true;
  for (const Edit& e : edits) {
    if (untraced(t, source, e) != "") continue;
    if (d.kind == FixKind::AddImport && e.rule == "add-import") return true;
    if (d.kind != FixKind::AddImport && (e.rule == fix_rule_id(d.kind) || d.kind == FixKind::Migrate) &&
        (class_at(t.file, source, e.start) == d.class_index ||
         e.text.find(instantiation_text(cls.name)) != std::string::npos ||
         (d.site >= 0 && t.file.sites[static_cast<size_t>(d.site)].location.start_byte >= e.start &&
          t.file.sites[static_cast<size_t>(d.site)].location.start_byte < std::max(e.end, e.start + 1))))
      return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every fix edit traces to a finding's description, and every description is carried out",
          "[.fix-descriptions]") {
  const char* tree = std::getenv("HWCLASS_FIX_TREE");
  REQUIRE(tree);
  CommonOptions options;
  options.root = tree;
  options.paths = {std::string(tree) + "/test"};
  options.quiet = true;
  options.no_cache = true;
  options.jobs = 2;
  // As `hwclass fix` reads the tree (cli/fix_command.cpp).
  Run run(options, RunRequest{.wanted = [](const SourceFile& f) { return f.is_test_file; },
                              .context = ContextPolicy::ImportsAndTestTree});
  const FixTargets targets = run.fix_targets();
  const Session& session = run.session();
  const Resolution& resolution = session.resolution();
  const Vocabulary& vocabulary = run.vocabulary();
  const Analysis& analysis = run.analysis();
  LintOptions lint;
  lint.fix_targets = targets;

  std::map<FixKind, size_t> descriptions;
  std::map<std::string, size_t> edits_by_rule;
  size_t files = 0, failures = 0;
  for (size_t i : session.named()) {
    const FileFacts& f = session.files()[i];
    if (!f.readable || f.has_syntax_error()) continue;
    ++files;
    std::string source;
    FileFacts reread;
    REQUIRE(read_source(session.sources()[i].absolute_path, source, reread));
    FileTrace t{f, vocabulary.members, {}, {}};
    for (const Finding& finding : lint_marked(analysis, i, vocabulary, lint)) {
      if (finding.fix.kind == FixKind::None) continue;
      const FixDescription& d = finding.fix;
      INFO(f.relative_path << ":" << finding.line << " [" << finding.rule << "]");
      // An import is the module's: it names no class (lint/finding.h).
      CHECK((d.kind == FixKind::AddImport ? d.class_index == -1 : d.class_index >= 0));
      CHECK(d.class_index < static_cast<int>(f.classes.size()));
      // The fix rule named answers the finding's rule (fix/fixes.cpp).
      const FixRule* rule = find_fix_rule(fix_rule_id(d.kind));
      REQUIRE(rule);
      CHECK(std::find_if(rule->answers.begin(), rule->answers.end(),
                         [&](const char* id) { return finding.rule == id; }) != rule->answers.end());
      t.fixes.push_back(d);
      ++descriptions[d.kind];
    }
    const std::vector<Edit> edits = plan_edits(fix_rules(true), file_plan(analysis, i, vocabulary, targets), f,
                                               source, linted_verdicts(analysis, i), resolution, vocabulary, t.why);
    for (const Edit& e : edits) {
      ++edits_by_rule[e.rule];
      const std::string why = untraced(t, source, e);
      if (!why.empty() && ++failures <= 400)
        FAIL_CHECK(f.relative_path << ":" << line_of(source, e.start) << ": a " << e.rule << " edit: " << why);
    }
    for (const FixDescription& d : t.fixes)
      if (!carried_out(t, source, edits, d) && ++failures <= 400)
        FAIL_CHECK(f.relative_path << ": " << (d.class_index < 0 ? std::string("the module")
                                                                  : f.classes[static_cast<size_t>(d.class_index)].name)
                                   << ": a "
                                   << fix_rule_id(d.kind) << " description fix neither carried out nor explained");
  }
  CHECK(failures == 0);
  // What the trees exercise, so that a tree on which nothing is fixable
  // cannot pass unnoticed.
  std::cout << tree << ": " << files << " files;";
  for (const auto& [rule, n] : edits_by_rule) std::cout << " " << rule << " " << n;
  std::cout << " descriptions:";
  for (const auto& [kind, n] : descriptions) std::cout << " " << fix_rule_id(kind) << (kind == FixKind::Migrate ? " (migrate)" : "") << " " << n;
  std::cout << "\n";
  CHECK(!edits_by_rule.empty());
  CHECK(!descriptions.empty());
}
