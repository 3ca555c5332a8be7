// Accuracy of `hwclass classify` on the hand-labelled classes in
// tests/classify/labelled/ (see its README), reported per part, member and
// confidence: at least 95% over both parts, and every miss explained next to
// its case.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "classify/classifier.h"
#include "cli/common.h"
#include "support/scan_source.h"
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

// Right and total, per key.
struct Tally {
  std::map<std::string, std::pair<size_t, size_t>> by;
  void add(const std::string& key, bool right) {
    by[key].first += right;
    ++by[key].second;
  }
  std::string str() const {
    std::ostringstream out;
    for (const auto& [key, counts] : by) out << " " << key << " " << counts.first << "/" << counts.second;
    return out.str();
  }
};

// The pattern part: 42 cases, all inferred right (every miss would need a note).
size_t pattern_part(size_t& correct) {
  Run run = scan_tree(std::string(HWCLASS_SOURCE_DIR) + "/tests/classify/labelled");
  const Session& scan = run.session();
  size_t total = 0;
  correct = 0;
  for (const Verdict& v : classify(scan.files(), scan.resolution(), scan.vocabulary())) {
    const FileFacts& f = scan.files()[v.ref.file];
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
  return total;
}

}  // namespace

// One labelled file of real code: each row's verdict, tallied; a miss must
// say "miss:" in its note, and only a miss may.
struct RealPart {
  Tally member, confidence;
  size_t total = 0, correct = 0;
  size_t high = 0, high_correct = 0;  // the verdicts `fix` writes
};

RealPart real_part(const std::string& name,
                   const std::map<std::pair<std::string, std::string>, const Verdict*>& verdict_of) {
  std::ifstream in(std::string(HWCLASS_SOURCE_DIR) + "/tests/classify/labelled/" + name);
  REQUIRE(in);
  RealPart part;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream fields(line);
    for (std::string col; std::getline(fields, col, '\t');) cols.push_back(col);
    REQUIRE(cols.size() == 4);
    auto found = verdict_of.find({cols[0], cols[1]});
    INFO(name << ": " << cols[0] << "::" << cols[1] << " labelled " << cols[2]);
    REQUIRE(found != verdict_of.end());
    const Verdict& v = *found->second;
    bool right = v.inferred == cols[2];
    INFO("inferred " << v.inferred << " [" << to_string(v.confidence) << "]");
    CHECK(right == (cols[3].find("miss:") == std::string::npos));  // misses, and only misses, are explained
    ++part.total;
    part.correct += right;
    part.member.add(cols[2], right);
    part.confidence.add(to_string(v.confidence), right);
    if (v.confidence == Confidence::High) ++part.high, part.high_correct += right;
  }
  std::cout << "classify accuracy, " << name << ": " << part.correct << "/" << part.total << "\n"
            << "  per label:" << part.member.str() << "\n"
            << "  per confidence:" << part.confidence.str() << "\n";
  return part;
}

TEST_CASE("classify: labelled accuracy on PyTorch 2.6.0", "[.corpus]") {
  const char* corpus = std::getenv("HWCLASS_CORPUS");
  REQUIRE(corpus);
  Run run = scan_tree(corpus);
  const Session& scan = run.session();
  std::map<std::pair<std::string, std::string>, const Verdict*> verdict_of;
  std::vector<Verdict> verdicts = classify(scan.files(), scan.resolution(), scan.vocabulary());
  for (const Verdict& v : verdicts)
    verdict_of[{scan.files()[v.ref.file].relative_path, scan.files()[v.ref.file].classes[v.ref.cls].name}] = &v;

  size_t pattern_correct = 0;
  size_t pattern_total = pattern_part(pattern_correct);
  std::cout << "classify accuracy, patterns part: " << pattern_correct << "/" << pattern_total << "\n";
  // Both sets, relabelled under upstream's practice (contract 14, issue 29):
  // at least 97% each, and the high-confidence verdicts (what `fix` writes)
  // right at least 99.5% of the time over the two together.
  RealPart first = real_part("pytorch-2.6.0.tsv", verdict_of);
  CHECK(first.total >= 108);
  CHECK(pattern_total + first.total >= 150);
  CHECK(100.0 * static_cast<double>(first.correct) / static_cast<double>(first.total) >= 97.0);
  RealPart unseen = real_part("pytorch-2.6.0-unseen.tsv", verdict_of);
  CHECK(unseen.total >= 100);
  CHECK(100.0 * static_cast<double>(unseen.correct) / static_cast<double>(unseen.total) >= 97.0);
  const size_t high = first.high + unseen.high, high_correct = first.high_correct + unseen.high_correct;
  std::cout << "classify precision of high-confidence verdicts, both sets: " << high_correct << "/" << high << "\n";
  CHECK(200.0 * static_cast<double>(high_correct) >= 199.0 * static_cast<double>(high));
  // The fresh set (issue 29): classes from distributed, inductor, dynamo,
  // onnx, functorch, ao, profiler and nn, labelled under contract 14 before
  // the rules ran on them. The issue asks 95%; the classifier measures
  // 150/154 (97.4%), each of the four misses saying why in its row (`miss:`).
  RealPart fresh_a = real_part("pytorch-2.6.0-fresh-a.tsv", verdict_of);
  RealPart fresh_b = real_part("pytorch-2.6.0-fresh-b.tsv", verdict_of);
  const size_t fresh_total = fresh_a.total + fresh_b.total, fresh_correct = fresh_a.correct + fresh_b.correct;
  std::cout << "classify accuracy, fresh set: " << fresh_correct << "/" << fresh_total << "\n";
  CHECK(fresh_total >= 150);
  CHECK(100.0 * static_cast<double>(fresh_correct) / static_cast<double>(fresh_total) >= 95.0);
  CHECK(fresh_correct == 150);  // as measured: a change either way is news
  std::cout << "classify precision of high-confidence verdicts, fresh set: " << fresh_a.high_correct + fresh_b.high_correct
            << "/" << fresh_a.high + fresh_b.high << "\n";
}

TEST_CASE("classify: labelled accuracy", "[classify][labelled]") {
  size_t correct = 0;
  size_t total = pattern_part(correct);
  std::cout << "classify accuracy on labelled classes: " << correct << "/" << total << "\n";
  CHECK(total >= 40);
  CHECK(correct == total);  // written alongside the rules: every case holds
}
