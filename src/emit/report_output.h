// The migration report's formats: a compact terminal table, markdown for a
// GitHub issue, a versioned JSON schema (docs/report.md), and one
// self-contained HTML page with inline SVG charts.
#pragma once

#include <string>

#include "report/report.h"

namespace hwclass {

std::string report_text(const Report& report);
std::string report_markdown(const Report& report);
std::string report_json(const Report& report);
std::string report_html(const Report& report);

// The pieces the formats share.
std::string thousands(size_t n);  // 14210 -> "14,210"
std::string signed_count(long n);  // "+3", "-1,204", "0"
// "since 2026-11-24: allowlist -12, unclassified classes -40, failing files +1"
std::string week_sentence(const Trend& trend);
// The allowlist's projected zero, marked as a projection, or why there is none.
std::string projection_sentence(const Trend& trend);
// "0.50": files a day; an owner's projected zero, or "not shrinking".
std::string pace_text(double per_day);
std::string owner_zero(const OwnerTrend& owner);
// Why fix alone does not make a file with no blocking error pass; "" for
// other files (their blocking errors say it) and undecided ones.
std::string why_not_fix_alone(const FileRow& file);
// A file's or directory's group for the per-directory chart: the directory
// one level below the top ("test/inductor"), or the top's own files ("test/*.py").
std::string chart_group(const std::string& file_path);
// The HTML report's SVG charts.
std::string classification_bars_svg(const Report& report);
std::string history_lines_svg(const Report& report);

}  // namespace hwclass
