// A session's files by role, and the context each policy reads.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>

#include "resolve/session.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

// A session over sources given here, with the roles given, in that order.
Session session_of(const std::vector<std::pair<std::string, std::string>>& sources, std::vector<FileRole> roles,
                   bool resolve = true) {
  std::vector<SourceFile> files;
  std::vector<FileFacts> facts;
  for (const auto& [path, text] : sources) {
    files.push_back(SourceFile{path, "/r/" + path, path, true});
    facts.push_back(scan_source(text, path));
  }
  return Session("/r", Vocabulary::embedded(), std::move(files), std::move(facts), std::move(roles), resolve);
}

const char* const kBase = "from torch.testing._internal.common_utils import TestCase\n"
                          "class Base(TestCase):\n    def test_a(self): pass\n";
const char* const kChild = "from base import Base\nclass TestChild(Base):\n    def test_b(self): pass\n";

// The repository-relative paths of the files with `role`, in file order.
std::vector<std::string> paths(const Session& s, FileRole role) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.files().size(); ++i)
    if (s.role(i) == role) out.push_back(s.files()[i].relative_path);
  return out;
}

}  // namespace

TEST_CASE("session: named files are found by role, wherever they sit", "[resolve][session]") {
  const Session s = session_of({{"test/a.py", kChild}, {"test/base.py", kBase}, {"test/c.py", kChild}},
                               {FileRole::Named, FileRole::Context, FileRole::Named});
  CHECK(s.named() == std::vector<size_t>{0, 2});
  CHECK(s.is_named(0));
  CHECK_FALSE(s.is_named(1));
  CHECK(s.role(1) == FileRole::Context);
  CHECK(s.index_of("test/base.py") == std::optional<size_t>(1));
  CHECK(s.index_of("test/c.py") == std::optional<size_t>(2));
  CHECK_FALSE(s.index_of("test/missing.py"));
  CHECK(s.sources()[2].relative_path == "test/c.py");
}

TEST_CASE("session: no roles given makes every file named", "[resolve][session]") {
  const Session s = session_of({{"test/a.py", kChild}, {"test/base.py", kBase}}, {});
  CHECK(s.named() == std::vector<size_t>{0, 1});
  CHECK(s.roles() == std::vector<FileRole>{FileRole::Named, FileRole::Named});
}

TEST_CASE("session: roles must be parallel to the files", "[resolve][session]") {
  CHECK_THROWS_AS(session_of({{"test/a.py", kChild}}, {FileRole::Named, FileRole::Context}), std::logic_error);
}

TEST_CASE("session: one resolution over every file, context included", "[resolve][session]") {
  const Session s = session_of({{"test/test_child.py", kChild}, {"test/base.py", kBase}},
                               {FileRole::Named, FileRole::Context});
  // TestChild's base resolves into the context file, and so its test.
  const ResolvedClass& child = s.resolution().of(ClassRef{0, 0});
  REQUIRE(child.mro.size() >= 2);
  CHECK(child.mro[1] == ClassRef{1, 0});
  CHECK(child.tests.size() == 2);
}

TEST_CASE("session: opened without a resolution, none is read", "[resolve][session]") {
  const Session s = session_of({{"test/a.py", kChild}}, {}, false);
  CHECK_FALSE(s.resolved());
  CHECK_THROWS_AS(s.resolution(), std::logic_error);
}

TEST_CASE("session: another revision of the named files keeps the context", "[resolve][session]") {
  const Session now = session_of({{"test/test_child.py", kChild}, {"test/base.py", kBase}},
                                 {FileRole::Named, FileRole::Context});
  FileFacts before = scan_source("from base import Base\nclass TestOld(Base):\n    pass\n", "test/test_child.py");
  const Session then = now.with_named_replaced({before});
  CHECK(paths(then, FileRole::Named) == std::vector<std::string>{"test/test_child.py"});
  CHECK(paths(then, FileRole::Context) == std::vector<std::string>{"test/base.py"});
  CHECK(then.files()[0].classes[0].name == "TestOld");
  // Resolved again: the old class inherits the context's test.
  CHECK(then.resolution().of(ClassRef{0, 0}).tests.size() == 1);
}

namespace {

// A checkout on disk: a named test importing a base from a helper package,
// and another test file that imports it.
std::filesystem::path write_tree() {
  const auto root = std::filesystem::temp_directory_path() / ("hwclass-session-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  const std::map<std::string, std::string> files{
      {"test/test_a.py", "from torch.testing._internal.common_x import XBase\nclass TestA(XBase):\n"
                         "    def test_a(self): pass\n"},
      {"test/test_b.py", "from test_a import TestA\nclass TestB(TestA):\n    pass\n"},
      {"torch/testing/_internal/common_x.py", "import unittest\nclass XBase(unittest.TestCase):\n    pass\n"},
      {"torch/testing/_internal/__init__.py", ""}};
  for (const auto& [path, text] : files) {
    std::filesystem::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  }
  return root;
}

Session open(const std::filesystem::path& root, ContextPolicy policy) {
  const Vocabulary& vocabulary = Vocabulary::embedded();
  CachedReader reader(std::nullopt, vocabulary, 1);
  SessionRequest request;
  request.root = root;
  request.sources = discover({(root / "test" / "test_a.py").string()}, root).files;
  request.facts = reader.read(request.sources);
  request.context = policy;
  return open_session(std::move(request), vocabulary, reader, DiskTree(root));
}

}  // namespace

TEST_CASE("open_session: each policy's context, as Context files", "[resolve][session]") {
  const auto root = write_tree();
  SECTION("none") {
    const Session s = open(root, ContextPolicy::None);
    CHECK(paths(s, FileRole::Named) == std::vector<std::string>{"test/test_a.py"});
    CHECK(paths(s, FileRole::Context).empty());
  }
  SECTION("imports: the base's module") {
    const Session s = open(root, ContextPolicy::Imports);
    CHECK(paths(s, FileRole::Named) == std::vector<std::string>{"test/test_a.py"});
    CHECK(paths(s, FileRole::Context) == std::vector<std::string>{"torch/testing/_internal/common_x.py"});
    CHECK(s.resolution().of(ClassRef{0, 0}).mro.size() >= 2);
  }
  SECTION("the test tree: every other file under test/") {
    const Session s = open(root, ContextPolicy::TestTree);
    CHECK(paths(s, FileRole::Context) == std::vector<std::string>{"test/test_b.py"});
  }
  SECTION("imports, then the test tree") {
    const Session s = open(root, ContextPolicy::ImportsAndTestTree);
    CHECK(paths(s, FileRole::Context) ==
          std::vector<std::string>{"torch/testing/_internal/common_x.py", "test/test_b.py"});
  }
  std::filesystem::remove_all(root);
}
