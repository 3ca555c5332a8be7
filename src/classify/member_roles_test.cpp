// Issue 31 item 4: classify, lint and emit name the generic and accelerator
// members by their role in the rules, never by a literal. Rules that rename
// them (here the built-in rules with the two members renamed) must give the
// same decisions under the new names; the old code printed ACCELERATOR,
// which such rules do not even have.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "emit/verdicts.h"
#include "lint/linter.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"
#include "vocab/rules_document.h"
#include "vocab/vocabulary.h"

namespace hwclass {
namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The built-in rules with "ACCELERATOR" and "GENERIC" (quoted: the members
// list, the alias and the accelerator table's member) renamed.
const Vocabulary& renamed() {
  static const Vocabulary v = Vocabulary::from_toml(
      replaced(replaced(std::string(embedded_rules_text()), "\"ACCELERATOR\"", "\"ANY_ACCEL\""), "\"GENERIC\"",
               "\"NO_DEVICE\""),
      "renamed.toml");
  return v;
}

const char* kSource = R"(class TestAnywhere(TestCase):
    def test_a(self, device):
        torch.ones(2, device=device)


instantiate_device_type_tests(TestAnywhere, globals())


class TestPlain(TestCase):
    def test_b(self):
        self.assertEqual(1, 1)


class TestDeclared(TestCase):
    hw_classification = HardwareClassification.ANY_ACCEL

    def test_c(self, device):
        pass
)";

}  // namespace

TEST_CASE("renamed generic and accelerator members keep their meaning", "[classify][vocab]") {
  const Vocabulary& v = renamed();
  REQUIRE(v.members.accelerator() == "ANY_ACCEL");
  REQUIRE(v.members.generic() == "NO_DEVICE");
  std::vector<FileFacts> files{scan_source(kSource, "test/test_x.py", v)};
  Resolution resolution = resolve(files, v);
  std::vector<Verdict> verdicts = classify(files, resolution, v);
  REQUIRE(verdicts.size() == 3);
  // Read from kSource: an instantiated class that takes `device` runs on any
  // accelerator; a class with no device code needs none.
  CHECK(verdicts[0].inferred == "ANY_ACCEL");
  CHECK(verdicts[1].inferred == "NO_DEVICE");
  // The alias (DEVICE_GENERIC) now stands for the renamed member, and the seed names print it.
  CHECK(member_name("ANY_ACCEL", &v.members) == "DEVICE_GENERIC");
  // Upstream's [instantiation]: a class declared with the accelerator member
  // that no instantiate call names, at its class line (14).
  LintOptions options;
  options.select = {"instantiation"};
  const Analysis world = analyze(files, resolution, v);
  std::vector<Finding> found = lint_file(files[0], v, options, &world, 0);
  REQUIRE(found.size() == 1);
  CHECK(found[0].line == 14);
}

}  // namespace hwclass
