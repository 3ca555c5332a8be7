#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "emit/facts_json.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

nlohmann::json scan_json(const FileFacts& f) {
  char name[] = "/tmp/hwclass-facts-json-XXXXXX";
  int fd = mkstemp(name);
  REQUIRE(fd >= 0);
  close(fd);
  {
    OutputSink sink(name);
    FactsJsonStream stream(sink);
    stream.add(f);
    stream.finish();
    sink.commit();
  }
  std::ifstream in(name);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(name);
  return nlohmann::json::parse(text.str());
}

}  // namespace

// Issue 29: the scan JSON is the fact model, and a from-imported name read
// where a device goes is a fact of its own (its device is the imported
// module's to say), kept apart from `sites`.
TEST_CASE("scan JSON lists the imported names read where a device goes", "[emit][issue29]") {
  FileFacts f = scan_source(R"(from common import DEV
class T(TestCase):
    def test_a(self):
        torch.ones(1, device=DEV)
)");
  nlohmann::json file = scan_json(f)["files"][0];
  REQUIRE(file.contains("imported_uses"));
  REQUIRE(file["imported_uses"].size() == 1);
  const nlohmann::json& use = file["imported_uses"][0];
  // Read off the source: `DEV` on line 4, in T.test_a.
  CHECK(use["text"] == "DEV");
  CHECK(use["line"] == 4);
  CHECK(use["owner"] == "T.test_a");
  CHECK(file["sites"].empty());
}
