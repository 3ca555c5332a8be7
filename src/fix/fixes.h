// Fix rules: each turns its entries of the file's plan (fix/fix_plan.h)
// into edits, registered in one table like the lint rules
// (src/fix/fixes.cpp). Safe fixes change no test's behaviour; unsafe ones do
// and need review.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "fix/edit.h"
#include "fix/fix_plan.h"
#include "resolve/resolved.h"
#include "lint/registry.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// What the rules that ran before decided for the file, typed, so that no
// rule reads another's edits: add-instantiation's classes (add-device-param
// passes `device` only to instantiated tests), the classes an unsafe rule
// migrates (add-classification declares them ACCELERATOR), the tests
// add-device-param gave `device` (the site rules write it only there), and
// whether a declaration written this run names HardwareClassification
// (add-import then imports it).
struct FixDecisions {
  std::set<int> instantiated;                 // class indexes
  std::set<int> migrated;                     // class indexes
  std::set<std::pair<int, int>> given_device;  // (class index, method index)
  bool names_enum = false;
};

struct FixContext {
  const FileFacts& file;
  const std::string& source;            // the bytes the facts were read from
  const FixPlan& plan;                  // what to fix, decided (fix/fix_plan.h)
  const std::map<int, Verdict>& verdicts;  // by class index, test classes only
  const Resolution& resolution;
  const Vocabulary& vocabulary;
  FixDecisions& decisions;             // what the rules before this one did
  std::vector<Edit>& out;
  std::vector<std::string>& skipped;    // "line N: Class: why", for the summary
  size_t line_length = 0;              // the formatter's; 0: the file's own (fix_import.cpp)
};

struct FixRule {
  FixKind kind;  // its id and safety follow (vocab/fix_kind.h)
  std::vector<const char*> answers;  // the lint rules whose findings it fixes (lint/registry.h ids)
  const char* summary;
  void (*fix)(const FixContext&);

  const char* id() const { return fix_rule_id(kind); }
  FixSafety safety() const { return fix_safety(kind); }
};

// Every fix rule, in the order they run: the unsafe device fixes before
// add-classification (which declares what they migrate, so one run is
// final), add-import last (it sees every declaration the others write).
const std::vector<FixRule>& all_fix_rules();
const FixRule* find_fix_rule(const std::string& id);

void fix_declaration_form(const FixContext& c);
void fix_add_classification(const FixContext& c);
void fix_add_import(const FixContext& c);
void fix_add_device_param(const FixContext& c);
void fix_add_instantiation(const FixContext& c);
void fix_only_to_accelerator(const FixContext& c);
// Adds `name` to the module's `from module import ...` (in sorted place), or
// a line of its own after the last top-level import before the first class.
void add_import_edits(const FixContext& c, const std::string& module, const std::string& name, const char* rule);
// The one insertion that adds `name` to this `from m import ...` in sorted
// place, in its layout; false when the statement cannot take one (`*`).
bool add_to_import(const FixContext& c, const Import& imp, const std::string& name, const char* rule);
void fix_device_strings(const FixContext& c);
void fix_tensor_methods(const FixContext& c);
void fix_accelerator_calls(const FixContext& c);

}  // namespace hwclass
