// Accuracy of `hwclass classify` on the hand-labelled classes in
// tests/classify/labelled/ (see its README): at least 95%, and every miss
// explained next to its case.
#include <catch2/catch.hpp>

#include <fstream>
#include <iostream>
#include <regex>

#include "classify/classifier.h"
#include "cli/common.h"
#include "resolve/resolver.h"

using namespace hwclass;

namespace {

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The `# label: X` comment above a class (and above its decorators).
std::string label_above(const std::vector<std::string>& lines, uint32_t class_line, std::string& note) {
  static const std::regex label(R"(^\s*#\s*label:\s*([A-Z]+)\s*(.*)$)");
  for (int i = static_cast<int>(class_line) - 2; i >= 0; --i) {
    const std::string& l = lines[static_cast<size_t>(i)];
    std::smatch m;
    if (std::regex_match(l, m, label)) {
      note = m[2];
      return m[1];
    }
    if (l.rfind("@", 0) != 0) break;
  }
  return "";
}

}  // namespace

TEST_CASE("classify: labelled accuracy", "[classify][labelled]") {
  const std::string root = std::string(HWCLASS_SOURCE_DIR) + "/tests/classify/labelled";
  CommonOptions options;
  options.root = root;
  options.paths = {root + "/test"};
  options.quiet = true;
  ScanResult scan = scan_inputs(options);
  Resolution resolution = resolve(scan.files, scan.vocabulary);
  size_t total = 0, correct = 0;
  for (const Verdict& v : classify(scan.files, resolution, scan.vocabulary)) {
    const FileFacts& f = scan.files[v.ref.file];
    const ClassFact& c = f.classes[v.ref.cls];
    std::string note;
    std::string expected = label_above(read_lines(f.path), c.line, note);
    if (expected.empty()) continue;  // bases without a label are context, not cases
    ++total;
    INFO(f.relative_path << ":" << c.line << " " << c.name << ": inferred " << v.inferred << ", labelled "
                         << expected);
    if (v.inferred == expected) {
      ++correct;
      CHECK(note.find("miss:") == std::string::npos);  // a stale explanation
    } else {
      CHECK(note.find("miss:") != std::string::npos);  // every miss is explained
    }
  }
  double accuracy = total ? 100.0 * static_cast<double>(correct) / static_cast<double>(total) : 0;
  std::cout << "classify accuracy on labelled classes: " << correct << "/" << total << " = " << accuracy << "%\n";
  CHECK(total >= 40);
  CHECK(accuracy >= 95.0);
}
