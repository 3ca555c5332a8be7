#include "emit/report_output.h"
#include "report/report.h"

#include <catch2/catch.hpp>

#include "support/scan_source.h"

using namespace hwclass;

namespace {

// Counted by reading: 2 test classes (Helper has no test), TestA declares
// GENERIC, TestB is unclassified and instantiated with MPS opted in (cpu,
// cuda, mps: 3 variants). Hardcoded sites in test classes: "cuda" (string),
// .cuda() (method), torch.cuda.synchronize() and torch.cuda.current_stream()
// (api; the chained outer call is the same site), TEST_CUDA (flag),
// @onlyCUDA (decorator). Not counted: "cpu", @skipCUDAIf (a scoped skip),
// the helper's .cuda().
constexpr const char* kSource = R"py(import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase
from torch.testing._internal.common_device_type import instantiate_device_type_tests, onlyCUDA, skipCUDAIf
from torch.testing._internal.common_cuda import TEST_CUDA


class TestA(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass


class TestB(TestCase):
    def test_b(self, device):
        x = torch.ones(2, device="cuda")
        y = x.cuda()
        torch.cuda.synchronize()
        torch.cuda.current_stream().synchronize()
        if TEST_CUDA:
            pass
        z = torch.ones(2, device="cpu")

    @onlyCUDA
    def test_c(self, device):
        pass

    @skipCUDAIf(True, "scoped")
    def test_d(self, device):
        pass


instantiate_device_type_tests(TestB, globals(), allow_mps=True)


class Helper:
    def make(self):
        return torch.ones(1).cuda()
)py";

}  // namespace

TEST_CASE("a file's summary counts what the code says", "[report]") {
  FileFacts facts = scan_source(kSource, "test/test_sample.py");
  facts.is_test_file = true;  // discover decides it from the path
  FileSummary s = summarize_file(facts, Vocabulary::embedded());
  CHECK(s.test_file);
  CHECK(s.test_classes == 2);
  CHECK(s.variants == 3);
  CHECK(s.declared == std::map<std::string, size_t>{{"GENERIC", 1}});
  CHECK(s.unclassified == 1);
  CHECK(s.sites == 6);
  CHECK(s.sites_by_kind ==
        std::map<std::string, size_t>{{"string", 1}, {"method", 1}, {"api", 2}, {"flag", 1}, {"decorator", 1}});
  CHECK(s.sites_by_device == std::map<std::string, size_t>{{"cuda", 6}});
  // Upstream: [hw_classification] for TestB only.
  CHECK(s.upstream_errors == 1);
}

TEST_CASE("a file that does not parse counts nothing", "[report]") {
  FileSummary s = summarize_file(scan_source("class TestX(TestCase:\n    def test_a(self): pass\n",
                                             "test/test_broken.py"),
                                 Vocabulary::embedded());
  CHECK_FALSE(s.parses);
  CHECK(s.test_classes == 0);
}

TEST_CASE("status: allowlisted, then passing or failing; helpers are not checked", "[report]") {
  FileSummary clean, dirty, helper;
  clean.test_file = dirty.test_file = true;
  clean.path = "test/test_clean.py";
  dirty.path = "test/test_dirty.py";
  dirty.upstream_errors = 2;
  helper.path = "test/common.py";
  std::set<std::string> allowlist{"test/test_clean.py"};
  CHECK(file_status(clean, allowlist) == FileStatus::Allowlisted);
  CHECK(file_status(clean, {}) == FileStatus::Passing);
  CHECK(file_status(dirty, {}) == FileStatus::Failing);
  CHECK(file_status(helper, allowlist) == FileStatus::NotChecked);
}

TEST_CASE("blocking: upstream's errors but [hw_classification], plus each recommendation's blockers", "[report]") {
  FileSummary s;
  s.test_file = true;
  s.test_classes = 3;
  s.unclassified = 2;
  s.upstream_errors = 3;  // two [hw_classification], one [device_param] on the declared class
  Verdict undeclared, agreeing, disagreeing, unsure;
  Advice advice;
  advice.blockers.resize(4);
  agreeing.declared = disagreeing.declared = unsure.declared = "GENERIC";
  agreeing.confidence = disagreeing.confidence = Confidence::High;
  agreeing.agrees = true;
  unsure.confidence = Confidence::Low;  // too unsure to count either way
  Counts c = file_counts(s, FileStatus::Failing,
                         {{&undeclared, &advice}, {&agreeing, nullptr}, {&disagreeing, nullptr}, {&unsure, nullptr}});
  CHECK(c.blocking == 1 + 4);
  CHECK(c.agree == 1);
  CHECK(c.disagree == 1);
  CHECK(c.failing == 1);
  CHECK(c.passing + c.allowlisted == 0);
}

TEST_CASE("directories add up their files, depth first; next up and most sites", "[report]") {
  Report r;
  auto row = [](std::string path, FileStatus status, size_t classes, size_t sites, size_t blocking) {
    FileRow f{std::move(path), status, {}, true, {}, {}};
    f.counts.files = 1;
    f.counts.test_files = 1;
    f.counts.test_classes = classes;
    f.counts.sites = sites;
    f.counts.blocking = blocking;
    f.counts.passing = status == FileStatus::Passing;
    f.counts.failing = status == FileStatus::Failing;
    f.counts.allowlisted = status == FileStatus::Allowlisted;
    return f;
  };
  r.files = {row("test/b-c/test_x.py", FileStatus::Failing, 1, 5, 2),
             row("test/b/d/test_y.py", FileStatus::Allowlisted, 4, 0, 0),
             row("test/test_z.py", FileStatus::Passing, 2, 9, 0),
             row("test/b/test_w.py", FileStatus::Failing, 3, 1, 0)};
  aggregate(r, 2);
  std::vector<std::string> order;
  for (const DirectoryRow& d : r.directories) order.push_back(d.path + ":" + std::to_string(d.counts.test_classes));
  // "test/b" and what is in it come before "test/b-c", though '-' sorts before '/'.
  CHECK(order == std::vector<std::string>{"test:10", "test/b:7", "test/b/d:4", "test/b-c:1"});
  CHECK(r.totals.sites == 15);
  CHECK(r.totals.passing == 1);
  CHECK(r.totals.failing == 2);
  CHECK(r.totals.allowlisted == 1);
  // Not passing, fewest blocking first, then the most classes.
  CHECK(r.next_up == std::vector<std::string>{"test/b/d/test_y.py", "test/b/test_w.py"});
  CHECK(r.most_sites == std::vector<std::string>{"test/test_z.py", "test/b-c/test_x.py"});
}

TEST_CASE("trend: this week's changes and the allowlist's projected zero", "[report]") {
  auto point = [](const char* date, int64_t day, size_t allowlist, size_t unclassified, size_t failing) {
    HistoryPoint p;
    p.date = date;
    p.time = 1764547200 + day * 86400;  // 2025-12-01T00:00:00Z + day days
    p.allowlist = allowlist, p.unclassified = unclassified, p.failing = failing;
    return p;
  };
  // 100 days of history; the last 28 (days 72..100) take the allowlist from 60 to 46.
  std::vector<HistoryPoint> h = {point("2025-12-01", 0, 90, 900, 0), point("2026-02-11", 72, 60, 500, 2),
                                 point("2026-03-05", 94, 50, 420, 1), point("2026-03-11", 100, 46, 430, 3)};
  Trend t = compute_trend(h);
  // The week: since the newest point at least 7 days before the last (day 72).
  CHECK(t.week_from == "2026-02-11");
  CHECK(t.week_allowlist == -14);
  CHECK(t.week_unclassified == -70);
  CHECK(t.week_failing == 1);
  // 14 files in 28 days: half a file a day, so 46 files take 92 more days.
  CHECK(t.window_days == 28);
  CHECK(t.pace_per_day == Approx(0.5));
  CHECK(t.zero_date == "2026-06-11");
  CHECK(t.window_from == "2026-02-11");
  CHECK(projection_sentence(t) ==
        "projection: at the pace from 2026-02-11 to 2026-03-11 (28 days, 0.50 files a day), the allowlist reaches "
        "zero on 2026-06-11");
  // Growing: no projection, and the sentence says why.
  h.back().allowlist = 70;
  t = compute_trend(h);
  CHECK(t.zero_date.empty());
  CHECK(projection_sentence(t) == "no projection: the allowlist did not shrink from 2026-02-11 to 2026-03-11 (28 days)");
  // One instant of history: no pace.
  CHECK(projection_sentence(compute_trend({point("2026-03-11", 100, 46, 430, 3)})) ==
        "no projection: the history spans less than a day");
}

TEST_CASE("trend: the window is the days its points span, from the allowlist's baseline", "[report]") {
  auto point = [](const char* date, int64_t day, size_t allowlist, bool baseline) {
    HistoryPoint p;
    p.date = date;
    p.time = 1764547200 + day * 86400;  // 2025-12-01T00:00:00Z + day days
    p.allowlist = allowlist, p.has_allowlist = allowlist > 0, p.baseline = baseline;
    return p;
  };
  // The oldest point within 28 days of the last is 24 days before it: the
  // sentence says 24 days and both dates, not "28".
  Trend t = compute_trend({point("2025-12-01", 0, 90, true), point("2025-12-07", 6, 80, false),
                           point("2025-12-12", 11, 68, false), point("2026-01-05", 35, 20, false)});
  CHECK(t.window_days == 24);
  CHECK(projection_sentence(t) ==
        "projection: at the pace from 2025-12-12 to 2026-01-05 (24 days, 2.00 files a day), the allowlist reaches "
        "zero on 2026-01-15");
  // No allowlist until day 5, which creates it with 40 files; 30 by day 15.
  // The pace runs from the creation (10 files in 10 days), not from nothing.
  t = compute_trend({point("2025-12-01", 0, 0, false), point("2025-12-06", 5, 40, true),
                     point("2025-12-16", 15, 30, false)});
  CHECK(t.window_from == "2025-12-06");
  CHECK(t.window_days == 10);
  CHECK(t.pace_per_day == Approx(1.0));
  CHECK(t.zero_date == "2026-01-15");
}

TEST_CASE("trend: a projection per owner, over the same window", "[report]") {
  auto point = [](const char* date, int64_t day, std::map<std::string, size_t> by_owner) {
    HistoryPoint p;
    p.date = date;
    p.time = 1764547200 + day * 86400;  // 2025-12-01T00:00:00Z + day days
    p.has_allowlist = true;
    for (const auto& [owner, n] : by_owner) p.allowlist += n;
    p.allowlist_by_owner = std::move(by_owner);
    return p;
  };
  // Over 10 days: "module: nn" 30 -> 20 (a file a day: zero 20 days after
  // 2025-12-11), "oncall: jit" 5 -> 5 (no projection), "(no owner)" 2 -> 0.
  Trend t = compute_trend({point("2025-12-01", 0, {{"module: nn", 30}, {"oncall: jit", 5}, {kNoOwner, 2}}),
                           point("2025-12-11", 10, {{"module: nn", 20}, {"oncall: jit", 5}})});
  REQUIRE(t.owners.size() == 3);
  CHECK(t.owners[0].owner == "module: nn");
  CHECK((t.owners[0].from == 30 && t.owners[0].now == 20));
  CHECK(t.owners[0].pace_per_day == Approx(1.0));
  CHECK(t.owners[0].zero_date == "2025-12-31");
  CHECK(t.owners[1].owner == "oncall: jit");
  CHECK(t.owners[1].zero_date.empty());
  CHECK(t.owners[2].owner == kNoOwner);
  CHECK((t.owners[2].from == 2 && t.owners[2].now == 0));
  CHECK(t.owners[2].zero_date == "2025-12-11");
}
