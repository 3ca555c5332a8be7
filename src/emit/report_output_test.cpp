#include "emit/report_output.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace hwclass;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Two files in two directories; one declared GENERIC class, two unclassified.
Report sample() {
  Report r;
  r.members = {"GENERIC", "CUDA"};
  FileRow a{"test/test_a.py", FileStatus::Passing, {}, true, {}};
  a.counts.files = a.counts.test_files = a.counts.passing = 1;
  a.counts.test_classes = 1;
  a.counts.declared = {{"GENERIC", 1}};
  a.counts.agree = 1;
  a.owners = {"module: nn"};
  FileRow b{"test/inductor/test_<b>.py", FileStatus::Allowlisted, {}, true, {}};
  b.counts.files = b.counts.test_files = b.counts.allowlisted = 1;
  b.counts.test_classes = b.counts.unclassified = 2;
  b.counts.variants = 4;
  b.counts.sites = 1200;
  b.counts.sites_by_kind = {{"string", 1200}};
  b.counts.sites_by_device = {{"cuda", 1200}};
  b.counts.blocking = 3;
  r.files = {a, b};
  aggregate(r);
  return r;
}

}  // namespace

TEST_CASE("thousands separators", "[report][emit]") {
  CHECK(thousands(0) == "0");
  CHECK(thousands(999) == "999");
  CHECK(thousands(1000) == "1,000");
  CHECK(thousands(1234567) == "1,234,567");
}

TEST_CASE("report text: the totals, then aligned tables", "[report][emit]") {
  const std::string expected =
      "hwclass report\n"
      "tests      2 test files, 3 test classes, 4 device variants\n"
      "classes    GENERIC 1, CUDA 0, unclassified 2\n"
      "files      passing 1, failing 0, allowlisted 1\n"
      "agreement  1 of 1 declared classes agree with classify, 0 disagree, 0 not judged (low confidence)\n"
      "hardcoded  1,200 sites, string 1,200, method 0, api 0, decorator 0, flag 0, global 0\n"
      "by device  cuda 1,200\n"
      "\n"
      "Directories\n"
      "directory        test files  classes  unclassified  passing  failing  allowlisted  sites  blocking\n"
      "test                      2        3             2        1        0            1  1,200         3\n"
      "  test/inductor           1        2             2        0        0            1  1,200         3\n"
      "\n"
      "Owners\n"
      "owner       test files  classes  unclassified  passing  failing  allowlisted  sites  blocking\n"
      "(no owner)           1        2             2        0        0            1  1,200         3\n"
      "module: nn           1        1             0        1        0            0      0         0\n"
      "\n"
      "Next up, each needing a decision (fewest lint errors left once classes declare classify's recommendation)\n"
      "file                       blocking  unclassified  sites\n"
      "test/inductor/test_<b>.py         3             2  1,200\n"
      "\n"
      "Most hardcoded device sites\n"
      "file                       blocking  unclassified  sites\n"
      "test/inductor/test_<b>.py         3             2  1,200\n";
  CHECK(report_text(sample()) == expected);
}

TEST_CASE("report markdown: GitHub tables, numbers right-aligned", "[report][emit]") {
  std::string md = report_markdown(sample());
  CHECK(md.rfind("## hwclass report\n\n- **tests:** 2 test files", 0) == 0);
  CHECK(md.find("| directory | test files | classes | unclassified | passing | failing | allowlisted | sites | "
                "blocking |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n| `test` | 2 | 3 | 2 | 1 | 0 | 1 | 1,200 | 3 |\n"
                "| `test/inductor` |") != std::string::npos);
}

TEST_CASE("report json: the versioned schema, every member and kind present", "[report][emit]") {
  nlohmann::json j = nlohmann::json::parse(report_json(sample()));
  CHECK(j["schema"] == "hwclass-report");
  CHECK(j["version"] == 3);
  CHECK(j["totals"]["declared"] == nlohmann::json({{"GENERIC", 1}, {"CUDA", 0}}));
  CHECK(j["totals"]["sites_by_kind"]["global"] == 0);
  CHECK(j["totals"]["test_classes"] == 3);
  CHECK(j["directories"].size() == 2);
  CHECK(j["files"][0]["status"] == "allowlisted");  // sorted by path
  CHECK(j["next_up"] == nlohmann::json({"test/inductor/test_<b>.py"}));
  CHECK(j["history"].is_null());
}

TEST_CASE("report html: self-contained, escaped, with its charts", "[report][emit]") {
  Report r = sample();
  std::string html = report_html(r);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(count(html, "http") == 0);  // nothing loaded from anywhere
  CHECK(count(html, "test_<b>") == 0);
  CHECK(count(html, "test_&lt;b&gt;.py") > 0);
  CHECK(count(html, "<svg class=\"chart bars\"") == 1);
  // Legend: one swatch per member and unclassified; bars: test (GENERIC 1)
  // and test/inductor (unclassified 2), one segment each.
  CHECK(count(html, "<rect ") == 3 + 2);
  CHECK(count(html, "chart trend") == 0);
  HistoryPoint first, second;
  first.commit = "aaaa", first.date = "2026-01-01", first.subject = "first", first.allowlist = 5, first.test_classes = 3,
  first.unclassified = 3, first.sites = 10;
  second.commit = "bbbb", second.date = "2026-02-01", second.subject = "second", second.allowlist = 2,
  second.test_classes = 3, second.unclassified = 1, second.sites = 4;
  r.history = {first, second};
  html = report_html(r);
  CHECK(count(html, "<svg class=\"chart trend\"") == 4);  // allowlist, unclassified, failing, sites
  CHECK(count(html, "<polyline") == 4);
  // The allowlist's y axis spans 2..5, labelled at both ends and the middle;
  // every chart labels its x axis.
  CHECK(count(html, "class=\"axis-label\">3.5</text>") == 1);
  CHECK(count(html, "class=\"axis-label\">commit date</text>") == 4);
  CHECK(count(html, "5 \xe2\x86\x92 2") == 1);  // allowlist, first to last
}
