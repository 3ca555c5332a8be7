#include "emit/lint_output.h"

#include <fstream>
#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

#include "util/json_writer.h"
#include "util/shell_quote.h"
#include "emit/sarif.h"
#include "lint/linter.h"
#include "util/source_lines.h"

namespace hwclass {
namespace {

std::string lintrunner_line(const Finding& f, const std::string& code) {
  // Keys and spacing as upstream's json.dumps(LintMessage._asdict()).
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("path", f.path).field("line", f.line).key("char").null().field("code", code);
  w.field("severity", to_string(f.severity)).field("name", "[" + f.rule + "]");
  w.key("original").null().key("replacement").null().field("description", lint_description(f)).end_object();
  out.push_back('\n');
  return out;
}

std::string github_escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out.push_back(c);
    }
  }
  return out;
}

// Each file's findings by line, then column, as ruff and clang-tidy list
// them; files keep their order. (The lintrunner format keeps upstream's
// order instead: rule by rule, as its adapter prints.)
std::vector<Finding> by_position(const std::vector<Finding>& findings) {
  std::vector<Finding> sorted = findings;
  std::map<std::string_view, size_t> file_rank;
  for (const Finding& f : findings) file_rank.emplace(f.path, file_rank.size());
  std::stable_sort(sorted.begin(), sorted.end(), [&](const Finding& a, const Finding& b) {
    return std::tuple(file_rank.at(a.path), a.where(), a.column) <
           std::tuple(file_rank.at(b.path), b.where(), b.column);
  });
  return sorted;
}

// The command that applies a finding's fix, ready to paste.
std::string fix_hint(const Finding& f) {
  const bool safe = f.fix.safety() == FixSafety::Safe;
  return std::string(to_string(f.fix.safety())) + " fix: hwclass fix --write " + (safe ? "" : "--unsafe-fixes ") +
         shell_quote(f.path);
}

void write_text(OutputSink& out, const std::vector<Finding>& findings, const LintOutputOptions& o) {
  const char* bold = o.color ? "\033[1m" : "";
  const char* red = o.color ? "\033[31m" : "";
  const char* yellow = o.color ? "\033[33m" : "";
  const char* dim = o.color ? "\033[2m" : "";
  const char* reset = o.color ? "\033[0m" : "";
  SourceLines sources;
  std::string buffer;
  for (const Finding& f : by_position(findings)) {
    const char* tint = f.severity == Severity::Error ? red : yellow;
    // A finding about no line (a file that cannot be read) names the file alone.
    std::string at;
    if (f.where())
      at.append(":").append(std::to_string(f.where())).append(":").append(std::to_string(f.column ? f.column : 1));
    buffer += std::string(bold) + f.path + at + ":" + reset + " " + tint + "[" + f.rule + "]" + reset + " " +
              f.message +
              (f.fix.kind != FixKind::None ? " [" + fix_hint(f) + "]" : "") + "\n";
    const uint32_t shown = f.where();
    if (o.show_source && shown) {
      if (const std::string* text = sources.line(f.path, shown))
        buffer += std::string(dim) + "  " + std::to_string(shown) + " | " + reset + *text + "\n";
    }
    out.write(buffer);
    buffer.clear();
  }
  size_t errors = 0;
  for (const Finding& f : findings) errors += f.severity == Severity::Error;
  out.write("Found " + std::to_string(findings.size()) + (findings.size() == 1 ? " finding" : " findings") + " (" +
            std::to_string(errors) + (errors == 1 ? " error" : " errors") + ") in " + std::to_string(o.files_checked) +
            (o.files_checked == 1 ? " file" : " files") + ".\n");
}

void write_json(OutputSink& out, const std::vector<Finding>& findings) {
  std::string buffer;
  JsonWriter w(buffer, 2);
  w.begin_array();
  for (const Finding& f : findings) {
    w.begin_object()
        .field("rule", f.rule)
        .field("severity", to_string(f.severity))
        .field("path", f.path)
        .field("relative_path", f.relative_path)
        .field("line", f.where())
        .key("column");
    // The column the text output shows: 1 for findings about a whole line.
    if (f.where()) w.value(f.column ? f.column : 1u);
    else w.null();
    w.field("message", f.message).field("upstream", f.upstream);
    w.key("fix");
    if (f.fix.kind != FixKind::None) w.value(to_string(f.fix.safety()));
    else w.null();
    w.end_object();
  }
  w.end_array();
  buffer.push_back('\n');
  out.write(buffer);
}

void write_github(OutputSink& out, const std::vector<Finding>& findings) {
  for (const Finding& f : findings) {
    std::string level = f.severity == Severity::Error ? "error" : "warning";
    std::string line = "::" + level + " file=" + github_escape(f.relative_path, true);
    if (f.where()) line += ",line=" + std::to_string(f.where());  // none for a file that cannot be read
    if (f.where() && f.column) line += ",col=" + std::to_string(f.column);
    line += ",title=" + github_escape("hwclass [" + f.rule + "]", true) + "::" +
            github_escape(lint_description(f), false) + "\n";
    out.write(line);
  }
  out.write("hwclass: " + std::to_string(findings.size()) + " findings\n");
}

}  // namespace

void write_lint_output(OutputSink& out, const std::vector<Finding>& findings, const LintOutputOptions& o) {
  if (o.format == "lintrunner") {
    for (const Finding& f : findings) out.write(lintrunner_line(f, o.code));
  } else if (o.format == "json") {
    write_json(out, findings);
  } else if (o.format == "github") {
    write_github(out, findings);
  } else if (o.format == "sarif") {
    out.write(sarif_log(findings));
  } else if (o.format == "junit") {
    out.write(junit_report(findings, o.linted_files));
  } else {
    write_text(out, findings, o);
  }
}

std::string lintrunner_failure(const std::string& code, const std::string& message) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("path").null().key("line").null().key("char").null().field("code", code);
  w.field("severity", "error").field("name", "command-failed").key("original").null().key("replacement").null();
  w.field("description", message).end_object();
  out.push_back('\n');
  return out;
}

std::string lint_statistics(const std::vector<Finding>& findings,
                            const std::vector<std::pair<std::string, size_t>>& classes_by_member) {
  std::map<std::string, size_t> counts;
  for (const Finding& f : findings) ++counts[f.rule];
  // Most frequent first; ties in the registry's order.
  std::vector<std::pair<size_t, const RuleInfo*>> rows;
  for (const RuleInfo& r : all_rules())
    if (counts.count(r.id)) rows.emplace_back(counts[r.id], &r);
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  size_t width = 0;
  for (const auto& row : rows) width = std::max(width, std::string(row.second->id).size());
  std::string out;
  for (const auto& [n, rule] : rows) {
    std::string count = std::to_string(n), id = rule->id, severity = to_string(rule->severity);
    out += std::string(count.size() < 6 ? 6 - count.size() : 0, ' ') + count + "  " + id +
           std::string(width - id.size(), ' ') + "  " + severity + std::string(8 - severity.size(), ' ') +
           rule->summary + "\n";
  }
  // Where to start: the files with the most findings.
  std::map<std::string, size_t> by_file;
  for (const Finding& f : findings) ++by_file[f.path];
  std::vector<std::pair<size_t, std::string>> files;
  for (const auto& [path, n] : by_file) files.emplace_back(n, path);
  std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  if (!files.empty()) out += "most findings:\n";
  for (size_t i = 0; i < files.size() && i < 5; ++i) {
    std::string count = std::to_string(files[i].first);
    out += std::string(count.size() < 6 ? 6 - count.size() : 0, ' ') + count + "  " + files[i].second + "\n";
  }
  out += "test classes:";
  for (const auto& [member, n] : classes_by_member) out += " " + member + "=" + std::to_string(n);
  return out + "\n";
}

}  // namespace hwclass
