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
  // Writes test/NAME's stand-in: `name` in the sandbox, as repository path test/NAME.
  SourceFile write(const std::string& text, bool old = true, const std::string& name = "test_x.py") {
    fs::path p = dir / name;
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
    if (old) {  // older than the "racy" window, so its stat can be trusted
      struct timespec times[2] = {{1700000000, 0}, {1700000000, 0}};
      utimensat(AT_FDCWD, p.c_str(), times, 0);
    }
    return SourceFile{name, p.string(), "test/" + name, true, true, false};
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

namespace {

// Facts with every field of every struct set, none to its default, and the
// enums at their last value (the decoder's bound) where that is no default
// (a FileIssue is an Error by default, so this one is a Warning): a field
// the encoder drops comes back as its default and the comparison with the
// original fails.
// A field added to facts.h is set here too.
FileFacts every_field_set() {
  Location loc{3, 4, 50, 60};
  Decorator deco{"nccl_skip_if_lt_x_gpu", "nccl_skip_if_lt_x_gpu(BACKEND, 2)", 7,
                 {DeviceCount{DeviceCount::State::Unknown, 0, "BACKEND"}, DeviceCount{DeviceCount::State::Known, 2, "2"}}, 5};
  DeviceName runtime = DeviceName::of(DeviceNaming::RunTime);
  DeviceName cuda = DeviceName::one("cuda");

  Method m;
  m.name = "test_a";
  m.line = 9;
  m.column = 5;
  m.is_async = true;
  m.is_test = true;
  m.parameters = {Parameter{"device", ParamKind::VarKwargs, true}};
  m.decorators = {deco};
  m.self_end_byte = 123;
  m.start_byte = 100;
  m.end_byte = 200;

  Declaration d;
  d.state = DeclarationState::Invalid;
  d.member = "DEVICE_GENERIC";
  d.alias_of = "ACCELERATOR";
  d.reason = InvalidReason::OtherExpression;
  d.annotated = true;
  d.value_text = "f()";
  d.annotation_text = "HardwareClassification";
  d.location = Location{6, 5, 70, 80};

  ClassFact c;
  c.name = "TestX";
  c.line = 5;
  c.column = 3;
  c.bases = {"TestCase"};
  c.decorators = {Decorator{"requires_world_size", "requires_world_size(n)", 4,
                            {DeviceCount{DeviceCount::State::Unknown, 0, "n"}}, 1}};
  c.body_start_byte = 65;
  c.body_end_byte = 300;
  c.docstring_end_byte = 90;
  c.is_test_class = true;
  c.damaged = true;
  c.declaration = d;
  c.methods = {m};

  Instantiation i;
  i.kind = InstantiateKind::Parametrized;
  i.target = "TestX";
  i.target_text = "TestX";
  i.line = 20;
  i.column = 7;
  i.statement_level = false;
  i.attribute_form = true;
  i.only_for = DeviceList{DeviceList::State::Unknown, {"cuda"}, "devices"};
  i.except_for = DeviceList{DeviceList::State::Literal, {"cpu", "mps"}, "('cpu', 'mps')"};
  i.keyword_flags = {{"allow_mps", Tristate::Unknown}};

  DeviceSite site;
  site.kind = SiteKind::DeviceGlobalUse;
  site.device = runtime;
  site.text = "device_type";
  site.location = loc;
  site.class_index = 0;
  site.method = "test_a";
  site.role = DecoratorRole::Requires;
  site.in_decorator = site.in_condition = site.skips_test = site.guarded = site.skip_when_present = site.value_only = true;
  site.via_alias = site.bare_call = site.chained = true;
  site.walk_statement = 2;
  site.walk_depth = 3;

  Import imp;
  imp.module = "torch.cuda";
  imp.name = "synchronize";
  imp.alias = "sync";
  imp.line = 2;
  imp.start_byte = 10;
  imp.end_byte = 40;
  imp.try_line = 1;

  ModuleBinding binding;
  binding.name = "devices";
  binding.line = 12;
  binding.deleted = true;
  binding.conditional = true;
  binding.literal = ModuleBinding::Literal::False;
  binding.values = {"cuda", "hpu"};

  FileFacts f;
  f.path = "x/test_x.py";
  f.relative_path = "test/test_x.py";
  f.is_test_file = f.is_test_file_v7 = f.readable = true;
  f.size_bytes = 4096;
  f.content_hash = 0x0123456789abcdefULL;
  f.encoding = "iso-8859-1";
  f.issues = {FileIssue{IssueSeverity::Warning, "grammar-gap", "a gap", 8, 2, true}};
  f.classes = {c};
  f.instantiations = {i};
  f.calls_run_tests = true;
  f.extended_classes = {"TestX"};
  f.name_reads = {NameRead{"TestX", "load_tests", 21, 400, true}};
  f.main_guard_byte = 500;
  f.module_skip_line = 17;
  f.imports = {imp};
  f.loads = {Import{"inductor.test_util", "", "", 40, 900, 950, 38}};
  f.device_globals = {DeviceGlobal{"device_type", cuda, 3, false, ""},
                      DeviceGlobal{"get_device", DeviceName::of(DeviceNaming::Unknown), 5, true, "DEVICE"}};
  f.notest_rebindings = {NoTestRebinding{"TestCase", "not TEST_CUDA", false, 11}};
  f.module_bindings = {binding};
  f.module_tests = {{"test_free", 30}};
  f.sites = {site};
  f.owners = {"module: mps"};
  f.statements = {TopStatement{0, 20, 0, {}, true}, TopStatement{21, 90, 40, {{45, 60}, {65, 90}}, false}};
  return f;
}

}  // namespace

TEST_CASE("facts survive encoding, field for field", "[cache]") {
  // Compared with the original structs by value, not by encoding again: an
  // encoder that forgets a field would agree with itself.
  const FileFacts all = every_field_set();
  CHECK(decode_facts(encode_facts(all)) == all);
  // Each field on its own: the check above must be able to fail.
  FileFacts other = all;
  other.classes[0].methods[0].parameters[0].has_default = false;
  CHECK_FALSE(other == all);
  other = all;
  other.sites[0].walk_depth = 0;
  CHECK_FALSE(other == all);

  // And what the scanner makes of real source.
  FileFacts facts = scan_source(kSource, "test/test_x.py");
  REQUIRE(facts.sites.size() >= 3);
  CHECK(decode_facts(encode_facts(facts)) == facts);
}

TEST_CASE("a truncated or garbled encoding is rejected, never trusted", "[cache]") {
  std::string bytes = encode_facts(scan_source(kSource, "test/test_x.py"));
  for (size_t n = 0; n < bytes.size(); n += 7) CHECK_THROWS_AS(decode_facts(bytes.substr(0, n)), BadFacts);
  CHECK_THROWS_AS(decode_facts(bytes + "x"), BadFacts);
  std::string huge = bytes;
  huge[0] = huge[1] = huge[2] = huge[3] = '\xff';  // a path length beyond the bytes
  CHECK_THROWS_AS(decode_facts(huge), BadFacts);
}

namespace {
size_t count_files(const fs::path& dir, const std::string& suffix) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().string().find(suffix) != std::string::npos) ++n;
  return n;
}
fs::path only_pack(const fs::path& dir) {
  fs::path found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".pack") found = e.path();
  return found;
}
}  // namespace

TEST_CASE("the cache gives back what was stored while nothing changed", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  {
    FactsCache cache(box.dir / "cache", "rules-1");
    CHECK_FALSE(cache.by_stat(file));
    cache.store(file, facts_of(file, kSource));
  }  // the run ends: its pack is written
  FactsCache cache(box.dir / "cache", "rules-1");
  auto hit = cache.by_stat(file);
  REQUIRE(hit);
  CHECK(hit->path == "test_x.py");
  CHECK(*hit == facts_of(file, kSource));
  CHECK(cache.by_content(file, hash64(kSource)));
  CHECK(fs::exists(box.dir / "cache/CACHEDIR.TAG"));
  CacheStats stats = cache_stats(box.dir / "cache");
  CHECK(stats.entries == 1);
  CHECK(stats.packs == 1);
}

TEST_CASE("a run writes one pack however many files it stores, and no temporary file stays", "[cache]") {
  Sandbox box;
  std::vector<SourceFile> files;
  {
    FactsCache cache(box.dir / "cache", "rules-1");
    for (int i = 0; i < 50; ++i) {
      std::string text = std::string(kSource) + "# " + std::to_string(i) + "\n";
      files.push_back(box.write(text, true, "test_" + std::to_string(i) + ".py"));
      cache.store(files.back(), facts_of(files.back(), text));
    }
    cache.commit();
    cache.commit();  // idempotent
  }
  CHECK(count_files(box.dir / "cache", ".pack") == 1);
  CHECK(count_files(box.dir / "cache", "tmp.") == 0);
  FactsCache cache(box.dir / "cache", "rules-1");
  for (const SourceFile& f : files) CHECK(cache.by_stat(f));
  CHECK(cache_stats(box.dir / "cache").entries == 50);
}

TEST_CASE("a run that stores nothing writes nothing", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  { FactsCache cache(box.dir / "cache", "rules-1"); CHECK_FALSE(cache.by_stat(file)); }
  CHECK_FALSE(fs::exists(box.dir / "cache"));
}

TEST_CASE("the cache misses on a change of content, rules or build", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  FactsCache cache(box.dir / "cache", "rules-1");
  // Other rules (or another build: the identity also holds the binary's hash).
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

TEST_CASE("entries are keyed by content and path, so a cache restored into another clone hits", "[cache]") {
  Sandbox box, clone;
  SourceFile file = box.write(kSource);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  fs::copy(box.dir / "cache", clone.dir / "cache");
  SourceFile there = clone.write(kSource);  // the same repository path, elsewhere on disk
  FactsCache cache(clone.dir / "cache", "rules-1");
  CHECK_FALSE(cache.by_stat(there));  // another absolute path: the file must be read
  auto hit = cache.by_content(there, hash64(kSource));
  REQUIRE(hit);
  CHECK(hit->path == there.display_path);
  // The same bytes at another repository path are another entry: facts hold the path.
  SourceFile moved = there;
  moved.relative_path = "test/other/test_x.py";
  CHECK_FALSE(cache.by_content(moved, hash64(kSource)));
}

TEST_CASE("a file written just now is not trusted by its stat", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource, false);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  FactsCache cache(box.dir / "cache", "rules-1");
  CHECK_FALSE(cache.by_stat(file));  // a second write within the clock's granularity would look the same
  CHECK(cache.by_content(file, hash64(kSource)));
}

TEST_CASE("truncated, garbage and bit-flipped packs are misses, then replaced", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  fs::path pack = only_pack(box.dir / "cache");
  REQUIRE(!pack.empty());
  std::ifstream in(pack, std::ios::binary);
  std::string whole((std::istreambuf_iterator<char>(in)), {});
  auto corrupt = [&](const std::string& bytes) {
    std::ofstream(pack, std::ios::binary | std::ios::trunc) << bytes;
    FactsCache cache(box.dir / "cache", "rules-1");
    CHECK_FALSE(cache.by_stat(file));
    CHECK_FALSE(cache.by_content(file, hash64(kSource)));
  };
  corrupt(whole.substr(0, whole.size() / 2));  // truncated
  corrupt(std::string(whole.size(), 'x'));     // garbage
  for (size_t at : {size_t{9}, size_t{70}, whole.size() / 2, whole.size() - 3}) {  // a bit of the header, the facts, the tables
    std::string flipped = whole;
    flipped[at] ^= 0x20;
    corrupt(flipped);
  }
  corrupt("");
  fs::remove(pack);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  CHECK(FactsCache(box.dir / "cache", "rules-1").by_stat(file));
}

TEST_CASE("many runs' packs are merged into one, keeping every file's newest entry", "[cache]") {
  Sandbox box;
  std::vector<std::pair<SourceFile, std::string>> files;
  for (int run = 0; run < 12; ++run) {
    std::string text = std::string(kSource) + "# run " + std::to_string(run) + "\n";
    files.emplace_back(box.write(text, true, "test_" + std::to_string(run) + ".py"), text);
    FactsCache cache(box.dir / "cache", "rules-1");
    for (const auto& [f, t] : files)
      if (!cache.by_stat(f)) cache.store(f, facts_of(f, t));  // what a run does: store its misses only
  }
  CHECK(count_files(box.dir / "cache", ".pack") <= 8);
  FactsCache cache(box.dir / "cache", "rules-1");
  for (const auto& [f, t] : files) {
    auto hit = cache.by_stat(f);
    REQUIRE(hit);
    CHECK(hit->content_hash == hash64(t));
  }
}

TEST_CASE("two runs filling one cache at once both leave whole packs", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  FactsCache a(box.dir / "cache", "rules-1"), b(box.dir / "cache", "rules-1");
  a.store(file, facts_of(file, kSource));
  b.store(file, facts_of(file, kSource));
  a.commit();
  b.commit();
  CHECK(count_files(box.dir / "cache", ".pack") == 2);
  CHECK(FactsCache(box.dir / "cache", "rules-1").by_stat(file));
}

TEST_CASE("cache clean removes what hwclass made", "[cache]") {
  Sandbox box;
  SourceFile file = box.write(kSource);
  { FactsCache(box.dir / "cache", "rules-1").store(file, facts_of(file, kSource)); }
  clean_cache(box.dir / "cache");
  CHECK_FALSE(fs::exists(box.dir / "cache"));
}
