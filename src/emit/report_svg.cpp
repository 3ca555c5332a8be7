// The HTML report's charts, as inline SVG that scales with the page: a
// stacked bar per directory (classes by classification) and one line chart
// per trend of --history (allowlist size, unclassified classes, failing
// files, hardcoded sites).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

#include "emit/report_output.h"
#include "util/html.h"
#include "util/utc_date.h"

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

namespace {

// The y axis of a trend: round ticks (1, 2 or 5 times a power of ten, and
// whole numbers) from at or below the lowest value to at or above the
// highest. The span is at least a tenth of the highest value (and 4), so a
// large count that barely moves (11,741 -> 11,750 sites) draws as the flat
// line it is, while 831 -> 770 still fills most of the chart.
struct Axis {
  double lo = 0, hi = 1, step = 1;
};

Axis y_axis(size_t lowest, size_t highest) {
  double lo = static_cast<double>(lowest), hi = static_cast<double>(highest);
  double least = std::max(hi / 10, 4.0);
  if (hi - lo < least) lo = std::max(0.0, hi - least), hi = std::max(hi, lo + least);
  double raw = (hi - lo) / 4, step = 1;
  while (step * 10 <= raw) step *= 10;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (step * m >= raw) {
      step *= m;
      break;
    }
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step, step};
}

}  // namespace

// One line chart per trend. The y axis has round ticks around the data
// (y_axis); the left margin fits the widest tick label. The x axis is the
// commit date, points spaced by their committer time; when the commits
// share one instant (or their times are unknown) they are spaced by order,
// and the axis says so. A regression is marked on the chart of the metric
// that grew, and only there: the hardcoded sites are no regression metric.
std::string history_lines_svg(const Report& r) {
  if (r.history.empty()) return "";
  struct Series {
    const char* title;
    size_t HistoryPoint::*value;
    bool (*grew)(const HistoryPoint&);
  };
  const Series series[] = {
      {"Allowlisted files", &HistoryPoint::allowlist, [](const HistoryPoint& p) { return p.allowlist_grew(); }},
      {"Unclassified classes", &HistoryPoint::unclassified,
       [](const HistoryPoint& p) { return p.delta_unclassified > 0; }},
      {"Failing files", &HistoryPoint::failing, [](const HistoryPoint& p) { return p.delta_failing > 0; }},
      {"Hardcoded device sites", &HistoryPoint::sites, [](const HistoryPoint&) { return false; }}};
  const double w = 320, h = 200, right = 12, top = 40, bottom = 36;
  const size_t n = r.history.size();
  const HistoryPoint &first = r.history.front(), &last = r.history.back();
  const bool by_date = last.time > first.time;
  std::string out;
  for (const Series& s : series) {
    size_t lowest = SIZE_MAX, highest = 0;
    for (const HistoryPoint& p : r.history) lowest = std::min(lowest, p.*(s.value)), highest = std::max(highest, p.*(s.value));
    const Axis axis = y_axis(lowest, highest);
    size_t widest = 1;
    for (double v = axis.lo; v <= axis.hi + axis.step / 2; v += axis.step)
      widest = std::max(widest, thousands(static_cast<size_t>(v)).size());
    const double left = 16 + 7.0 * static_cast<double>(widest);  // 12px digits are under 7px wide
    auto px = [&](size_t i) {
      if (by_date)
        return left + (w - left - right) * static_cast<double>(r.history[i].time - first.time) /
                          static_cast<double>(last.time - first.time);
      return left + (n == 1 ? (w - left - right) / 2 : (w - left - right) * static_cast<double>(i) / (n - 1.0));
    };
    auto py = [&](double v) { return top + (h - top - bottom) * (1.0 - (v - axis.lo) / (axis.hi - axis.lo)); };
    out += "<svg class=\"chart trend\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\" role=\"img\" aria-label=\"" +
           s.title + " over history\">\n<text x=\"8\" y=\"16\" class=\"title\">" + s.title + "</text>\n";
    out += "<text x=\"8\" y=\"32\" class=\"value\">" + thousands(first.*(s.value)) + " \xe2\x86\x92 " +
           thousands(last.*(s.value)) + "</text>\n";
    for (double v = axis.lo; v <= axis.hi + axis.step / 2; v += axis.step)
      out += "<line x1=\"" + num(left) + "\" y1=\"" + num(py(v)) + "\" x2=\"" + num(w - right) + "\" y2=\"" +
             num(py(v)) + "\" class=\"grid\"/><text x=\"" + num(left - 6) + "\" y=\"" + num(py(v) + 4) +
             "\" text-anchor=\"end\" class=\"axis-label\">" + thousands(static_cast<size_t>(v)) + "</text>\n";
    out += "<line x1=\"" + num(left) + "\" y1=\"" + num(top) + "\" x2=\"" + num(left) + "\" y2=\"" + num(h - bottom) +
           "\" class=\"axis\"/><line x1=\"" + num(left) + "\" y1=\"" + num(h - bottom) + "\" x2=\"" + num(w - right) +
           "\" y2=\"" + num(h - bottom) + "\" class=\"axis\"/>\n<polyline class=\"line\" points=\"";
    for (size_t i = 0; i < n; ++i)
      out.append(i ? " " : "").append(num(px(i))).append(",").append(
          num(py(static_cast<double>(r.history[i].*(s.value)))));
    out += "\"/>\n";
    for (size_t i = 0; i < n; ++i) {
      const HistoryPoint& p = r.history[i];
      const bool grew = s.grew(p);
      out += "<circle cx=\"" + num(px(i)) + "\" cy=\"" + num(py(static_cast<double>(p.*(s.value)))) + "\" r=\"2.5\"" +
             (grew ? " class=\"regression\"" : "") + "><title>" + p.date + " " + p.commit.substr(0, 10) + ": " +
             thousands(p.*(s.value)) + (grew ? " (regression)" : "") + "</title></circle>\n";
    }
    // The x axis: the first and last dates, and the middle one (of the
    // time, or of the commits when spaced by order).
    const std::string middle = by_date ? utc_date(first.time + (last.time - first.time) / 2) : r.history[n / 2].date;
    out += "<text x=\"" + num(left) + "\" y=\"" + num(h - 18) + "\" class=\"axis-label\">" + first.date + "</text>";
    if (n > 2 && middle != first.date && middle != last.date)
      out += "<text x=\"" + num(by_date ? left + (w - left - right) / 2 : px(n / 2)) + "\" y=\"" + num(h - 18) +
             "\" text-anchor=\"middle\" class=\"axis-label\">" + middle + "</text>";
    out += "<text x=\"" + num(w - right) + "\" y=\"" + num(h - 18) + "\" text-anchor=\"end\" class=\"axis-label\">" +
           last.date + "</text>\n<text x=\"" + num((left + w - right) / 2) + "\" y=\"" + num(h - 4) +
           "\" text-anchor=\"middle\" class=\"axis-label\">" +
           (by_date ? "commit date" : "commits in order, evenly spaced") + "</text>\n</svg>\n";
  }
  return out;
}

}  // namespace hwclass
