// classify's inference rules, shared by the files that implement them:
// classifier.cpp (the order they are tried in, and the verdict's last
// touches), instantiated.cpp (classes passed to instantiate_device_type_tests)
// and not_instantiated.cpp (the others). Internal to classify/.
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "classify/evidence.h"
#include "classify/rule_id.h"
#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass::rules {

// The rule a verdict is decided by (classify/registry.h).
using Rule = ClassifyRuleId;

struct Context {
  const std::vector<FileFacts>& files;
  const Resolution& resolution;
  const Vocabulary& vocab;
  ClassRef ref;
  const FileFacts& file;
  const ClassFact& cls;
  const ResolvedClass& resolved;
  ClassEvidence ev;
  Verdict& v;
  // What keeps the class from its verdict or target, for the confidence
  // only; the blockers users see are lint's findings (lint/advice.cpp).
  std::vector<Reason> obstacles;

  // The members of tests that run on any accelerator, and of tests that need none.
  const std::string& accelerator() const { return vocab.members.accelerator(); }
  const std::string& generic() const { return vocab.members.generic(); }
  // The member for code specific to `device` ("" when no member is).
  std::string member_of(const std::string& device) const {
    const DeviceInfo* d = vocab.device(device);
    return d ? d->member : "";
  }
  bool device_specific(const std::string& member) const { return vocab.device_of_member(member) != nullptr; }
  // CPU: the host runs it wherever tests run, so it never becomes ACCELERATOR.
  bool host_member(const std::string& member) const {
    const DeviceInfo* d = vocab.device_of_member(member);
    return d && d->kind == DeviceKind::Host;
  }
  DeviceKind kind_of(const std::string& device) const { return vocab.kind_of(std::string_view(device)); }
  // `why_not_high`: the sentence explain gives for a confidence below high.
  void decide(Rule rule, std::string member, Confidence confidence, std::string why_not_high = {}) {
    v.rules.push_back(rule);
    v.inferred = std::move(member);
    v.confidence = confidence;
    v.confidence_reasons.clear();
    v.confidence_sites.clear();
    if (confidence != Confidence::High) v.confidence_reasons.push_back(std::move(why_not_high));
  }
  // Lowers a high verdict to medium because of what stands in its way.
  void lower_for_obstacles(const std::string& what) {
    if (obstacles.empty()) return;
    v.confidence = Confidence::Medium;
    // Not "blockers": those are lint's errors under the declaration
    // (lint/advice.cpp), which these sites need not be.
    v.confidence_reasons.push_back(std::to_string(obstacles.size()) +
                                   (obstacles.size() == 1 ? " site (" + what + ") stands" : " sites (" + what + ") stand") +
                                   " in the way of " + v.inferred);
    v.confidence_sites = obstacles;
  }
  Reason instantiation_reason() const {
    const Instantiation& inst = file.instantiations[resolved.instantiation];
    return Reason{EvidenceKind::Instantiation, {}, "", std::string("instantiate_device_type_tests(") + inst.target_text + ")",
                  "<module>", inst.line, file.relative_path};
  }
  // Needs of one device (or any) at Requires strength, from tests and shared code.
  std::vector<const Need*> requirements(const std::string& device = "") const {
    std::vector<const Need*> out;
    auto take = [&](const Need& n) {
      if (n.strength == Strength::Requires && (device.empty() || n.site->device.is(device))) out.push_back(&n);
    };
    for (const Need& n : ev.shared) take(n);
    for (const TestEvidence& t : ev.tests)
      for (const Need& n : t.needs) take(n);
    std::sort(out.begin(), out.end(), [](const Need* a, const Need* b) {
      return std::tie(a->file->relative_path, a->site->location.start_byte) <
             std::tie(b->file->relative_path, b->site->location.start_byte);
    });
    return out;
  }
  bool any_specific(const std::vector<const Need*>& needs) const {
    if (std::any_of(needs.begin(), needs.end(), [](const Need* n) { return n->specific; })) return true;
    auto specific_query = [](const Need& n) { return n.query && n.specific; };
    if (std::any_of(ev.shared.begin(), ev.shared.end(), specific_query)) return true;
    for (const TestEvidence& t : ev.tests)
      if (std::any_of(t.needs.begin(), t.needs.end(), specific_query)) return true;
    return false;
  }
  void add_reasons(const std::vector<const Need*>& needs, std::vector<Reason>& into) const {
    for (const Need* n : needs) into.push_back(reason_of(*n));
  }
};

// Single-device code in a class that should run everywhere stands in the way.
inline void hardcoded_blockers(Context& c) {
  for (const Need* n : c.requirements()) {
    DeviceKind kind = c.vocab.kind_of(n->site->device);
    if (kind == DeviceKind::AnyAccelerator || kind == DeviceKind::Host) continue;
    c.obstacles.push_back(reason_of(*n));
  }
}

// rules/classify.md's "Instantiated classes" (instantiated.cpp).
void infer_instantiated(Context& c);
// The rules for classes nothing instantiates directly (not_instantiated.cpp).
void infer_not_instantiated(Context& c);

}  // namespace hwclass::rules
