// Property test for add-import's edits on a real tree (HWCLASS_IMPORT_TREE):
// a new name goes into every `from m import ...` statement of every Python
// file under test/ at once, each statement its own name, and CPython (not
// the tool) says whether the result compiles and where each name landed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <filesystem>
#include <fstream>

#include "cli/common.h"
#include "support/scan_source.h"
#include "fix/fixes.h"
#include "util/subprocess.h"

using namespace hwclass;

namespace {

// For each "PATH<TAB>NAME<TAB>LINE" row: compile(), then the ImportFrom
// statement that binds NAME must start on LINE. Prints one line per failure.
constexpr const char* kCheck = R"(import ast, collections, sys
wanted = collections.defaultdict(list)
for row in open(sys.argv[1], encoding="utf-8"):
    path, name, line = row.rstrip("\n").split("\t")
    wanted[path].append((name, int(line)))
for path, names in wanted.items():
    src = open(path, "rb").read()
    try:
        compile(src, path, "exec", dont_inherit=True)
        tree = ast.parse(src)
    except (SyntaxError, ValueError) as e:
        print("%s: does not compile: %s" % (path, e)); continue
    at = collections.defaultdict(list)
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom):
            for a in n.names:
                at[a.name].append(n.lineno)
    for name, line in names:
        if at[name] != [line]:
            print("%s: %s imported at %s, wanted line %d" % (path, name, at[name], line))
)";

}  // namespace

TEST_CASE("add-import's edit compiles in every from-import statement of a real tree", "[imports-corpus]") {
  const char* tree = std::getenv("HWCLASS_IMPORT_TREE");
  REQUIRE(tree);
  Run run = scan_tree(tree);
  const Session& result = run.session();
  const auto work = std::filesystem::temp_directory_path() / ("hwclass-imports-" + std::to_string(::getpid()));
  std::filesystem::create_directories(work);
  std::ofstream manifest(work / "manifest.tsv");
  Resolution resolution;
  std::map<int, Verdict> verdicts;
  size_t statements = 0, files = 0, star = 0;
  for (size_t i = 0; i < result.files().size(); ++i) {
    const FileFacts& f = result.files()[i];
    if (!f.readable || f.has_syntax_error()) continue;
    std::ifstream in(result.sources()[i].absolute_path, std::ios::binary);
    std::string source((std::istreambuf_iterator<char>(in)), {});
    std::vector<Edit> edits;
    std::vector<std::string> skipped;
    const FixPlan plan;  // add_to_import reads no plan
    FixDecisions decided;
    FixContext c{f, source, plan, verdicts, resolution, result.vocabulary(), decided, edits, skipped};
    std::vector<std::tuple<std::string, uint32_t, uint32_t>> added;
    uint32_t last_start = UINT32_MAX;
    for (const Import& imp : f.imports) {
      // One edit per statement; `from __future__ import` takes only features.
      if (imp.name.empty() || imp.start_byte == last_start || imp.module == "__future__") continue;
      last_start = imp.start_byte;
      std::string name = "HwZzName" + std::to_string(added.size());
      if (add_to_import(c, imp, name, "add-import")) added.emplace_back(name, imp.start_byte, imp.line);
      else ++star;
    }
    if (added.empty()) continue;
    std::vector<Edit> dropped;
    std::string fixed = apply_edits(source, edits, &dropped);
    CHECK(dropped.empty());
    auto out = work / (std::to_string(i) + ".py");
    std::ofstream(out, std::ios::binary) << fixed;
    // Where each statement starts once the lines inserted above it are counted.
    for (const auto& [name, start, line] : added) {
      uint32_t shift = 0;
      for (const Edit& e : edits)
        if (e.start < start) shift += static_cast<uint32_t>(std::count(e.text.begin(), e.text.end(), '\n'));
      manifest << out.string() << '\t' << name << '\t' << line + shift << '\n';
    }
    statements += added.size();
    ++files;
  }
  manifest.close();
  std::string failures;
  int rc = run_capture({"python3", "-c", kCheck, (work / "manifest.tsv").string()}, failures);
  std::filesystem::remove_all(work);
  WARN(statements << " from-import statements in " << files << " files took a name; " << star
                  << " star imports cannot");
  CHECK(rc == 0);
  INFO(failures.substr(0, 4000));
  CHECK(failures.empty());
  CHECK(statements > 1000);
}
