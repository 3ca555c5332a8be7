// report --format text and markdown: the totals, the directories one level
// below the top, "next up", the files with the most hardcoded sites and the
// history. The JSON and HTML reports carry every directory and file.
#include <algorithm>
#include <cstdint>
#include <functional>

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
  return (n > 0 ? "+" : "-") + thousands(static_cast<size_t>(n > 0 ? n : -n));
}

std::string week_sentence(const Trend& t) {
  return "since " + t.week_from + ": allowlist " + signed_count(t.week_allowlist) + ", unclassified classes " +
         signed_count(t.week_unclassified) + ", failing files " + signed_count(t.week_failing);
}

std::string projection_sentence(const Trend& t) {
  std::string window = "the last " + std::to_string(t.window_days) + (t.window_days == 1 ? " day" : " days");
  if (t.window_days < 1) return "no projection: the history spans less than a day";
  if (t.zero_date.empty()) return "no projection: the allowlist did not shrink over " + window;
  char pace[32];
  std::snprintf(pace, sizeof pace, "%.2f", t.pace_per_day);
  return "projection: at the pace of " + window + " (" + pace + " files a day), the allowlist reaches zero on " +
         t.zero_date;
}

namespace {

using Row = std::vector<std::string>;

// Columns padded to their widest cell, numbers right-aligned (the first
// column, and those from `text_from` on, are text: left-aligned); or a
// markdown table.
std::string table(const Row& head, const std::vector<Row>& rows, bool markdown, size_t text_from = SIZE_MAX) {
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
  std::vector<size_t> width(head.size());
  for (size_t i = 0; i < head.size(); ++i) width[i] = head[i].size();
  for (const Row& r : rows)
    for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
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
  line(head);
  for (const Row& r : rows) line(r);
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
  void heading(const std::string& text) { out += md ? "\n### " + text + "\n\n" : "\n" + text + "\n"; }
  void line(const std::string& label, const std::string& text) {
    out += md ? "- **" + label + ":** " + text + "\n"
              : label + std::string(label.size() < 11 ? 11 - label.size() : 1, ' ') + text + "\n";
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

// The top-level directories and their counts.
void directories(Page& page, const Report& r) {
  page.heading("Directories");
  std::vector<Row> rows;
  for (const DirectoryRow& d : r.directories) {
    if (d.depth > 1) continue;
    Row row{std::string(page.md ? "" : std::string(2 * d.depth, ' ')) + (page.md ? "`" + d.path + "`" : d.path)};
    Row cells = count_cells(d.counts);
    row.insert(row.end(), cells.begin(), cells.end());
    rows.push_back(row);
  }
  Row head{"directory"};
  head.insert(head.end(), kCountHead.begin(), kCountHead.end());
  page.out += table(head, rows, page.md);
}

// Every owner label and its counts: who is blocked, who moved.
void owners(Page& page, const Report& r) {
  page.heading("Owners");
  std::vector<Row> rows;
  for (const OwnerRow& o : r.owners) {
    Row row{page.md ? "`" + o.owner + "`" : o.owner};
    Row cells = count_cells(o.counts);
    row.insert(row.end(), cells.begin(), cells.end());
    rows.push_back(row);
  }
  Row head{"owner"};
  head.insert(head.end(), kCountHead.begin(), kCountHead.end());
  page.out += table(head, rows, page.md);
}

void file_list(Page& page, const Report& r, const std::string& title, const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  page.heading(title);
  std::vector<Row> list;
  for (const std::string& p : paths) {
    auto f = std::find_if(r.files.begin(), r.files.end(), [&](const FileRow& x) { return x.path == p; });
    list.push_back({page.md ? "`" + p + "`" : p, thousands(f->counts.blocking), thousands(f->counts.unclassified),
                    thousands(f->counts.sites)});
  }
  page.out += table({"file", "blocking", "unclassified", "sites"}, list, page.md);
}

// Files `hwclass fix` alone makes pass, each with the command.
void fix_alone(Page& page, const Report& r) {
  if (r.fix_alone.empty()) return;
  page.heading("Next up: hwclass fix alone makes these pass");
  std::vector<Row> rows;
  for (const std::string& p : r.fix_alone) {
    auto f = std::find_if(r.files.begin(), r.files.end(), [&](const FileRow& x) { return x.path == p; });
    std::string command = fix_command(f->fix, p);
    rows.push_back({page.md ? "`" + p + "`" : p, thousands(f->counts.test_classes), page.md ? "`" + command + "`" : command});
  }
  page.out += table({"file", "classes", "command"}, rows, page.md, 2);
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
    page.out += table({"file", "first error"}, rows, true);
    return;
  }
  size_t width = 0;  // the path column; the error, free text, reads best left-aligned
  for (const Row& row : rows) width = std::max(width, row[0].size());
  for (const Row& row : rows) page.out += row[0] + std::string(width - row[0].size() + 2, ' ') + row[1] + "\n";
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
                      thousands(p.sites), p.regression() ? "regression" : "", p.author, p.subject});
    if (p.regression()) regressions.push_back(&p);
  }
  page.out += table({"date", "commit", "allowlist", "unclassified", "failing", "sites", "", "author", "subject"}, points,
                    page.md, 6);
  if (regressions.empty()) return;
  page.heading("Regressions (" + thousands(regressions.size()) + ")");
  for (const HistoryPoint* p : regressions) {
    std::string what;
    auto grew = [&](long delta, const char* name) {
      if (delta > 0) what += (what.empty() ? "" : ", ") + std::string(name) + " +" + thousands(static_cast<size_t>(delta));
    };
    grew(p->delta_allowlist, "allowlist");
    grew(p->delta_unclassified, "unclassified classes");
    grew(p->delta_failing, "failing files");
    page.out += (page.md ? "- `" : "  ") + p->commit.substr(0, 10) + (page.md ? "` " : " ") + p->date + " " + p->author +
                ": " + what + " (\"" + p->subject + "\")\n";
  }
}

std::string render(const Report& r, bool md) {
  Page page{md, md ? "## hwclass report\n\n" : "hwclass report\n"};
  summary(page, r);
  if (r.by_owner) owners(page, r);
  directories(page, r);
  if (!r.by_owner) owners(page, r);
  failing(page, r);
  fix_alone(page, r);
  file_list(page, r,
            "Next up, each needing a decision (fewest lint errors left once classes declare classify's recommendation)",
            r.next_up);
  file_list(page, r, "Most hardcoded device sites", r.most_sites);
  history(page, r);
  return page.out;
}

}  // namespace

std::string report_text(const Report& r) { return render(r, false); }
std::string report_markdown(const Report& r) { return render(r, true); }

}  // namespace hwclass
