// Issue 29, item 2: every verdict's rule holds for the evidence it rests on,
// over both whole PyTorch trees (HWCLASS_CORPUS, HWCLASS_CORPUS_OLD). The
// premises are the rules' own words in rules/classify.md, checked on the
// evidence classify read; a verdict whose premise fails is a bug.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <set>

#include "classify/classifier.h"
#include "classify/evidence.h"
#include "classify/registry.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

bool needs_accelerator(const TestEvidence& t, const Vocabulary& v) {
  for (const std::string& d : t.needed)
    if (v.kind_of(std::string_view(d)) != DeviceKind::Host) return true;
  return false;
}

bool needs_host(const TestEvidence& t, const Vocabulary& v) {
  if (!t.only_device.empty() && v.kind_of(std::string_view(t.only_device)) == DeviceKind::Host) return true;
  for (const std::string& d : t.needed)
    if (v.kind_of(std::string_view(d)) == DeviceKind::Host) return true;
  return false;
}

void check_tree(const char* variable) {
  const char* root = std::getenv(variable);
  if (!root) {
    WARN(variable << " is not set: tree skipped");
    return;
  }
  Run run = scan_tree(root);
  const Session& scan = run.session();
  const Vocabulary& vocab = scan.vocabulary();
  const Resolution& resolution = scan.resolution();
  std::vector<Verdict> verdicts = classify(scan.files(), resolution, vocab);
  size_t checked = 0;
  for (const Verdict& v : verdicts) {
    const FileFacts& f = scan.files()[v.ref.file];
    using R = ClassifyRuleId;
    const R rule = v.rules.front();
    INFO(root << ": " << f.relative_path << "::" << f.classes[v.ref.cls].name << " " << v.inferred << " by "
              << classify_rule(rule).name);
    if (rule == R::BaseOfClasses) continue;  // judged from its subclasses, checked there
    ClassEvidence ev = gather_evidence(scan.files(), resolution, resolution.of(v.ref), vocab);
    size_t needing = 0, host = 0;
    for (const TestEvidence& t : ev.tests) needing += needs_accelerator(t, vocab), host += needs_host(t, vocab);
    ++checked;
    if (rule == R::EveryTestNeedsOneDevice) {
      CHECK(needing == ev.tests.size());  // every test has a requirement
    } else if (rule == R::SomeTestsNeedOneDevice || rule == R::NeedsAnAccelerator) {
      CHECK(needing > 0);
    } else if (rule == R::NoDeviceRequirement || rule == R::ClassNameNamesDevice) {
      CHECK(needing == 0);
    } else if (rule == R::EveryTestNeedsCpu) {
      CHECK(needing == 0);
      // Every test needs the CPU by its code, or the class skips wherever
      // any of two or more accelerators is present (rules/classify.md).
      std::set<std::string> skipped_with;
      for (const Need& n : ev.shared)
        if (n.site->skip_when_present && n.site->method.empty() &&
            vocab.kind_of(std::string_view(n.site->device.label())) == DeviceKind::Accelerator)
          skipped_with.insert(n.site->device.key);
      CHECK((host == ev.tests.size() || skipped_with.size() >= 2));
    } else if (rule == R::MixedClassGuardsDeviceTests) {
      // never_runs lists the device tests that skip themselves without the
      // device; all of them (medium), or some (low: the others run on a
      // GENERIC runner, so their device code must run without it).
      CHECK(v.never_runs.size() <= needing);
      CHECK((v.never_runs.size() == needing) == (v.confidence == Confidence::Medium));
      CHECK(needing < ev.tests.size());
      CHECK(v.inferred == "GENERIC");
    } else if (rule == R::ModuleGateNeedsOneDevice) {
      CHECK(resolution.of(v.ref).notest.has_value());
    } else if (rule == R::InstantiatedForOneDevice || rule == R::EveryTestOnlyOneDevice ||
               rule == R::InstantiatedForEveryDevice) {
      CHECK(resolution.of(v.ref).instantiation >= 0);
    }
    // Only a mixed GENERIC class lists tests that never run.
    if (!v.never_runs.empty()) CHECK(rule == R::MixedClassGuardsDeviceTests);
  }
  std::cout << root << ": " << checked << " verdicts checked against their rule's premise\n";
  CHECK(checked > 500);
}

}  // namespace

TEST_CASE("classify: every verdict's premise holds, both trees", "[.premise]") {
  check_tree("HWCLASS_CORPUS");
  check_tree("HWCLASS_CORPUS_OLD");
}

// The example: 66 tests, device code in 7, flags used as values.
TEST_CASE("classify: test_dataloader.py's TestDataLoader is GENERIC", "[.premise]") {
  const char* root = std::getenv("HWCLASS_CORPUS");
  REQUIRE(root);
  Run run = scan_tree(root);
  const Session& scan = run.session();
  bool found = false;
  for (const Verdict& v : classify(scan.files(), scan.resolution(), scan.vocabulary())) {
    const FileFacts& f = scan.files()[v.ref.file];
    if (f.relative_path != "test/test_dataloader.py" || f.classes[v.ref.cls].name != "TestDataLoader") continue;
    found = true;
    CHECK(v.inferred == "GENERIC");
    CHECK(v.confidence != Confidence::High);  // its guarded CUDA tests never run on a GENERIC runner
  }
  CHECK(found);
}
