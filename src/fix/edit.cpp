#include "fix/edit.h"

#include <algorithm>

#include "fix/source_text.h"

namespace hwclass {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::string range(size_t start, size_t count) {
  // Unified diff: "start,count", 1-based; an empty range names the line before it.
  if (count == 0) return std::to_string(start) + ",0";
  return count == 1 ? std::to_string(start + 1) : std::to_string(start + 1) + "," + std::to_string(count);
}

}  // namespace

void sort_edits(std::vector<Edit>& edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.start != b.start) return a.start < b.start;
    return a.line_key < b.line_key;  // unkeyed edits first, in their given order
  });
}

std::vector<Edit> applicable_edits(std::vector<Edit> edits, size_t size, std::vector<Edit>* dropped) {
  sort_edits(edits);
  std::vector<Edit> out;
  size_t at = 0;
  for (Edit& e : edits) {
    if (e.start < at || e.end < e.start || e.end > size) {
      if (dropped) dropped->push_back(std::move(e));
      continue;
    }
    at = e.end;
    out.push_back(std::move(e));
  }
  return out;
}

std::string apply_edits(const std::string& source, std::vector<Edit> edits, std::vector<Edit>* dropped) {
  std::string out;
  size_t at = 0;
  for (const Edit& e : applicable_edits(std::move(edits), source.size(), dropped)) {
    out.append(source, at, e.start - at);
    out += e.text;
    at = e.end;
  }
  out.append(source, at, std::string::npos);
  return out;
}

namespace {

using DiffOps = std::vector<std::pair<char, std::string>>;  // ' ', '-', '+' and the line

// The file as diff lines: each run of overlapping or touching edits
// replaces the original lines it covers with those lines edited.
DiffOps diff_ops(const std::string& source, const std::vector<Edit>& given) {
  std::vector<Edit> edits = given;
  sort_edits(edits);
  std::vector<size_t> starts;  // of each line
  for (size_t at = 0; at < source.size(); at = next_line(source, at)) starts.push_back(at);
  const size_t lines = starts.size();
  auto line_of = [&](size_t byte) {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), byte) - starts.begin()) - 1;
  };
  auto line_end = [&](size_t line) { return line + 1 < lines ? starts[line + 1] : source.size(); };
  // Each edit's original lines [first, last); an insertion at a line start
  // (or at the end) that ends with a newline replaces no line.
  struct Cluster {
    size_t first, last;
    std::vector<Edit> edits;
  };
  std::vector<Cluster> clusters;
  for (const Edit& e : edits) {
    bool at_line_start = e.start == source.size() || std::binary_search(starts.begin(), starts.end(), e.start);
    bool clean_insert = e.start == e.end && at_line_start && (e.text.empty() || e.text.back() == '\n') &&
                        (e.start == 0 || source[e.start - 1] == '\n');
    size_t first = e.start == source.size() ? lines : line_of(e.start);
    size_t last = clean_insert ? first : line_of(e.end > e.start ? e.end - 1 : e.start) + 1;
    if (!clusters.empty() && first <= clusters.back().last) {  // overlapping or touching: one block
      clusters.back().last = std::max(clusters.back().last, last);
      clusters.back().edits.push_back(e);
    } else {
      clusters.push_back({first, last, {e}});
    }
  }
  DiffOps ops;
  size_t line = 0;
  for (const Cluster& c : clusters) {
    for (; line < c.first; ++line) ops.push_back({' ', source.substr(starts[line], line_end(line) - starts[line])});
    size_t from = c.first < lines ? starts[c.first] : source.size();
    size_t to = c.last > c.first ? line_end(c.last - 1) : from;
    std::vector<Edit> shifted = c.edits;
    for (Edit& e : shifted) e.start -= static_cast<uint32_t>(from), e.end -= static_cast<uint32_t>(from);
    for (size_t l = c.first; l < c.last; ++l) ops.push_back({'-', source.substr(starts[l], line_end(l) - starts[l])});
    for (const std::string& added : split_lines(apply_edits(source.substr(from, to - from), shifted)))
      ops.push_back({'+', added});
    line = c.last;
  }
  for (; line < lines; ++line) ops.push_back({' ', source.substr(starts[line], line_end(line) - starts[line])});
  return ops;
}

// Hunks with three lines of context, as diff -u prints them.
std::string format_hunks(const DiffOps& ops) {
  std::string out;
  const size_t context = 3;
  size_t k = 0;
  while (k < ops.size()) {
    if (ops[k].first == ' ') {
      ++k;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` after the
    // last change that is within 2*context of the one before it.
    size_t start = k >= context ? k - context : 0, end = k;
    for (size_t next = k; next < ops.size(); ++next)
      if (ops[next].first != ' ') {
        if (next > end + 2 * context + 1) break;  // at most 2*context unchanged lines between: one hunk
        end = next;
      }
    size_t stop = std::min(ops.size(), end + context + 1);
    size_t old_start = 0, new_start = 0;
    for (size_t i = 0; i < start; ++i) {
      old_start += ops[i].first != '+';
      new_start += ops[i].first != '-';
    }
    size_t old_count = 0, new_count = 0;
    std::string body;
    for (size_t i = start; i < stop; ++i) {
      old_count += ops[i].first != '+';
      new_count += ops[i].first != '-';
      body += ops[i].first + ops[i].second;
      if (body.back() != '\n') body += "\n\\ No newline at end of file\n";
    }
    out += "@@ -" + range(old_start, old_count) + " +" + range(new_start, new_count) + " @@\n" + body;
    k = stop;
  }
  return out;
}

}  // namespace

std::string unified_diff(const std::string& path, const std::string& source, const std::vector<Edit>& edits) {
  std::string hunks = format_hunks(diff_ops(source, edits));
  return hunks.empty() ? "" : "--- a/" + path + "\n+++ b/" + path + "\n" + hunks;
}

}  // namespace hwclass
