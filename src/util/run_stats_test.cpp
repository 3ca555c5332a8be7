// The run's counts, per file version, as JSON.
#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "util/run_stats.h"

using namespace hwclass;

TEST_CASE("run stats: counts per path and content, kinds never done left out", "[util][run-stats]") {
  RunStats stats;
  stats.add("test/test_a.py", 0x1, Work::Read);
  stats.add("test/test_a.py", 0x1, Work::Parse);
  stats.add("test/test_a.py", 0x1, Work::Lint, 2);
  stats.add("test/test_a.py", 0x2, Work::Parse);  // another version of the path: counted apart
  CHECK(stats.json("lint") ==
        "{\n \"command\": \"lint\",\n \"files\": {\n"
        "  \"test/test_a.py@0000000000000001\": {\n   \"Read\": 1,\n   \"Parse\": 1,\n   \"Lint\": 2\n  },\n"
        "  \"test/test_a.py@0000000000000002\": {\n   \"Parse\": 1\n  }\n },\n"
        " \"totals\": {\n  \"Read\": 1,\n  \"Parse\": 2,\n  \"CacheHit\": 0,\n  \"Lint\": 2,\n  \"Plan\": 0\n }\n}\n");
}

TEST_CASE("run stats: safe from several threads", "[util][run-stats]") {
  RunStats stats;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) stats.add("test/test_a.py", 7, Work::Lint);
    });
  for (std::thread& t : threads) t.join();
  CHECK(stats.json("x").find("\"Lint\": 4000") != std::string::npos);
}
