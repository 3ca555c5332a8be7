// report --format html: one self-contained page (inline CSS and SVG, a few
// lines of plain JavaScript to sort the file table, no external request)
// that reads at 1280 px and on a phone.
#include <map>

#include "emit/report_output.h"
#include "util/html.h"

namespace hwclass {
namespace {

constexpr const char* kStyle = R"css(
:root { color-scheme: light; --muted: #5f6368; --line: #dadce0; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #202124; background: #fff; }
main { max-width: 1200px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.5rem; margin: 0.2em 0 0.6em; }
h2 { font-size: 1.15rem; margin: 1.6em 0 0.6em; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 10px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.card b { display: block; font-size: 1.45rem; }
.card span { color: var(--muted); font-size: 0.85rem; }
svg.chart { width: 100%; height: auto; font-size: 13px; }
.wide { overflow-x: auto; } .wide svg.bars { min-width: 640px; }
svg .legend, svg .axis-label { fill: var(--muted); font-size: 12px; }
svg .value { fill: var(--muted); }
svg .title { font-weight: 600; }
svg .line { fill: none; stroke: #4e79a7; stroke-width: 2; }
svg circle { fill: #4e79a7; }
svg .axis { stroke: var(--muted); }
svg .grid { stroke: var(--line); stroke-dasharray: 2 3; }
svg circle.regression { fill: #c5221f; }
.projection { color: var(--muted); font-style: italic; }
table.commands td:last-child, table.commands th:last-child { text-align: left; white-space: normal; overflow-wrap: anywhere; }
.trends { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
.lists { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 16px; }
.lists > .why { grid-column: 1 / -1; }
table.why td:last-child, table.why th:last-child { text-align: left; white-space: normal; min-width: 24ch; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; overflow-wrap: break-word; min-width: 12ch; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; }
details { margin-left: 14px; }
details > summary { cursor: pointer; padding: 2px 0; }
.tree > details { margin-left: 0; }
.tree ul { list-style: none; margin: 0 0 0 14px; padding: 0; }
.muted { color: var(--muted); }
.passing { color: #188038; } .failing { color: #c5221f; } .allowlisted { color: #b06000; }
@media (max-width: 600px) { body { font-size: 14px; } main { padding: 10px; } .card b { font-size: 1.2rem; } }
)css";

constexpr const char* kScript = R"js(
for (const table of document.querySelectorAll("table.sortable")) {
  table.querySelectorAll("th button").forEach((button, column) => button.addEventListener("click", () => {
    const th = button.parentElement, body = table.tBodies[0];
    const ascending = th.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("th").forEach((h) => h.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    const key = (row) => row.cells[column].dataset.v ?? row.cells[column].textContent;
    const numeric = th.dataset.type === "number";
    const rows = Array.from(body.rows).sort((a, b) => {
      const order = numeric ? key(a) - key(b) : key(a).localeCompare(key(b));
      return ascending ? order : -order;
    });
    for (const row of rows) body.appendChild(row);
  }));
}
)js";

std::string card(const std::string& value, const std::string& label) {
  return "<div class=\"card\"><b>" + value + "</b><span>" + label + "</span></div>\n";
}

std::string classes(size_t n) { return thousands(n) + (n == 1 ? " class" : " classes"); }

std::string summary_counts(const Counts& c) {
  return "<span class=\"muted\">" + classes(c.test_classes) + ", " + thousands(c.unclassified) +
         " unclassified, " + thousands(c.sites) + " sites; <span class=\"passing\">" + thousands(c.passing) +
         "</span>/<span class=\"failing\">" + thousands(c.failing) + "</span>/<span class=\"allowlisted\">" +
         thousands(c.allowlisted) + "</span></span>";
}

// Directories as nested <details>: the subdirectories, then the files with
// test classes or that upstream checks; the top is open.
std::string tree(const Report& r) {
  std::map<std::string, std::vector<const FileRow*>> files_in;
  for (const FileRow& f : r.files)
    if (f.counts.test_classes || f.status != FileStatus::NotChecked)
      files_in[f.path.substr(0, f.path.rfind('/'))].push_back(&f);
  std::string out = "<div class=\"tree\">\n";
  std::vector<std::string> open;
  auto close = [&] {
    auto files = files_in.find(open.back());
    if (files != files_in.end()) {
      out += "<ul>\n";
      for (const FileRow* f : files->second)
        out += "<li>" + html_escape(f->path.substr(f->path.rfind('/') + 1)) + " <span class=\"" +
               to_string(f->status) + "\">" + to_string(f->status) + "</span> <span class=\"muted\">" +
               classes(f->counts.test_classes) + ", " + thousands(f->counts.unclassified) +
               " unclassified, " + thousands(f->counts.sites) + " sites</span></li>\n";
      out += "</ul>\n";
    }
    out += "</details>\n";
    open.pop_back();
  };
  for (const DirectoryRow& d : r.directories) {
    while (!open.empty() && d.path.rfind(open.back() + "/", 0) != 0) close();
    std::string name = d.path.substr(d.path.rfind('/') + 1);
    out += std::string("<details") + (open.empty() ? " open" : "") + "><summary><b>" + html_escape(name) + "/</b> " +
           summary_counts(d.counts) + "</summary>\n";
    open.push_back(d.path);
  }
  while (!open.empty()) close();
  return out + "</div>\n";
}

// A path that may break after each '/', so that a narrow screen wraps it
// there rather than squeezing the column to a few letters.
std::string path_html(const std::string& path) {
  std::string out;
  for (char c : html_escape(path)) {
    out += c;
    if (c == '/') out += "<wbr>";
  }
  return out;
}

std::string owner_table(const Report& r) {
  std::string out =
      "<div class=\"scroll\"><table class=\"sortable\" id=\"owners\"><thead><tr><th><button>owner</button></th>"
      "<th data-type=\"number\"><button>test files</button></th><th data-type=\"number\"><button>classes</button></th>"
      "<th data-type=\"number\"><button>unclassified</button></th><th data-type=\"number\"><button>failing</button></th>"
      "<th data-type=\"number\"><button>allowlisted</button></th><th data-type=\"number\"><button>passing</button></th>"
      "</tr></thead><tbody>\n";
  auto cell = [](size_t n) { return "<td data-v=\"" + std::to_string(n) + "\">" + thousands(n) + "</td>"; };
  for (const OwnerRow& o : r.owners)
    out += "<tr><td>" + html_escape(o.owner) + "</td>" + cell(o.counts.test_files) + cell(o.counts.test_classes) +
           cell(o.counts.unclassified) + cell(o.counts.failing) + cell(o.counts.allowlisted) + cell(o.counts.passing) +
           "</tr>\n";
  return out + "</tbody></table></div>\n";
}

// The allowlist's projection per owner: files at the window's ends, pace, zero.
std::string owner_projection(const Report& r) {
  if (r.trend.owners.empty()) return "";
  std::string out = "<details><summary>Projection per owner (allowlisted files, " + r.trend.window_from + " to " +
                    r.trend.window_to + ")</summary>\n<div class=\"scroll\"><table class=\"owners-projection\"><thead><tr>"
                    "<th>owner</th><th>from</th><th>now</th><th>files a day</th><th>reaches zero</th></tr></thead><tbody>\n";
  for (const OwnerTrend& o : r.trend.owners)
    out += "<tr><td>" + html_escape(o.owner) + "</td><td>" + thousands(o.from) + "</td><td>" + thousands(o.now) +
           "</td><td>" + pace_text(o.pace_per_day) + "</td><td>" + owner_zero(o) + "</td></tr>\n";
  return out + "</tbody></table></div></details>\n";
}

// With a "why not fix alone" column when a listed file has no blocking error.
std::string file_list(const Report& r, const std::string& title, const std::vector<std::string>& paths,
                      bool why_column = false) {
  bool why = false;
  for (const std::string& p : paths)
    for (const FileRow& f : r.files)
      if (f.path == p) why = why || (why_column && !why_not_fix_alone(f).empty());
  // With the reasons, the list takes the grid's whole width (its half
  // squeezed them to a letter a line).
  std::string out = std::string(why ? "<div class=\"scroll why\">" : "<div>") + "<h3>" + title + "</h3>\n<table" +
                    (why ? " class=\"why\"" : "") +
                    "><thead><tr><th>file</th><th>blocking</th><th>unclassified</th><th>sites</th>" +
                    (why ? "<th>why not fix alone</th>" : "") + "</tr></thead><tbody>\n";
  for (const std::string& p : paths)
    for (const FileRow& f : r.files)
      if (f.path == p)
        out += "<tr><td>" + path_html(p) + "</td><td>" + thousands(f.counts.blocking) + "</td><td>" +
               thousands(f.counts.unclassified) + "</td><td>" + thousands(f.counts.sites) + "</td>" +
               (why ? "<td>" + html_escape(why_not_fix_alone(f)) + "</td>" : "") + "</tr>\n";
  return out + "</tbody></table></div>\n";
}

// The safe fixes' commands and the unsafe ones (to review) apart.
std::string fix_alone_list(const Report& r) {
  std::string out;
  for (FixClears kind : {FixClears::Safe, FixClears::Unsafe}) {
    std::string rows;
    for (const std::string& p : r.fix_alone)
      for (const FileRow& f : r.files)
        if (f.path == p && f.fix == kind)
          rows += "<tr><td>" + path_html(p) + "</td><td><code>" + html_escape(fix_command(f.fix, p)) + "</code></td></tr>\n";
    if (rows.empty()) continue;
    out += std::string("<div class=\"scroll\"><h3>hwclass fix alone makes these pass, ") +
           (kind == FixClears::Safe ? "safe fixes" : "with unsafe fixes to review") +
           "</h3>\n<table class=\"commands\"><thead><tr><th>file</th><th>command (from the repository root)</th></tr>"
           "</thead><tbody>\n" + rows + "</tbody></table></div>\n";
  }
  return out;
}

std::string file_table(const Report& r) {
  std::string out =
      "<div class=\"scroll\"><table class=\"sortable\" id=\"files\"><thead><tr>"
      "<th><button>file</button></th><th><button>status</button></th>"
      "<th data-type=\"number\"><button>classes</button></th><th data-type=\"number\"><button>unclassified</button></th>"
      "<th data-type=\"number\"><button>variants</button></th><th data-type=\"number\"><button>sites</button></th>"
      "<th data-type=\"number\"><button>blocking</button></th></tr></thead><tbody>\n";
  auto cell = [](size_t n) { return "<td data-v=\"" + std::to_string(n) + "\">" + thousands(n) + "</td>"; };
  for (const FileRow& f : r.files) {
    if (!f.counts.test_classes && !f.counts.test_files) continue;
    out += "<tr><td>" + path_html(f.path) + "</td><td class=\"" + to_string(f.status) + "\">" + to_string(f.status) +
           "</td>" + cell(f.counts.test_classes) + cell(f.counts.unclassified) + cell(f.counts.variants) +
           cell(f.counts.sites) + cell(f.counts.blocking) + "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

}  // namespace

std::string report_html(const Report& r) {
  const Counts& t = r.totals;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>hwclass report</title>\n<style>" +
      std::string(kStyle) + "</style>\n</head>\n<body>\n<main>\n<h1>Hardware classification: migration report</h1>\n";
  out += "<section class=\"cards\">\n";
  out += card(thousands(t.test_files), "test files");
  out += card(thousands(t.test_classes), "test classes (" + thousands(t.variants) + " device variants)");
  out += card(thousands(t.test_classes - t.unclassified), "classes declared");
  out += card(thousands(t.unclassified), "unclassified classes");
  out += card(thousands(t.passing) + " / " + thousands(t.failing) + " / " + thousands(t.allowlisted),
              "files passing / failing / allowlisted");
  size_t declared = t.test_classes - t.unclassified;
  out += card(thousands(t.agree) + " of " + thousands(declared),
              "declared classes classify agrees with (" + thousands(t.disagree) + " disagree, " +
                  thousands(declared - std::min(declared, t.agree + t.disagree)) + " not judged: low confidence)");
  out += card(thousands(t.sites), "hardcoded device sites");
  out += "</section>\n<h2>Test classes by classification, per directory</h2>\n<div class=\"wide\">\n" +
         classification_bars_svg(r) + "</div>\n";
  if (!r.history.empty())
    out += "<h2>Trend over " + thousands(r.history.size()) + " commits</h2>\n<p>This week, " +
           html_escape(week_sentence(r.trend)) + ".</p>\n<p class=\"projection\">" +
           html_escape(projection_sentence(r.trend)) + ".</p>\n" + owner_projection(r) +
           "<div class=\"trends\">\n" + history_lines_svg(r) + "</div>\n";
  out += "<h2>Next up</h2>\n" + fix_alone_list(r) + "<div class=\"lists\">\n" +
         file_list(r, "Needing a decision, closest to passing (fewest errors left)", r.next_up, true) +
         file_list(r, "Most hardcoded device sites", r.most_sites) + "</div>\n";
  const std::string owners = "<h2>Owners</h2>\n" + owner_table(r);
  if (r.by_owner) out += owners;
  out += "<h2>Directories</h2>\n<p class=\"muted\">Counts: classes, unclassified, hardcoded sites; files "
         "<span class=\"passing\">passing</span>/<span class=\"failing\">failing</span>/"
         "<span class=\"allowlisted\">allowlisted</span>.</p>\n" +
         tree(r);
  if (!r.by_owner) out += owners;
  out += "<h2>Files</h2>\n" + file_table(r);
  out += "</main>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace hwclass
