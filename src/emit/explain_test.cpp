// explain shows the whole picture (issue 32, item 4): what lint reports on
// the class now comes first, typos included; --all lists every line it
// counts; the numbers in its sentences are the lists it prints.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "emit/verdicts.h"
#include "lint/advice.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Explained {
  std::string text, json;
};

Explained explain(const std::string& source, const std::string& cls, bool all) {
  std::vector<FileFacts> files{scan_source(source, "test/test_x.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis world = analyze(files, resolution, Vocabulary::embedded());
  for (const Verdict& v : listed_verdicts(world)) {
    if (files[0].classes[v.ref.cls].name != cls) continue;
    const Advice advice = advise(v, world, true);
    const std::string& accelerator = Vocabulary::embedded().members.accelerator();
    return {explain_text(files, resolution, v, advice, {nullptr, all, {"cpu", "cuda"}, {}, accelerator}),
            verdicts_output(files, resolution, {v}, {advice}, {"json", nullptr, true})};
  }
  FAIL("no verdict for " << cls);
  return {};
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

const char* kTypo = R"(import torch
from torch.testing._internal.common_utils import TestCase, run_tests, HardwareClassification


class TestTypo(TestCase):
    hw_classification = HardwareClassification.GENRIC

    def test_add(self):
        self.assertEqual(torch.ones(2) + 1, torch.full((2,), 2.0))
)";

// Three tests hardcode cuda in an instantiated class: ACCELERATOR, lowered
// by the three sites; declared ACCELERATOR, lint warns on each line.
const char* kHardcoded = R"(import torch
from torch.testing._internal.common_utils import TestCase, run_tests, HardwareClassification
from torch.testing._internal.common_device_type import instantiate_device_type_tests


class TestAdd(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        x = torch.ones(2, device="cuda")

    def test_b(self, device):
        y = torch.ones(2, device="cuda")

    def test_c(self, device):
        z = torch.zeros(2, device="cuda")

    def test_d(self, device):
        w = torch.zeros(2, device=device)


instantiate_device_type_tests(TestAdd, globals())
)";

}  // namespace

TEST_CASE("explain: an invalid declaration and lint's findings on it come first", "[explain]") {
  Explained e = explain(kTypo, "TestTypo", false);
  // The headline names what is written, not "not declared".
  CHECK(e.text.find("declared as HardwareClassification.GENRIC (line 6), which is not a valid declaration") !=
        std::string::npos);
  CHECK(e.text.find("not declared") == std::string::npos);
  // The typo's finding, with upstream's suggestion, before the verdict's rules.
  size_t typo = e.text.find("line 6: Test class 'TestTypo': 'HardwareClassification.GENRIC' names no member; did you mean GENERIC?");
  REQUIRE(typo != std::string::npos);
  CHECK(typo < e.text.find("rules fired:"));
  CHECK(e.json.find("\"current_errors\"") != std::string::npos);
  CHECK(count(e.json, "\"kind\": \"unknown-member\"") == 1);
}

TEST_CASE("explain --all lists every line it counts; sentences count what is listed", "[explain]") {
  Explained brief = explain(kHardcoded, "TestAdd", false);
  Explained all = explain(kHardcoded, "TestAdd", true);
  // The three hardcoding lines (10, 13, 16), each listed with --all.
  for (const char* line : {"line 10: ", "line 13: ", "line 16: "}) CHECK(count(all.text, line) >= 1);
  // The confidence sentence counts three sites and lists them; it does not
  // call them blockers, which in the JSON are lint's errors.
  CHECK(brief.text.find("3 sites") != std::string::npos);
  CHECK(brief.text.find("(the blockers)") == std::string::npos);
  CHECK(count(brief.json.substr(brief.json.find("\"confidence_sites\""),
                                brief.json.find("\"rules\"") - brief.json.find("\"confidence_sites\"")),
              "\"line\":") == 3);
}

TEST_CASE("explain: a mixed class's device tests are its evidence", "[explain]") {
  Explained e = explain(R"(import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestMixed(TestCase):
    def test_a(self):
        pass

    def test_b(self):
        pass

    def test_c(self):
        x = torch.ones(2, device="cuda")
)",
                        "TestMixed", false);
  // It says it splits test_c out for cuda, so the "cuda" on line 13 is evidence.
  CHECK(e.text.find("TestMixedDevice") != std::string::npos);
  CHECK(e.text.find("evidence: 0 sites") == std::string::npos);
  CHECK(e.text.find("line 13  \"cuda\"  in TestMixed.test_c") != std::string::npos);
  CHECK(e.text.find("does not skip itself without cuda: on a GENERIC runner it passes") != std::string::npos);
}
