// What a lint rule sees: one file, one test class or one instantiate call,
// with the lint settings, and where its findings go. The dispatcher in
// linter.cpp sets `rule` to the registry entry being run, so a rule's id,
// severity and origin are written once, in registry.cpp.
#pragma once

#include <algorithm>
#include <string_view>

#include <optional>
#include <string>
#include <vector>

#include "classify/analysis.h"
#include "classify/verdict.h"
#include "facts/facts.h"
#include "lint/finding.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct LintSettings {
  int upstream_version = 8;  // 8 or 7: the rule set and wording of that TEST_LINTER
  bool upstream_only = false;
  bool inherit = false;      // a declaration inherited from a scanned base counts
};

struct Resolution;
struct RuleInfo;

struct FileContext {
  const FileFacts& file;
  const Vocabulary& vocabulary;
  const LintSettings& settings;
  const Analysis* world;  // the other scanned files and their verdicts; null when linting one file on its own
  int file_index;          // this file's index in world->files, or -1
  std::vector<Finding>& out;
  const RuleInfo* rule = nullptr;

  // Adds a finding of the running rule at `line` of this file.
  void report(uint32_t line, std::string message, uint32_t column = 0) const;
};

struct ClassContext : FileContext {
  const ClassFact& cls;
  int class_index;
  const Instantiation* instantiation;  // the last statement-level call naming the class, if any
  const std::string& member;           // the member it declares (or inherits, with --inherit); empty if none

  // Adds a finding about this class at `line`.
  void report(uint32_t line, std::string message, uint32_t column = 0) const;

  // The finding just reported is about one of the class's methods (an index
  // into its methods) and, where it is, one device site (into the file's).
  void about(int method, int site = -1) const;
};

struct InstantiationContext : FileContext {
  const Instantiation& inst;
};

// Whether upstream's [accelerator_api] matches the call: a torch.* callee,
// as written (not through an alias), with a part in the rules'
// accelerator_api_modules (cuda, xpu, ...; not a data-defined npu).
inline bool upstream_api_call(const DeviceSite& s, const Vocabulary& vocabulary) {
  if ((s.kind != SiteKind::AcceleratorApi && s.kind != SiteKind::TensorMethod) || s.via_alias) return false;
  std::string_view callee(s.text);  // the callee plus "()"
  if (callee.size() >= 2 && callee.substr(callee.size() - 2) == "()") callee.remove_suffix(2);
  if (callee.substr(0, 6) != "torch.") return false;
  const auto& modules = vocabulary.accelerator_api_modules;
  for (size_t start = 0;;) {
    size_t dot = callee.find('.', start);
    std::string_view part = callee.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (std::find(modules.begin(), modules.end(), part) != modules.end()) return true;
    if (dot == std::string_view::npos) return false;
    start = dot + 1;
  }
}

// Each rule's check, one per file under src/lint/, registered in registry.cpp.
void check_read_error(const FileContext& c);
void check_parse_error(const FileContext& c);
void check_partial_parse(const FileContext& c);
void check_hw_classification(const ClassContext& c);
void check_instantiation(const ClassContext& c);
void check_device_param(const ClassContext& c);
void check_accelerator_api(const ClassContext& c);
void check_decorator(const ClassContext& c);
void check_only_for(const ClassContext& c);
void check_hardcoded_device(const ClassContext& c);
void check_device_specific_contract(const ClassContext& c);
void check_unscoped_device_skip(const ClassContext& c);
void check_classification_mismatch(const ClassContext& c);
void check_contradicting_declaration(const ClassContext& c);
void check_redundant_declaration(const ClassContext& c);
// The nearest base in the class's MRO with its own valid declaration; null
// without one, or without the world (one file alone).
const ClassFact* declaring_base(const ClassContext& c);
void check_classification_not_imported(const ClassContext& c);
void check_unknown_member(const ClassContext& c);
void check_never_runs(const InstantiationContext& c);

}  // namespace hwclass
