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
  FileRow a{"test/test_a.py", FileStatus::Passing, {}, true, {}, {}};
  a.counts.files = a.counts.test_files = a.counts.passing = 1;
  a.counts.test_classes = 1;
  a.counts.declared = {{"GENERIC", 1}};
  a.counts.agree = 1;
  a.owners = {"module: nn"};
  FileRow b{"test/inductor/test_<b>.py", FileStatus::Allowlisted, {}, true, {}, {}};
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
  CHECK(j["version"] == 4);
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
  first.time = 1767225600, second.time = 1769904000;
  r.history = {first, second};
  html = report_html(r);
  CHECK(count(html, "<svg class=\"chart trend\"") == 4);  // allowlist, unclassified, failing, sites
  CHECK(count(html, "<polyline") == 4);
  // The allowlist's y axis spans 2..5 at least 4 wide, in whole ticks: 1..5;
  // every chart labels its x axis.
  CHECK(count(html, "class=\"axis-label\">3</text>") == 3);  // allowlist 1..5, unclassified and failing 0..4
  CHECK(count(html, ".5</text>") == 0);
  CHECK(count(html, "class=\"axis-label\">commit date</text>") == 4);
  CHECK(count(html, "5 \xe2\x86\x92 2") == 1);  // allowlist, first to last
}

namespace {

// The trend chart of `title` in the report's HTML.
std::string trend_chart(const std::string& html, const std::string& title) {
  size_t at = html.find("aria-label=\"" + title + " over history\"");
  REQUIRE(at != std::string::npos);
  return html.substr(at, html.find("</svg>", at) - at);
}

// The y axis tick labels of a chart, with the x they end at.
std::vector<std::pair<std::string, double>> y_labels(const std::string& chart) {
  std::vector<std::pair<std::string, double>> out;
  const std::string mark = "\" text-anchor=\"end\" class=\"axis-label\">";
  for (size_t at = chart.find(mark); at != std::string::npos; at = chart.find(mark, at + 1)) {
    size_t x = chart.rfind("<text x=\"", at) + 9;
    size_t end = chart.find('<', at);
    std::string label = chart.substr(at + mark.size(), end - at - mark.size());
    if (label.find('-') == std::string::npos) out.emplace_back(label, std::stod(chart.substr(x, chart.find('"', x) - x)));
  }
  return out;
}

}  // namespace

// Issue 32: the allowlist's creation drew red on all four charts, the sites
// chart's axis spanned 11,741..11,750 with a tick "11745.5" cut to
// "1745.5", and the points were spaced by index under "commit date".
TEST_CASE("report html: trend axes at round ticks that fit, spaced by date, a regression on its own metric",
          "[report][emit]") {
  Report r = sample();
  auto point = [](const char* date, int64_t day, size_t allowlist, size_t failing, size_t sites) {
    HistoryPoint p;
    p.commit = std::string("c") + date, p.date = date, p.time = 1764547200 + day * 86400;  // 2025-12-01 + day
    p.allowlist = allowlist, p.failing = failing, p.sites = sites, p.unclassified = 700;
    return p;
  };
  HistoryPoint before = point("2025-12-01", 0, 0, 832, 11741);
  HistoryPoint created = point("2025-12-02", 1, 832, 0, 11741);  // the allowlist written
  created.has_allowlist = created.baseline = true, created.delta_allowlist = 832, created.delta_failing = -832;
  HistoryPoint fixed = point("2025-12-20", 19, 800, 0, 11745);
  fixed.has_allowlist = true, fixed.delta_allowlist = -32;
  HistoryPoint broke = point("2025-12-31", 30, 800, 1, 11750);  // a failing file: a regression there only
  broke.has_allowlist = true, broke.delta_failing = 1;
  r.history = {before, created, fixed, broke};
  std::string html = report_html(r);
  // One red point: on "Failing files", at the last commit.
  CHECK(count(html, "class=\"regression\"") == 1);
  CHECK(count(trend_chart(html, "Failing files"), "class=\"regression\"><title>2025-12-31") == 1);
  // Sites: a tenth of 11,750 at least, at round ticks: 10,500..12,000 by 500.
  std::vector<std::pair<std::string, double>> labels = y_labels(trend_chart(html, "Hardcoded device sites"));
  std::vector<std::string> texts;
  for (const auto& [text, x] : labels) texts.push_back(text);
  CHECK(texts == std::vector<std::string>{"10,500", "11,000", "11,500", "12,000"});
  // Each label fits left of its end: 12px digits are under 7px wide.
  for (const auto& [text, x] : labels) CHECK(x >= 7.0 * static_cast<double>(text.size()));
  // The allowlist: 0..832 by 500, from 0 to 1,000.
  labels = y_labels(trend_chart(html, "Allowlisted files"));
  CHECK(labels.front().first == "0");
  CHECK(labels.back().first == "1,000");
  // By date: day 19 of 30 is 19/30 of the way along the axis.
  std::string chart = trend_chart(html, "Allowlisted files");
  auto cx = [&](const std::string& date) {
    size_t at = chart.rfind("<circle cx=\"", chart.find("<title>" + date));
    return std::stod(chart.substr(at + 12));
  };
  CHECK((cx("2025-12-20") - cx("2025-12-01")) / (cx("2025-12-31") - cx("2025-12-01")) == Approx(19.0 / 30).epsilon(0.01));
  CHECK(count(html, "class=\"axis-label\">commit date</text>") == 4);
  // Commits of one instant are spaced by order, and the axis says so.
  for (HistoryPoint& p : r.history) p.time = 0;
  CHECK(count(report_html(r), "class=\"axis-label\">commits in order, evenly spaced</text>") == 4);
}

// Issue 32: a file with no blocking error that fix alone does not make
// pass gave no reason; nor did the projection name its owners.
TEST_CASE("report text, markdown, JSON and HTML: why not fix alone, and the projection per owner", "[report][emit]") {
  Report r = sample();
  CHECK(report_text(r).find("why not fix alone") == std::string::npos);
  FileRow& b = r.files[0].path == "test/test_a.py" ? r.files[1] : r.files[0];
  b.counts.blocking = 0;
  b.why_not_fix_alone = "no fix for line 9: [hw_classification] TestB needs hw_classification";
  aggregate(r);
  std::string text = report_text(r);
  CHECK(text.find("why not fix alone") != std::string::npos);
  CHECK(text.find("  no fix for line 9: [hw_classification] TestB needs hw_classification\n") != std::string::npos);
  CHECK(count(report_markdown(r), "| no fix for line 9: [hw_classification] TestB needs hw_classification |") == 1);
  nlohmann::json j = nlohmann::json::parse(report_json(r));
  CHECK(j["files"][0]["why_not_fix_alone"] == "no fix for line 9: [hw_classification] TestB needs hw_classification");
  CHECK(j["files"][1].count("why_not_fix_alone") == 0);  // test_a passes
  CHECK(count(report_html(r), "<th>why not fix alone</th>") == 1);

  HistoryPoint p;
  p.commit = "aaaa", p.date = "2026-01-01", p.time = 1767225600, p.has_allowlist = p.baseline = true;
  r.history = {p};
  r.trend.known = true, r.trend.window_from = "2025-12-02", r.trend.window_to = "2026-01-01", r.trend.window_days = 30;
  r.trend.owners = {{"module: nn", 30, 20, 1.0 / 3, "2026-03-01"}, {"oncall: jit", 5, 5, 0, ""}};
  text = report_text(r);
  CHECK(text.find("Projection per owner (allowlisted files, 2025-12-02 to 2026-01-01)\n"
                  "owner        from  now  files a day  reaches zero\n"
                  "module: nn     30   20         0.33  2026-03-01\n"
                  "oncall: jit     5    5         0.00  not shrinking\n") != std::string::npos);
  j = nlohmann::json::parse(report_json(r));
  CHECK(j["history"]["projection"]["owners"][0]["allowlist_zero"] == "2026-03-01");
  CHECK(j["history"]["projection"]["owners"][1]["allowlist_zero"].is_null());
  CHECK(count(report_html(r), "<tr><td>module: nn</td><td>30</td><td>20</td><td>0.33</td><td>2026-03-01</td></tr>") == 1);
}
