#include "cache/facts_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "facts/facts_io.h"
#include "parse/source_reader.h"
#include "support/scan_source.h"
#include "util/hash.h"

using namespace hwclass;
namespace fs = std::filesystem;

namespace {

const char* kSource = R"py(import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestX(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @onlyCUDA
    def test_a(self, device):
        x = torch.ones(2, device="cuda").cuda()


instantiate_device_type_tests(TestX, globals(), only_for=("cuda",), allow_mps=True)
)py";

struct Sandbox {
  fs::path dir;
  Sandbox() {
    char tmpl[] = "/tmp/hwclass-cache-XXXXXX";
    dir = mkdtemp(tmpl);
  }
  ~Sandbox() { fs::remove_all(dir); }
  SourceFile write(const std::string& text, bool old = true) {
    fs::path p = dir / "test_x.py";
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
    if (old) {  // older than the "racy" window, so its stat can be trusted
      struct timespec times[2] = {{1700000000, 0}, {1700000000, 0}};
      utimensat(AT_FDCWD, p.c_str(), times, 0);
    }
    return SourceFile{"test_x.py", p.string(), "test/test_x.py", true, true, false};
  }
};

FileFacts facts_of(const SourceFile& f, const std::string& text) {
  FileFacts facts = scan_source(text, f.relative_path);
  facts.path = f.display_path;
  facts.content_hash = hash64(text);
  facts.is_test_file = f.is_test_file;
  return facts;
}

}  // namespace

TEST_CASE("facts survive encoding, field for field", "[cache]") {
  FileFacts facts = scan_source(kSource, "test/test_x.py");
  REQUIRE(facts.sites.size() >= 3);
  std::string bytes = encode_facts(facts);
  FileFacts back = decode_facts(bytes);
  CHECK(encode_facts(back) == bytes);
  CHECK(back.classes.at(0).declaration.member == "ACCELERATOR");
  CHECK(back.instantiations.at(0).only_for.values == std::vector<std::string>{"cuda"});
  CHECK(back.sites.size() == facts.sites.size());
}

TEST_CASE("a truncated or garbled encoding is rejected, never trusted", "[cache]") {
  std::string bytes = encode_facts(scan_source(kSource, "test/test_x.py"));
  for (size_t n = 0; n < bytes.size(); n += 7) CHECK_THROWS_AS(decode_facts(bytes.substr(0, n)), BadFacts);
  CHECK_THROWS_AS(decode_facts(bytes + "x"), BadFacts);
  std::string huge = bytes;
  huge[0] = huge[1] = huge[2] = huge[3] = '\xff';  // a path length beyond the bytes
  CHECK_THROWS_AS(decode_facts(huge), BadFacts);
}

TEST_CASE("the cache gives back what was stored while nothing changed", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  FactsCache cache(box.dir / "cache", "rules-1");
  CHECK_FALSE(cache.by_stat(file));
  cache.store(file, facts_of(file, kSource));
  auto hit = cache.by_stat(file);
  REQUIRE(hit);
  CHECK(hit->path == "test_x.py");
  CHECK(encode_facts(*hit) == encode_facts(facts_of(file, kSource)));
  CHECK(cache.by_content(file, hash64(kSource)));
  CHECK(fs::exists(box.dir / "cache/CACHEDIR.TAG"));
  CHECK(cache_stats(box.dir / "cache").entries == 1);
}

TEST_CASE("the cache misses on a change of content, rules or build", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  FactsCache cache(box.dir / "cache", "rules-1");
  cache.store(file, facts_of(file, kSource));
  // Other rules (or another build: the identity also holds the binary's).
  FactsCache other(box.dir / "cache", "rules-2");
  CHECK_FALSE(other.by_stat(file));
  CHECK_FALSE(other.by_content(file, hash64(kSource)));
  // New content: the stat changes and so does the hash.
  std::string edited = std::string(kSource) + "# edited\n";
  box.write(edited);
  CHECK_FALSE(cache.by_stat(file));
  CHECK_FALSE(cache.by_content(file, hash64(edited)));
  // Same bytes, touched: the stat misses, the content hits.
  box.write(kSource, false);
  CHECK_FALSE(cache.by_stat(file));
  CHECK(cache.by_content(file, hash64(kSource)));
}

TEST_CASE("a file written just now is not trusted by its stat", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource, false);
  FactsCache cache(box.dir / "cache", "rules-1");
  cache.store(file, facts_of(file, kSource));
  CHECK_FALSE(cache.by_stat(file));  // a second write within the clock's granularity would look the same
  CHECK(cache.by_content(file, hash64(kSource)));
}

TEST_CASE("truncated, garbage and foreign entries are misses, then replaced", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  FactsCache cache(box.dir / "cache", "rules-1");
  cache.store(file, facts_of(file, kSource));
  fs::path entry;
  for (const auto& e : fs::directory_iterator(box.dir / "cache"))
    if (e.path().extension() == ".facts") entry = e.path();
  REQUIRE(!entry.empty());
  auto corrupt = [&](const std::string& bytes) {
    std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
    CHECK_FALSE(cache.by_stat(file));
    CHECK_FALSE(cache.by_content(file, hash64(kSource)));
  };
  std::ifstream in(entry, std::ios::binary);
  std::string whole((std::istreambuf_iterator<char>(in)), {});
  corrupt(whole.substr(0, whole.size() / 2));                  // truncated
  corrupt(std::string(whole.size(), 'x'));                      // garbage
  std::string flipped = whole;
  flipped[flipped.size() - 3] ^= 0x20;                          // one bit of the facts
  corrupt(flipped);
  corrupt("");
  cache.store(file, facts_of(file, kSource));
  CHECK(cache.by_stat(file));
}

TEST_CASE("cache clean removes what hwclass made", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  FactsCache cache(box.dir / "cache", "rules-1");
  cache.store(file, facts_of(file, kSource));
  clean_cache(box.dir / "cache");
  CHECK_FALSE(fs::exists(box.dir / "cache"));
}
