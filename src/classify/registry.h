// The classify rule registry: one row per inference rule of
// rules/classify.md, in the order classify tries them. A verdict names the
// rules that decided it by id (Verdict::rules); everything that says or
// reads a rule reads its row: the JSON's `rules` and explain's "rules
// fired" (the name), the pull request's reason (emit/class_reason.cpp: its
// words, and the evidence it cites, `evidence`), select (`lists_tests`),
// lint's classification-mismatch (the name), `hwclass rules --classify` and
// so rules/classify.md's table. A unit test tagged [rule:<name>] covers
// each row (registry_test.cpp checks that one exists).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "classify/rule_id.h"
#include "classify/verdict.h"

namespace hwclass {

// A kind of evidence: a device site of one kind, or one of classify's own
// kinds (instantiation, subclass, ...).
struct EvidencePreference {
  EvidenceKind kind;
  SiteKind site = SiteKind::DeviceString;  // read for EvidenceKind::Site only
  bool matches(const Reason& r) const { return r.kind == kind && (kind != EvidenceKind::Site || r.site == site); }
};

// The kind as the outputs spell a reason of it (kind_name in verdict.h).
const char* evidence_name(const EvidencePreference& e);

struct ClassifyRuleInfo {
  ClassifyRuleId id;
  const char* name;     // every-test-needs-one-device: the JSON's `rules`, explain, lint, the docs
  const char* section;  // the rules/classify.md heading ("### ...") it is documented under
  const char* summary;  // one sentence: the docs table, `hwclass rules --classify`
  // The evidence that shows the rule best, most telling first: the site a
  // pull request's reason cites (emit/class_reason.cpp).
  std::vector<EvidencePreference> evidence;
  // Whether a class decided by it is work for a runner. A test-less base's
  // member (base-of-classes) says what to declare for its subclasses; the
  // runtime collects no test from the base itself, so select lists none.
  bool lists_tests = true;
};

// Every rule, in the order classify tries them.
const std::vector<ClassifyRuleInfo>& classify_rules();
const ClassifyRuleInfo& classify_rule(ClassifyRuleId id);
// The rule of that name, or nullptr.
const ClassifyRuleInfo* find_classify_rule(std::string_view name);
// The evidence of a verdict no rule decided: any device site.
const std::vector<EvidencePreference>& device_site_evidence();

}  // namespace hwclass
