// What classify says about one test class.
#pragma once

#include <string>
#include <vector>

#include "classify/rule_id.h"
#include "facts/facts.h"
#include "resolve/resolved.h"

namespace hwclass {

enum class Confidence { Low, Medium, High };
const char* to_string(Confidence);

// What a reason is: a device site of the facts (Reason::site says which
// kind), or evidence classify reads from the class's shape and bindings.
enum class EvidenceKind { Site, Instantiation, Subclass, Base, ClassName, RunsOn, OnlyFor, NoTest };

// An evidence site that decided a verdict or stands in the way of a target.
struct Reason {
  EvidenceKind kind = EvidenceKind::Site;
  SiteKind site = SiteKind::DeviceString;  // the site's kind, for EvidenceKind::Site
  std::string device;
  std::string text;
  std::string owner;  // Class.method
  uint32_t line = 0;
  std::string file;   // repo-relative file of the site (inherited evidence may come from elsewhere)
};

// The kind as the outputs spell it: a site's ("tensor-method"), else the
// evidence's ("instantiation", "subclass", "runs-on", "only_for", "notest").
const char* kind_name(const Reason&);

struct SplitPart {
  std::string class_name;  // TestX, TestXDevice, TestXCUDA
  std::string member;
  std::vector<std::string> tests;
};

struct Verdict {
  ClassRef ref;
  std::string inferred;  // a HardwareClassification member
  Confidence confidence = Confidence::Low;
  // The inference rules that fired (classify/registry.h, rules/classify.md);
  // the last one decided.
  std::vector<ClassifyRuleId> rules;
  // Why the confidence is not high, one sentence each; empty when it is.
  std::vector<std::string> confidence_reasons;
  // The sites a sentence there counts (code that hardcodes one device in a
  // class inferred for many), so explain can list what it counts.
  std::vector<Reason> confidence_sites;
  std::vector<Reason> reasons;
  std::string target;  // where a migration should take it; empty when it is the inferred member
  // Why `hwclass fix` cannot migrate it mechanically, though target says
  // where it should go ("" when nothing stands in the way).
  std::string migration_blocked;
  // What declaring a device without a HardwareClassification member means
  // ("" for a device that has one).
  std::string member_note;
  // What lint says of the class (its blockers and cleanups) is not here:
  // advice is the step after lint (lint/advice.h).
  std::string declared;  // the effective declaration's member, "" when none
  bool declaration_inherited = false;
  std::string declared_alias;  // the alias it was written with (an early name, accepted here), "" for none
  bool agrees = false;
  std::vector<SplitPart> split;
  // Tests of a GENERIC class that skip themselves without a device: no
  // GENERIC runner has it, so they never run until split out.
  std::vector<std::string> never_runs;
};

}  // namespace hwclass
