// The HTML report's charts, as inline SVG that scales with the page: a
// stacked bar per directory (classes by classification) and one line chart
// per trend of --history (allowlist size, unclassified classes, failing
// files, hardcoded sites).
#include <algorithm>
#include <cstdint>
#include <map>

#include "emit/report_output.h"
#include "util/html.h"

namespace hwclass {
namespace {

// Colour per member in rules order, then unclassified; distinguishable in
// print and for the common forms of colour blindness (Tableau 10).
const char* colour(size_t i) {
  static const char* palette[] = {"#4e79a7", "#59a14f", "#9c755f", "#e15759", "#b07aa1", "#f28e2b", "#76b7b2",
                                  "#edc948"};
  return palette[i % (sizeof palette / sizeof *palette)];
}
constexpr const char* kUnclassifiedColour = "#c9c9c9";

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

}  // namespace

std::string chart_group(const std::string& path) {
  size_t first = path.find('/');
  if (first == std::string::npos) return path;
  size_t second = path.find('/', first + 1);
  return second == std::string::npos ? path.substr(0, first) + "/*.py" : path.substr(0, second);
}

std::string classification_bars_svg(const Report& r) {
  std::map<std::string, Counts> groups;
  for (const FileRow& f : r.files)
    if (f.counts.test_classes) groups[chart_group(f.path)].add(f.counts);
  std::vector<std::pair<std::string, Counts>> rows(groups.begin(), groups.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second.test_classes > b.second.test_classes; });
  constexpr size_t kRows = 16;
  if (rows.size() > kRows) {
    Counts rest;
    for (size_t i = kRows - 1; i < rows.size(); ++i) rest.add(rows[i].second);
    size_t n = rows.size() - (kRows - 1);
    rows.resize(kRows - 1);
    rows.emplace_back("other (" + std::to_string(n) + " directories)", rest);
  }
  size_t widest = 1;
  for (const auto& [name, c] : rows) widest = std::max(widest, c.test_classes);
  const double label = 250, bar = 640, row = 24, top = 34;
  const double height = top + row * static_cast<double>(rows.size()) + 10;
  std::string out = "<svg class=\"chart bars\" viewBox=\"0 0 1000 " + num(height) +
                    "\" role=\"img\" aria-label=\"Test classes by classification, per directory\">\n";
  // Legend.
  double x = 0;
  for (size_t i = 0; i <= r.members.size(); ++i) {
    bool unclassified = i == r.members.size();
    std::string name = unclassified ? "unclassified" : r.members[i];
    out += "<rect x=\"" + num(x) + "\" y=\"4\" width=\"12\" height=\"12\" fill=\"" +
           (unclassified ? kUnclassifiedColour : colour(i)) + "\"/><text x=\"" + num(x + 16) +
           "\" y=\"14\" class=\"legend\">" + name + "</text>\n";
    x += 24 + 8.5 * static_cast<double>(name.size());
  }
  for (size_t k = 0; k < rows.size(); ++k) {
    // Named, not bound: lambdas cannot capture structured bindings before C++20 in clang 14.
    const std::string& name = rows[k].first;
    const Counts& c = rows[k].second;
    double y = top + row * static_cast<double>(k);
    out += "<text x=\"" + num(label - 8) + "\" y=\"" + num(y + 15) + "\" text-anchor=\"end\">" + html_escape(name) +
           "</text>\n";
    double at = label;
    auto segment = [&](size_t n, const char* fill, const std::string& what) {
      if (!n) return;
      double w = bar * static_cast<double>(n) / static_cast<double>(widest);
      out += "<rect x=\"" + num(at) + "\" y=\"" + num(y + 3) + "\" width=\"" + num(w) + "\" height=\"16\" fill=\"" +
             fill + "\"><title>" + html_escape(name) + ": " + thousands(n) + " " + what + "</title></rect>\n";
      at += w;
    };
    for (size_t i = 0; i < r.members.size(); ++i) {
      auto it = c.declared.find(r.members[i]);
      segment(it == c.declared.end() ? 0 : it->second, colour(i), r.members[i]);
    }
    segment(c.unclassified, kUnclassifiedColour, "unclassified");
    out += "<text x=\"" + num(at + 6) + "\" y=\"" + num(y + 15) + "\" class=\"value\">" + thousands(c.test_classes) +
           "</text>\n";
  }
  return out + "</svg>\n";
}

// One line chart per trend. The y axis spans the data (lowest to highest,
// labelled at both ends and the middle), so 831 -> 770 fills the chart
// instead of 8 pixels of a 0-based one; the x axis is the commits in order,
// dated at both ends and the middle.
std::string history_lines_svg(const Report& r) {
  if (r.history.empty()) return "";
  struct Series {
    const char* title;
    size_t HistoryPoint::*value;
  };
  const Series series[] = {{"Allowlisted files", &HistoryPoint::allowlist},
                           {"Unclassified classes", &HistoryPoint::unclassified},
                           {"Failing files", &HistoryPoint::failing},
                           {"Hardcoded device sites", &HistoryPoint::sites}};
  const double w = 320, h = 200, left = 52, right = 10, top = 40, bottom = 36;
  const size_t n = r.history.size();
  std::string out;
  for (const Series& s : series) {
    size_t lo = SIZE_MAX, hi = 0;
    for (const HistoryPoint& p : r.history) lo = std::min(lo, p.*(s.value)), hi = std::max(hi, p.*(s.value));
    if (lo == hi) lo = hi > 0 ? hi - 1 : 0, hi = lo + 1;  // a flat line sits mid-chart with its value labelled
    auto px = [&](size_t i) { return left + (n == 1 ? (w - left - right) / 2 : (w - left - right) * i / (n - 1.0)); };
    auto py = [&](double v) {
      return top + (h - top - bottom) * (1.0 - (v - static_cast<double>(lo)) / static_cast<double>(hi - lo));
    };
    out += "<svg class=\"chart trend\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\" role=\"img\" aria-label=\"" +
           s.title + " over history\">\n<text x=\"8\" y=\"16\" class=\"title\">" + s.title + "</text>\n";
    const HistoryPoint &first = r.history.front(), &last = r.history.back();
    out += "<text x=\"8\" y=\"32\" class=\"value\">" + thousands(first.*(s.value)) + " \xe2\x86\x92 " +
           thousands(last.*(s.value)) + "</text>\n";
    // The y axis: gridlines and labels at the lowest, middle and highest values.
    for (double v : {static_cast<double>(lo), (lo + hi) / 2.0, static_cast<double>(hi)}) {
      char label[32];
      std::snprintf(label, sizeof label, v == static_cast<double>(static_cast<size_t>(v)) ? "%.0f" : "%.1f", v);
      out += "<line x1=\"" + num(left) + "\" y1=\"" + num(py(v)) + "\" x2=\"" + num(w - right) + "\" y2=\"" +
             num(py(v)) + "\" class=\"grid\"/><text x=\"" + num(left - 6) + "\" y=\"" + num(py(v) + 4) +
             "\" text-anchor=\"end\" class=\"axis-label\">" + label + "</text>\n";
    }
    out += "<line x1=\"" + num(left) + "\" y1=\"" + num(top) + "\" x2=\"" + num(left) + "\" y2=\"" + num(h - bottom) +
           "\" class=\"axis\"/><line x1=\"" + num(left) + "\" y1=\"" + num(h - bottom) + "\" x2=\"" + num(w - right) +
           "\" y2=\"" + num(h - bottom) + "\" class=\"axis\"/>\n<polyline class=\"line\" points=\"";
    for (size_t i = 0; i < n; ++i)
      out += (i ? " " : "") + num(px(i)) + "," + num(py(static_cast<double>(r.history[i].*(s.value))));
    out += "\"/>\n";
    for (size_t i = 0; i < n; ++i)
      out += "<circle cx=\"" + num(px(i)) + "\" cy=\"" + num(py(static_cast<double>(r.history[i].*(s.value)))) +
             "\" r=\"2.5\"" + (r.history[i].regression() ? " class=\"regression\"" : "") + "><title>" +
             r.history[i].date + " " + r.history[i].commit.substr(0, 10) + ": " + thousands(r.history[i].*(s.value)) +
             (r.history[i].regression() ? " (regression)" : "") + "</title></circle>\n";
    // The x axis: dates of the first, middle and last commits.
    const HistoryPoint& middle = r.history[n / 2];
    out += "<text x=\"" + num(left) + "\" y=\"" + num(h - 18) + "\" class=\"axis-label\">" + first.date + "</text>";
    if (n > 2)
      out += "<text x=\"" + num(px(n / 2)) + "\" y=\"" + num(h - 18) + "\" text-anchor=\"middle\" class=\"axis-label\">" +
             middle.date + "</text>";
    out += "<text x=\"" + num(w - right) + "\" y=\"" + num(h - 18) + "\" text-anchor=\"end\" class=\"axis-label\">" +
           last.date + "</text>\n<text x=\"" + num((left + w - right) / 2) + "\" y=\"" + num(h - 4) +
           "\" text-anchor=\"middle\" class=\"axis-label\">commit date</text>\n</svg>\n";
  }
  return out;
}

}  // namespace hwclass
