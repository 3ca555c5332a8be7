#include <catch2/catch.hpp>

#include <string>

#include "util/error.h"
#include "vocab/rules_document.h"
#include "vocab/vocabulary.h"

using namespace hwclass;

namespace {

// The built-in rules with `text` laid over them, as --rules-extend does.
Vocabulary extended(const std::string& text, const std::string& name = "vendor.toml") {
  RulesDocument document = parse_rules(embedded_rules_text(), "<embedded>");
  extend_rules(document, parse_rules(text, name).root);
  return Vocabulary::from_document(document);
}

}  // namespace

TEST_CASE("an extension adds a table and replaces single keys of the others", "[vocab][rules-extend]") {
  Vocabulary v = extended("[instantiate]\nprivateuse1 = [\"npu\"]\n\n[device.npu]\nstrings = [\"npu\"]\n");
  REQUIRE(v.device("npu"));
  CHECK(v.device_of_string("npu:1") == std::optional<std::string_view>("npu"));
  CHECK(v.privateuse1_devices == std::vector<std::string>{"npu"});
  // [instantiate]'s other keys stay as built in.
  CHECK(v.default_devices == Vocabulary::embedded().default_devices);
  CHECK(v.opt_in_devices == Vocabulary::embedded().opt_in_devices);
  // A table named again is replaced whole: cuda without its strings.
  Vocabulary w = extended("[device.cuda]\nmember = \"CUDA\"\n");
  CHECK_FALSE(w.device_of_string("cuda"));
  CHECK(w.device_of_member("CUDA"));
}

TEST_CASE("the rules' hash is of their values, not their bytes", "[vocab][rules-extend]") {
  const std::string full = std::string(embedded_rules_text()) + "\n# a comment\n[device.npu]\nstrings = [\"npu\"]\n";
  Vocabulary copy = Vocabulary::from_toml(full, "devices.toml");
  Vocabulary layered = extended("[device.npu]\nstrings = [\"npu\"]  # the same table\n");
  CHECK(copy.rules_hash == layered.rules_hash);
  CHECK(copy.rules_hash != Vocabulary::embedded().rules_hash);
}

TEST_CASE("an extension's errors name its file and line", "[vocab][rules-extend]") {
  CHECK_THROWS_WITH(extended("\n[device.npu]\nstrngs = []\n", "npu.toml"),
                    "npu.toml:3: unknown key 'strngs' in [device.npu]");
  CHECK_THROWS_WITH(extended("[instantiate]\nprivateuse1 = [\"npu\"]\n", "npu.toml"),
                    "npu.toml:2: [instantiate] privateuse1 names 'npu', which has no [device.npu] table");
  CHECK_THROWS_WITH(extended("schema = 2\n", "npu.toml"), "npu.toml:1: 'schema' must be 1");
  CHECK_THROWS_AS(extended("[device.npu\n", "npu.toml"), ConfigError);
}
