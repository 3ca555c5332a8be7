// report --format text and markdown: the totals, the directories one level
// below the top, "next up", the files with the most hardcoded sites and the
// history. The JSON and HTML reports carry every directory and file.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>

#include "emit/report_output.h"

namespace hwclass {

std::string thousands(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string signed_count(long n) {
  if (n == 0) return "0";
  return std::string(n > 0 ? "+" : "-") + thousands(static_cast<size_t>(n > 0 ? n : -n));
}

std::string week_sentence(const Trend& t) {
  return "since " + t.week_from + ": allowlist " + signed_count(t.week_allowlist) + ", unclassified classes " +
         signed_count(t.week_unclassified) + ", failing files " + signed_count(t.week_failing);
}

std::string projection_sentence(const Trend& t) {
  std::string window = "from " + t.window_from + " to " + t.window_to + " (" + std::to_string(t.window_days) +
                       (t.window_days == 1 ? " day" : " days");
  if (t.window_days < 1) return "no projection: the history spans less than a day";
  if (t.zero_date.empty()) return "no projection: the allowlist did not shrink " + window + ")";
  char pace[32];
  std::snprintf(pace, sizeof pace, "%.2f", t.pace_per_day);
  return "projection: at the pace " + window + ", " + pace + " files a day), the allowlist reaches zero on " +
         t.zero_date;
}

std::string pace_text(double per_day) {
  char pace[32];
  std::snprintf(pace, sizeof pace, "%.2f", per_day);
  return pace;
}

std::string owner_zero(const OwnerTrend& o) { return o.zero_date.empty() ? "not shrinking" : o.zero_date; }

std::string why_not_fix_alone(const FileRow& f) {
  return f.counts.blocking == 0 && f.status != FileStatus::Passing ? f.why_not_fix_alone : "";
}

namespace {

using Row = std::vector<std::string>;

// Narrows text columns until the table fits `columns` (0: no limit): the
// last text column first, none below 12 characters; a cell cut to fit keeps
// its end when it is the first column (a path's file name) and its start
// otherwise (a subject), marked "...".
void fit_width(std::vector<size_t>& width, std::vector<Row>& cells, size_t columns, size_t text_from) {
  size_t total = 0;
  for (size_t w : width) total += w;
  total += 2 * (width.size() - 1);
  if (columns == 0 || total <= columns) return;
  constexpr size_t kNarrowest = 12;
  for (size_t i = width.size(); i-- > 0 && total > columns;) {
    if (i != 0 && i < text_from) continue;
    if (width[i] <= kNarrowest) continue;
    size_t cut = std::min(total - columns, width[i] - kNarrowest);
    width[i] -= cut;
    total -= cut;
    for (Row& r : cells) {
      if (r[i].size() <= width[i]) continue;
      r[i] = i == 0 ? "..." + r[i].substr(r[i].size() - (width[i] - 3)) : r[i].substr(0, width[i] - 3) + "...";
    }
  }
}

// Columns padded to their widest cell, numbers right-aligned (the first
// column, and those from `text_from` on, are text: left-aligned), fitted
// to `columns`; or a markdown table.
// The numeric columns' headers, shortened when a table does not fit.
const std::map<std::string, std::string> kShortHeads = {
    {"test files", "files"}, {"classes", "cls"},      {"unclassified", "unclass"}, {"passing", "pass"},
    {"failing", "fail"},     {"allowlisted", "allow"}, {"allowlist", "allow"},     {"blocking", "block"}};

// `text` broken at spaces into lines of at most `columns` (0: one line),
// the first starting at column `at`, the others indented by `indent`.
std::string wrap(const std::string& text, size_t columns, size_t at, size_t indent) {
  if (columns == 0 || at + text.size() <= columns) return text;
  std::string out;
  size_t col = at;
  for (size_t i = 0; i < text.size();) {
    size_t end = text.find(' ', i);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(i, end - i);
    if (col > at && col > indent && col + 1 + word.size() > columns) {
      out += "\n" + std::string(indent, ' ');
      col = indent;
    } else if (i > 0) {
      out += ' ';
      ++col;
    }
    out += word;
    col += word.size();
    i = end + 1;
  }
  return out;
}

std::string table(const Row& full_head, const std::vector<Row>& rows, bool markdown, size_t text_from = SIZE_MAX,
                  size_t columns = 0) {
  Row head = full_head;
  std::string out;
  if (markdown) {
    auto line = [&](const Row& r) {
      for (const auto& cell : r) out += "| " + cell + " ";
      out += "|\n";
    };
    line(head);
    for (size_t i = 0; i < head.size(); ++i) out += i && i < text_from ? "|---:" : "|---";
    out += "|\n";
    for (const Row& r : rows) line(r);
    return out;
  }
  auto widths = [&] {
    std::vector<size_t> width(head.size());
    for (size_t i = 0; i < head.size(); ++i) width[i] = head[i].size();
    for (const Row& r : rows)
      for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    return width;
  };
  std::vector<size_t> width = widths();
  size_t total = 2 * (width.size() - 1);
  for (size_t w : width) total += w;
  if (columns > 0 && total > columns) {
    for (std::string& h : head)
      if (auto it = kShortHeads.find(h); it != kShortHeads.end()) h = it->second;
    width = widths();
  }
  std::vector<Row> cells = rows;
  cells.push_back(head);
  fit_width(width, cells, columns, text_from);
  auto line = [&](const Row& r) {
    std::string text;
    for (size_t i = 0; i < r.size(); ++i) {
      std::string pad(width[i] - r[i].size(), ' ');
      bool left = i == 0 || i >= text_from;
      text += (i ? "  " : "") + (left ? r[i] + pad : pad + r[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  };
  line(cells.back());
  for (size_t k = 0; k + 1 < cells.size(); ++k) line(cells[k]);
  return out;
}

Row count_cells(const Counts& c) {
  return {thousands(c.test_files), thousands(c.test_classes), thousands(c.unclassified), thousands(c.passing),
          thousands(c.failing),    thousands(c.allowlisted),  thousands(c.sites),        thousands(c.blocking)};
}

const Row kCountHead = {"test files", "classes", "unclassified", "passing", "failing", "allowlisted", "sites",
                        "blocking"};

// The text being built: plain text, or Markdown for a PR comment.
struct Page {
  bool md;
  std::string out;
  size_t columns = 0;  // the terminal's width for text tables; 0: no limit
  void table(const Row& head, const std::vector<Row>& rows, size_t text_from = SIZE_MAX) {
    out += hwclass::table(head, rows, md, text_from, columns);
  }
  void heading(const std::string& text) {
    out += md ? "\n### " + text + "\n\n" : "\n" + wrap(text, columns, 0, 2) + "\n";
  }
  void line(const std::string& label, const std::string& text) {
    if (md) {
      out += "- **" + label + ":** " + text + "\n";
      return;
    }
    std::string head = label + std::string(label.size() < 11 ? 11 - label.size() : 1, ' ');
    out += head + wrap(text, columns, head.size(), 11) + "\n";
  }
};

// The totals, a labelled line each.
void summary(Page& page, const Report& r) {
  const Counts& t = r.totals;
  page.line("tests", thousands(t.test_files) + " test files, " + thousands(t.test_classes) + " test classes, " +
                         thousands(t.variants) + " device variants");
  std::string classes;
  for (const std::string& m : r.members) {
    auto it = t.declared.find(m);
    classes += m + " " + thousands(it == t.declared.end() ? 0 : it->second) + ", ";
  }
  page.line("classes", classes + "unclassified " + thousands(t.unclassified));
  page.line("files", "passing " + thousands(t.passing) + ", failing " + thousands(t.failing) + ", allowlisted " +
                         thousands(t.allowlisted));
  size_t declared = t.test_classes - t.unclassified;
  page.line("agreement", thousands(t.agree) + " of " + thousands(declared) + " declared classes agree with classify, " +
                             thousands(t.disagree) + " disagree, " +
                             thousands(declared - std::min(declared, t.agree + t.disagree)) +
                             " not judged (low confidence)");
  std::string kinds;
  for (const char* k : kSiteKinds) {
    auto it = t.sites_by_kind.find(k);
    kinds += std::string(", ") + k + " " + thousands(it == t.sites_by_kind.end() ? 0 : it->second);
  }
  page.line("hardcoded", thousands(t.sites) + " sites" + kinds);
  std::vector<std::pair<std::string, size_t>> devices(t.sites_by_device.begin(), t.sites_by_device.end());
  std::stable_sort(devices.begin(), devices.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string by_device;
  for (const auto& [d, n] : devices) by_device += (by_device.empty() ? "" : ", ") + d + " " + thousands(n);
  if (!by_device.empty()) page.line("by device", by_device);
}

// A table of labelled rows of counts: the directories, the owners.
void count_table(Page& page, const std::string& what, const std::vector<std::pair<std::string, const Counts*>>& rows) {
  std::vector<Row> cells;
  for (const auto& [label, counts] : rows) {
    Row row{label};
    Row numbers = count_cells(*counts);
    row.insert(row.end(), numbers.begin(), numbers.end());
    cells.push_back(row);
  }
  Row head{what};
  head.insert(head.end(), kCountHead.begin(), kCountHead.end());
  page.table(head, cells);
}

// The top-level directories and their counts.
void directories(Page& page, const Report& r) {
  page.heading("Directories");
  std::vector<std::pair<std::string, const Counts*>> rows;
  for (const DirectoryRow& d : r.directories)
    if (d.depth <= 1)
      rows.emplace_back(page.md ? "`" + d.path + "`" : std::string(2 * d.depth, ' ') + d.path, &d.counts);
  count_table(page, "directory", rows);
}

// Every owner label and its counts: who is blocked, who moved.
void owners(Page& page, const Report& r) {
  page.heading("Owners");
  std::vector<std::pair<std::string, const Counts*>> rows;
  for (const OwnerRow& o : r.owners) rows.emplace_back(page.md ? "`" + o.owner + "`" : o.owner, &o.counts);
  count_table(page, "owner", rows);
}

// With `why_column`, a "why not fix alone" column when a listed file has no blocking
// error (declaring classify's recommendations would make it pass, so the
// reader asks why fix does not).
void file_list(Page& page, const Report& r, const std::string& title, const std::vector<std::string>& paths,
               bool why_column = false) {
  if (paths.empty()) return;
  page.heading(title);
  std::vector<Row> list;
  bool why = false;
  for (const std::string& p : paths) {
    auto f = std::find_if(r.files.begin(), r.files.end(), [&](const FileRow& x) { return x.path == p; });
    list.push_back({page.md ? "`" + p + "`" : p, thousands(f->counts.blocking), thousands(f->counts.unclassified),
                    thousands(f->counts.sites), why_not_fix_alone(*f)});
    why = why || (why_column && !list.back().back().empty());
  }
  if (!why) {
    for (Row& row : list) row.pop_back();
    page.table({"file", "blocking", "unclassified", "sites"}, list);
    return;
  }
  page.table({"file", "blocking", "unclassified", "sites", "why not fix alone"}, list, 4);
}

// Files `hwclass fix` alone makes pass, each with the command: whole, one a
// line in text (a command cut to fit could not be pasted). The safe fixes'
// commands and the unsafe ones, which change what tests run on and need a
// review, are listed apart.
void fix_alone(Page& page, const Report& r) {
  for (FixClears kind : {FixClears::Safe, FixClears::Unsafe}) {
    std::vector<Row> rows;
    std::string lines;
    for (const std::string& p : r.fix_alone) {
      auto f = std::find_if(r.files.begin(), r.files.end(), [&](const FileRow& x) { return x.path == p; });
      if (f->fix != kind) continue;
      std::string command = fix_command(f->fix, p);
      if (page.md) rows.push_back({"`" + p + "`", thousands(f->counts.test_classes), "`" + command + "`"});
      else lines += "  " + command + "\n";
    }
    if (rows.empty() && lines.empty()) continue;
    page.heading(kind == FixClears::Safe
                     ? "Next up: hwclass fix alone makes these pass, safe fixes (from the repository root)"
                     : "Next up: hwclass fix alone makes these pass, with unsafe fixes to review (from the repository root)");
    if (page.md) page.table({"file", "classes", "command"}, rows, 2);
    else page.out += lines;
  }
}

// Failing files (not on the allowlist), each with its first error: the
// regressions a maintainer acts on.
void failing(Page& page, const Report& r) {
  std::vector<Row> rows;
  for (const FileRow& f : r.files)
    if (f.status == FileStatus::Failing)
      rows.push_back({page.md ? "`" + f.path + "`" : f.path,
                      f.parses ? f.first_error : std::string("does not parse")});
  if (rows.empty()) return;
  page.heading("Failing (not on the allowlist): " + thousands(rows.size()) + (rows.size() == 1 ? " file" : " files"));
  if (page.md) {
    page.table({"file", "first error"}, rows);
    return;
  }
  // No header: the path, then the error, free text, left-aligned.
  std::vector<size_t> width{0, 0};
  for (const Row& row : rows) width[0] = std::max(width[0], row[0].size()), width[1] = std::max(width[1], row[1].size());
  fit_width(width, rows, page.columns, 1);
  for (const Row& row : rows) page.out += row[0] + std::string(width[0] - row[0].size() + 2, ' ') + row[1] + "\n";
}

// "796 (+1)": a count and its change since the point before, when it changed.
std::string with_delta(size_t value, long delta) {
  return delta == 0 ? thousands(value) : thousands(value) + " (" + signed_count(delta) + ")";
}

void history(Page& page, const Report& r) {
  if (r.history.empty()) return;
  page.heading("History (" + thousands(r.history.size()) + " commits)");
  page.line("this week", week_sentence(r.trend));
  page.line("burn-down", projection_sentence(r.trend));
  page.out += "\n";
  std::vector<Row> points;
  std::vector<const HistoryPoint*> regressions;
  for (const HistoryPoint& p : r.history) {
    points.push_back({p.date, p.commit.substr(0, 10), with_delta(p.allowlist, p.delta_allowlist),
                      with_delta(p.unclassified, p.delta_unclassified), with_delta(p.failing, p.delta_failing),
                      thousands(p.sites), p.regression() ? "regression" : p.baseline ? "baseline" : "", p.author,
                      p.subject});
    if (p.regression()) regressions.push_back(&p);
  }
  page.table({"date", "commit", "allowlist", "unclassified", "failing", "sites", "", "author", "subject"}, points, 6);
  if (regressions.empty()) return;
  page.heading("Regressions (" + thousands(regressions.size()) + ")");
  for (const HistoryPoint* p : regressions) {
    std::string what;
    auto grew = [&](long delta, const char* name) {
      if (delta > 0) what += (what.empty() ? "" : ", ") + std::string(name) + " +" + thousands(static_cast<size_t>(delta));
    };
    grew(p->allowlist_grew() ? p->delta_allowlist : 0, "allowlist");
    grew(p->delta_unclassified, "unclassified classes");
    grew(p->delta_failing, "failing files");
    page.out += (page.md ? "- `" : "  ") + p->commit.substr(0, 10) + (page.md ? "` " : " ") + p->date + " " + p->author +
                ": " + what + " (\"" + p->subject + "\")\n";
  }
}

// The burn-down's projection per owner, after the history it comes from.
void owner_projection(Page& page, const Report& r) {
  if (r.history.empty() || r.trend.owners.empty()) return;
  page.heading("Projection per owner (allowlisted files, " + r.trend.window_from + " to " + r.trend.window_to + ")");
  std::vector<Row> rows;
  for (const OwnerTrend& o : r.trend.owners)
    rows.push_back({page.md ? "`" + o.owner + "`" : o.owner, thousands(o.from), thousands(o.now),
                    pace_text(o.pace_per_day), owner_zero(o)});
  page.table({"owner", "from", "now", "files a day", "reaches zero"}, rows, 4);
}

std::string render(const Report& r, bool md) {
  Page page{md, md ? "## hwclass report\n\n" : "hwclass report\n", md ? 0 : r.columns};
  summary(page, r);
  if (r.by_owner) owners(page, r);
  directories(page, r);
  if (!r.by_owner) owners(page, r);
  failing(page, r);
  fix_alone(page, r);
  file_list(page, r,
            "Next up, each needing a decision (fewest lint errors left once classes declare classify's recommendation)",
            r.next_up, true);
  file_list(page, r, "Most hardcoded device sites", r.most_sites);
  history(page, r);
  owner_projection(page, r);
  return page.out;
}

}  // namespace

std::string report_text(const Report& r) { return render(r, false); }
std::string report_markdown(const Report& r) { return render(r, true); }

}  // namespace hwclass
