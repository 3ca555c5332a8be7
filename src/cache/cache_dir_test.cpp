#include "cache/cache_dir.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cache/facts_cache.h"
#include "cache/pack_file.h"

using namespace hwclass;
namespace fs = std::filesystem;

namespace {

struct Box {
  fs::path dir;
  Box() {
    char tmpl[] = "/tmp/hwclass-cachedir-XXXXXX";
    dir = mkdtemp(tmpl);
  }
  ~Box() { fs::remove_all(dir); }
};

void put(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A pack as a run writes it: one entry.
void write_pack(const fs::path& dir) {
  pack::PackWriter w(dir, 7, 1);
  REQUIRE(w.add(1, pack::EntryKind::File, "facts"));
  REQUIRE(w.finish());
}

size_t count_packs(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += pack::written_by_pack_writer(e.path());
  return n;
}

}  // namespace

TEST_CASE("cache clean leaves the user's own .pack files and whatever else is theirs", "[cache]") {
  Box box;
  fs::path dir = box.dir / "mine";
  fs::create_directories(dir);
  put(dir / "model.pack", "PK\x03\x04 a user's archive, not a cache pack");
  put(dir / "notes.txt", "keep me\n");
  write_pack(dir);
  write_pack(dir);
  REQUIRE(count_packs(dir) == 2);
  CleanResult r = clean_cache(dir);
  CHECK(r.removed.packs == 2);
  CHECK(r.removed.entries == 2);
  CHECK(r.kept == 2);
  CHECK_FALSE(r.removed_dir);
  CHECK(read(dir / "model.pack") == "PK\x03\x04 a user's archive, not a cache pack");
  CHECK(read(dir / "notes.txt") == "keep me\n");
  CHECK(count_packs(dir) == 0);
}

TEST_CASE("cache clean keeps a file the user put in the directory hwclass made", "[cache]") {
  Box box;
  fs::path dir = box.dir / ".hwclass_cache";
  fs::create_directories(dir);
  mark_cache_dir(dir);
  write_pack(dir);
  put(dir / "README", "mine\n");
  CleanResult r = clean_cache(dir);
  CHECK(r.removed.packs == 1);
  CHECK(r.kept == 1);
  CHECK(read(dir / "README") == "mine\n");
  // The markers stay while they still cover something.
  CHECK(read(dir / ".gitignore") == "*\n");
  CHECK(fs::exists(dir / "CACHEDIR.TAG"));
}

TEST_CASE("cache clean removes a directory holding only what hwclass wrote", "[cache]") {
  Box box;
  fs::path dir = box.dir / "cache";
  fs::create_directories(dir);
  mark_cache_dir(dir);
  write_pack(dir);
  // A run that died before its rename: mkstemp's name, the header still zeros.
  put(dir / "tmp.4242.a1B2c3", std::string(200, '\0'));
  CleanResult r = clean_cache(dir);
  CHECK(r.kept == 0);
  CHECK(r.removed.packs == 1);
  CHECK(r.removed_dir);
  CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("only hwclass's own markers and temporaries count as hwclass's", "[cache]") {
  Box box;
  fs::path dir = box.dir / "cache";
  fs::create_directories(dir);
  put(dir / "CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n# another tool's cache\n");
  put(dir / ".gitignore", "*.o\n");
  put(dir / "tmp.4242.a1B2c3", "a user's scratch file with that name");
  CleanResult r = clean_cache(dir);
  CHECK(r.kept == 3);
  CHECK(read(dir / ".gitignore") == "*.o\n");
  CHECK(read(dir / "tmp.4242.a1B2c3") == "a user's scratch file with that name");
  CHECK(fs::exists(dir / "CACHEDIR.TAG"));
}

TEST_CASE("an existing cache directory gets the markers it lacks, never over a file", "[cache]") {
  Box box;
  SECTION("an empty .hwclass_cache made by hand") {
    fs::path dir = box.dir / ".hwclass_cache";
    fs::create_directories(dir);
    mark_cache_dir(dir);
    CHECK(read(dir / ".gitignore") == "*\n");
    CHECK(read(dir / "CACHEDIR.TAG").rfind("Signature: 8a477f597d28d172789f06886806bc55\n", 0) == 0);
    mark_cache_dir(dir);  // idempotent
    CHECK(read(dir / ".gitignore") == "*\n");
  }
  SECTION("an old cache whose .gitignore was deleted") {
    fs::path dir = box.dir / "cache";
    fs::create_directories(dir);
    mark_cache_dir(dir);
    write_pack(dir);
    fs::remove(dir / ".gitignore");
    { FactsCache cache(dir, "rules"); }  // a run that only reads
    CHECK(read(dir / ".gitignore") == "*\n");
  }
  SECTION("a user's own .gitignore stays as it is") {
    fs::path dir = box.dir / ".hwclass_cache";
    fs::create_directories(dir);
    put(dir / ".gitignore", "*.pack\n");
    mark_cache_dir(dir);
    CHECK(read(dir / ".gitignore") == "*.pack\n");
    CHECK(fs::exists(dir / "CACHEDIR.TAG"));
  }
  SECTION("a --cache-dir holding the user's files gets none") {
    fs::path dir = box.dir / "work";
    fs::create_directories(dir);
    put(dir / "data.csv", "1,2\n");
    mark_cache_dir(dir);
    CHECK_FALSE(fs::exists(dir / ".gitignore"));
    CHECK_FALSE(fs::exists(dir / "CACHEDIR.TAG"));
  }
  // No temporary is left behind either way.
  for (const auto& e : fs::recursive_directory_iterator(box.dir))
    CHECK(e.path().filename().string().rfind(".hwclass-marker.", 0) == std::string::npos);
}
