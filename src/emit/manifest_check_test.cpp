// select --check (issue 27): what runs, not where; a reclassification says
// old -> new; other options print the command that made the manifest.
#include "emit/manifest_check.h"

#include <catch2/catch.hpp>

#include "util/error.h"

using namespace hwclass;

namespace {

// A manifest as `hwclass select` writes it, by hand: two classes of test_a,
// TestFooCUDA in `foo_shard`, TestBar in shard 1.
std::string manifest(const std::string& foo_member, int foo_shard, const std::string& times = "[]",
                     bool with_foo = true) {
  std::string foo = R"({"test_file": "test_a", "class": "TestFoo", "runs_as": "TestFooCUDA", "device": "cuda",
       "hw_classification": ")" + foo_member + R"(", "source": "declared", "line": 3},)";
  return R"({"schema": "hwclass.manifest/v2", "command": "hwclass select --hw-classification ACCELERATOR --device cuda --shards 2",
    "inputs": {"paths": [], "junit": [], "test_class_times": )" + times + R"(},
    "selection": {"hw_classification": ["ACCELERATOR"], "use": "declared", "devices": ["cuda"], "environment": []},
    "classes": [)" + (with_foo ? foo : "") + R"(
      {"test_file": "test_a", "class": "TestBar", "runs_as": "TestBar", "device": null,
       "hw_classification": "ACCELERATOR", "source": "declared", "line": 9}],
    "shards": [{"shard": 1, "num_shards": 2, "tests": [{"test_file": "test_a", "included": ["TestBar"]}]},
               {"shard": )" + std::to_string(foo_shard) + R"(, "num_shards": 2,
                "tests": [{"test_file": "test_a", "included": ["TestFooCUDA"]}]}]})";
}

std::vector<std::string> changes(const std::string& before, const std::string& now, bool shards = false,
                                 const std::map<std::string, std::string>& elsewhere = {}) {
  return manifest_changes(read_manifest(before, "m.json"), read_manifest(now, "now"), elsewhere, CheckOptions{shards},
                          "m.json");
}

}  // namespace

TEST_CASE("select --check compares what runs; placement only on request", "[emit][check]") {
  // A timing refresh moved TestFooCUDA from shard 2 to shard 1: nothing CI runs changed.
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 1)).empty());
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 1), true) ==
        std::vector<std::string>{"moved        test_a::TestFooCUDA: shard 2 -> shard 1"});
  // Another timing file changes where classes run, not which: no usage error by default.
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 2, R"(["times.json"])")).empty());
  CHECK_THROWS_AS(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 2, R"(["times.json"])"), true), UsageError);
}

TEST_CASE("select --check: a reclassification says old -> new, in or out of the selection", "[emit][check]") {
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("GENERIC", 2)) ==
        std::vector<std::string>{"reclassified test_a::TestFooCUDA: ACCELERATOR, declared, device cuda -> GENERIC, "
                                 "declared, device cuda"});
  // Declared CUDA now: no longer an ACCELERATOR class, so it left the selection.
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 2, "[]", false), false,
                {{"test_a::TestFoo", "CUDA, declared"}}) ==
        std::vector<std::string>{"reclassified test_a::TestFooCUDA: ACCELERATOR, declared, device cuda -> CUDA, "
                                 "declared (no longer selected)"});
  // Gone from the tree: removed.
  CHECK(changes(manifest("ACCELERATOR", 2), manifest("ACCELERATOR", 2, "[]", false)) ==
        std::vector<std::string>{"removed      test_a::TestFooCUDA (ACCELERATOR, declared, device cuda)"});
}

TEST_CASE("select --check with other options prints the command that made the manifest", "[emit][check]") {
  std::string other = manifest("ACCELERATOR", 2);
  other.replace(other.find(R"("use": "declared")"), 17, R"("use": "inferred")");
  CHECK_THROWS_WITH(changes(manifest("ACCELERATOR", 2), other),
                    "--check m.json: the manifest was made with other options: 'hwclass select --hw-classification "
                    "ACCELERATOR --device cuda --shards 2'; check with those, or remake it with these and -o m.json");
  CHECK_THROWS_WITH(read_manifest("{\"classes\": 3}", "x.json"), "x.json: not a hwclass manifest");
}
