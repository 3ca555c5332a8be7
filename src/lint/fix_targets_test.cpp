// Issue 31 item 6: whether the torch tree defines what an unsafe fix writes
// (torch.accelerator.*, onlyAccelerator) was a field of the vocabulary that
// the command line filled, and its empty default read as "every target is
// there". A caller that forgot to fill it marked, and fixed, calls the tree
// could not import. Not knowing must mean: no fix that writes a target.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "classify/classifier.h"
#include "classify/fixability.h"
#include "fix/marks.h"
#include "lint/linter.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"
#include "vocab/vocabulary.h"

namespace hwclass {
namespace {

// A class classify migrates to ACCELERATOR: each line below is a finding of
// [hardcoded-device] or [decorator], fixable where the tree allows it.
const char* kMigrating = R"(class TestSync(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        y = x.cuda()
        torch.cuda.synchronize()

    @onlyCUDA
    def test_b(self, device):
        pass


instantiate_device_type_tests(TestSync, globals())
)";

// "line:mark" per finding of the two rules, in line order ("line:" for no mark).
std::string marks(const LintOptions& base) {
  std::vector<FileFacts> files{scan_source(kMigrating)};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis world = analyze(files, resolution, Vocabulary::embedded());
  std::map<uint32_t, std::string> out;
  for (const char* rule : {"hardcoded-device", "decorator"}) {
    LintOptions options = base;
    options.select = {rule};
    for (const Finding& f : lint_marked(world, 0, Vocabulary::embedded(), options))
      out[f.line] = f.fix.kind == FixKind::None ? "" : to_string(f.fix.safety());
  }
  std::string text;
  for (const auto& [line, mark] : out) text += (text.empty() ? "" : " ") + std::to_string(line) + ":" + mark;
  return text;
}

}  // namespace

TEST_CASE("a caller that does not say what the tree defines gets no fix that writes a target", "[lint][fixability]") {
  // Line 5 (x.cuda() -> x.to(device)) writes no API and stays fixable: the
  // class does migrate. Line 6 would become torch.accelerator.synchronize()
  // and line 9 (@onlyCUDA) onlyAccelerator, which an unread tree may lack.
  LintOptions forgot;  // no fix targets given
  CHECK(marks(forgot) == "5:unsafe 6: 9:");
}

TEST_CASE("what the tree defines decides the marks of fixes that write a target", "[lint][fixability]") {
  LintOptions all;
  all.fix_targets = FixTargets::none_missing();
  CHECK(marks(all) == "5:unsafe 6:unsafe 9:unsafe");
  // A 2.6.0 tree: torch.accelerator, but no onlyAccelerator.
  LintOptions old;
  old.fix_targets = FixTargets(
      std::map<std::string, std::string>{{"torch.testing._internal.common_device_type.onlyAccelerator", "not in 2.6.0"}});
  CHECK(marks(old) == "5:unsafe 6:unsafe 9:");
}

TEST_CASE("fixability refuses a target of an unread tree, and says why", "[fixability]") {
  std::vector<FileFacts> files{scan_source(kMigrating)};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Verdict v = classify_class(files, resolution, Vocabulary::embedded(), ClassRef{0, 0});
  const DeviceSite* sync = nullptr;
  for (const DeviceSite& s : files[0].sites)
    if (s.text == "torch.cuda.synchronize()") sync = &s;
  REQUIRE(sync);
  std::string why;
  CHECK(site_fix_rule(files[0], *sync, v, Vocabulary::embedded(), FixTargets(), &why) == FixKind::None);
  CHECK(why == "accelerator-api: the torch tree was not read, so torch.accelerator.synchronize may be missing");
  CHECK(site_fix_rule(files[0], *sync, v, Vocabulary::embedded(), FixTargets::none_missing()) == FixKind::AcceleratorApi);
}

TEST_CASE("a parameter's default device is not rewritten to the parameter", "[fixability][issue30]") {
  // 1.13.1's test_mps.py: `def test_addmm(self, device="mps")` became
  // `device=device`, and the module raised NameError at import (the 1.13.1
  // runtime, after fix --unsafe-fixes).
  std::vector<FileFacts> files{scan_source("class TestA(TestCase):\n"
                                           "    def test_a(self, device='cuda'):\n"
                                           "        torch.ones(1, device='cuda')\n"
                                           "    def test_b(self):\n"
                                           "        torch.ones(1).cuda()\n")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Verdict v = classify_class(files, resolution, Vocabulary::embedded(), ClassRef{0, 0});
  std::vector<std::string> rules;
  for (const DeviceSite& s : files[0].sites) {
    if (s.kind != SiteKind::DeviceString) continue;
    std::string why;
    const FixKind kind = site_fix_rule(files[0], s, v, Vocabulary::embedded(), FixTargets::none_missing(), &why);
    rules.push_back(std::to_string(s.location.line) + ":" + (kind != FixKind::None ? fix_rule_id(kind) : why));
  }
  CHECK(rules == std::vector<std::string>{"2:device-to-param: 'cuda' is a parameter's default, evaluated where the "
                                          "class is defined, where `device` is no name",
                                          "3:device-to-param"});
}

}  // namespace hwclass
