#include "fix/check_units.h"

#include <algorithm>
#include <map>

#include "fix/source_text.h"

namespace hwclass {
namespace {

struct Span {
  uint32_t lo = 0, hi = 0;  // [lo, hi) of the source
};

// source_text.h's, in the uint32_t offsets of facts and edits.
uint32_t start_of_line(const std::string& s, uint32_t at) { return static_cast<uint32_t>(line_start(s, at)); }
uint32_t end_of_line(const std::string& s, uint32_t at) { return static_cast<uint32_t>(next_line(s, at)); }

bool overlaps(std::pair<uint32_t, uint32_t> statement, Span span) {
  if (span.lo == span.hi) return statement.first < span.lo && span.lo < statement.second;
  return statement.first < span.hi && span.lo < statement.second;
}

// The span grown to whole lines and whole statements of its block, from the
// statement before it: lines indented under a compound statement continue
// its body, and a `from __future__` import is valid only after others.
Span grow(const std::string& s, Span span, const std::vector<std::pair<uint32_t, uint32_t>>& block) {
  uint32_t previous = span.lo;
  for (const auto& st : block)
    if (st.second <= span.lo) previous = st.first;
  if (previous == span.lo && span.lo == span.hi && span.lo == start_of_line(s, span.lo)) {
    bool inside = false;  // an insertion at a line start, first in its block
    for (const auto& st : block) inside = inside || overlaps(st, span);
    if (!inside) return span;
  }
  span.lo = previous;
  for (Span before{~0u, 0}; before.lo != span.lo || before.hi != span.hi;) {
    before = span;
    span.lo = start_of_line(s, span.lo);
    if (span.hi == span.lo || span.hi != start_of_line(s, span.hi)) span.hi = end_of_line(s, span.hi);
    for (const auto& st : block)
      if (overlaps(st, span)) span.lo = std::min(span.lo, st.first), span.hi = std::max(span.hi, st.second);
  }
  return span;
}

// Merges spans that overlap or touch: an insertion at a boundary belongs to
// one unit.
std::vector<Span> merged(std::vector<Span> spans) {
  std::sort(spans.begin(), spans.end(), [](Span a, Span b) { return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi; });
  std::vector<Span> out;
  for (Span sp : spans) {
    if (!out.empty() && sp.lo <= out.back().hi) out.back().hi = std::max(out.back().hi, sp.hi);
    else out.push_back(sp);
  }
  return out;
}

// Where the head ends: past the last `from __future__` import's line, or a
// coding declaration's among the first two lines, if comments alone come
// before it; 0 when the source has neither.
uint32_t head_end(const std::string& s, const std::vector<TopStatement>& statements) {
  uint32_t end = 0;
  for (const TopStatement& t : statements)
    if (t.future_import) end = std::max(end, end_of_line(s, t.end_byte));
  for (uint32_t at = 0, line = 0; line < 2 && at < s.size(); ++line) {
    uint32_t next = end_of_line(s, at);
    std::string_view text(s.data() + at, next - at);
    size_t first = text.find_first_not_of(" \t\f\r\n");
    if (first != std::string_view::npos && text[first] != '#') break;
    if (first != std::string_view::npos && text.find("coding") != std::string_view::npos) end = std::max(end, next);
    at = next;
  }
  return end;
}

class Cutter {
 public:
  Cutter(const std::string& source, const std::string& fixed, std::vector<Edit> edits)
      : source_(source), fixed_(fixed), edits_(std::move(edits)) {
    for (size_t at = fixed.find('\n'); at != std::string::npos; at = fixed.find('\n', at + 1)) newlines_.push_back(at);
  }

  // Where source byte `x` lands in the fixed bytes; insertions at `x` count
  // as before it when `after_insertions`.
  size_t mapped(uint32_t x, bool after_insertions) const {
    long delta = 0;
    for (const Edit& e : edits_)
      if (e.start < x || (after_insertions && e.start == x && e.end == x))
        delta += static_cast<long>(e.text.size()) - static_cast<long>(e.end - e.start);
    return static_cast<size_t>(static_cast<long>(x) + delta);
  }

  // The fixed file's line (1-based) at fixed byte `at`.
  long line(size_t at) const {
    return 1 + static_cast<long>(std::lower_bound(newlines_.begin(), newlines_.end(), at) - newlines_.begin());
  }

  // The fixed bytes of `span`, checked against its edits applied to its
  // source bytes; false when they differ.
  bool cut(Span span, std::string& text, size_t& at) const {
    at = mapped(span.lo, false);
    size_t end = mapped(span.hi, true);
    if (end < at || end > fixed_.size()) return false;
    text = fixed_.substr(at, end - at);
    std::vector<Edit> inside;
    for (const Edit& e : edits_)
      if (e.start >= span.lo && e.end <= span.hi) inside.push_back(Edit{e.start - span.lo, e.end - span.lo, e.text, e.rule, e.line_key});
    return apply_edits(source_.substr(span.lo, span.hi - span.lo), inside) == text;
  }

  // Newlines from fixed line `from` to line `to`; false when `to` comes first.
  static bool pad(std::string& out, long from, long to) {
    if (to < from) return false;
    out.append(static_cast<size_t>(to - from), '\n');
    return true;
  }

 private:
  const std::string& source_;
  const std::string& fixed_;
  std::vector<Edit> edits_;
  std::vector<size_t> newlines_;
};

long count_newlines(const std::string& s) { return static_cast<long>(std::count(s.begin(), s.end(), '\n')); }

// The source's head, as every unit after it begins: its bytes, and the
// fixed file's line that follows them.
struct Head {
  std::string text;
  long next_line = 1;
};

// Each edit's span, in the body of the one class it falls in after that
// class's header line, or else among the module's statements; merged.
struct Spans {
  std::vector<Span> module;
  std::map<size_t, std::vector<Span>> bodies;  // by statement index
};

Spans spans_of(const std::string& source, const std::vector<Edit>& edits, const std::vector<TopStatement>& statements,
               uint32_t head) {
  std::vector<std::pair<uint32_t, uint32_t>> module;
  for (const TopStatement& t : statements) module.emplace_back(t.start_byte, t.end_byte);
  Spans out;
  for (const Edit& e : edits) {
    Span span{e.start, e.end};
    std::vector<size_t> owners;
    for (size_t k = 0; k < statements.size(); ++k)
      if (overlaps(module[k], span)) owners.push_back(k);
    const TopStatement* cls = owners.size() == 1 ? &statements[owners[0]] : nullptr;
    if (span.lo >= head && cls && cls->header_end_byte != 0 && !cls->body.empty() &&
        span.lo >= end_of_line(source, cls->header_end_byte))
      out.bodies[owners[0]].push_back(grow(source, span, cls->body));
    else
      out.module.push_back(grow(source, span.lo < head ? Span{0, std::max(span.hi, head)} : span, module));
  }
  for (Span& span : out.module)
    if (span.lo < head) span.lo = 0;  // the head comes whole, as it is
  out.module = merged(out.module);
  for (auto& [index, spans] : out.bodies) spans = merged(spans);
  return out;
}

// The units of one class's body: the head, the class header (unedited, after
// any lines a module-level unit inserts before it), the touched statements,
// and a `pass` (a body of comments alone is still a body). False when they
// cannot be cut exactly.
bool body_units(const std::string& source, const std::string& fixed, const Cutter& cutter, const TopStatement& cls,
                const std::vector<Span>& spans, const Head& head, std::vector<std::string>& units) {
  const uint32_t first = cls.body.front().first, indent_at = start_of_line(source, first);
  const std::string indent = source.substr(indent_at, first - indent_at);
  if (indent.empty() || indent.find_first_not_of(" \t") != std::string::npos) return false;
  const std::string header = source.substr(cls.start_byte, cls.header_end_byte - cls.start_byte);
  const size_t header_at = cutter.mapped(cls.start_byte, true);
  if (fixed.compare(header_at, header.size(), header) != 0) return false;
  const long after_header = cutter.line(header_at) + count_newlines(header);
  for (Span span : spans) {
    std::string text, unit = head.text;
    size_t at = 0;
    if (span.lo <= cls.header_end_byte || !cutter.cut(span, text, at)) return false;
    if (!Cutter::pad(unit, head.next_line, cutter.line(header_at))) return false;
    unit += header;
    if (cutter.line(at) <= after_header || !Cutter::pad(unit, after_header, cutter.line(at))) return false;
    unit += text;
    if (!unit.empty() && unit.back() != '\n') unit += '\n';
    units.push_back(unit + indent + "pass\n");
  }
  return true;
}

}  // namespace

std::vector<std::string> check_units(const std::string& source, const std::string& fixed, std::vector<Edit> given,
                                     const std::vector<TopStatement>& statements) {
  const std::vector<std::string> whole{fixed};
  if (statements.empty()) return whole;
  for (const TopStatement& t : statements)
    if (t.start_byte > t.end_byte || t.end_byte > source.size()) return whole;
  std::vector<Edit> edits = applicable_edits(std::move(given), source.size());
  for (const Edit& e : edits)
    if (e.text.find("__future__") != std::string::npos) return whole;  // valid only before every other statement
  const uint32_t head_bytes = head_end(source, statements);
  const Spans spans = spans_of(source, edits, statements, head_bytes);

  Cutter cutter(source, fixed, edits);
  if (cutter.mapped(static_cast<uint32_t>(source.size()), true) != fixed.size()) return whole;  // other edits made it
  if (head_bytes > 0 && fixed.compare(0, head_bytes, source, 0, head_bytes) != 0) return whole;
  Head head{source.substr(0, head_bytes), 0};
  head.next_line = count_newlines(head.text) + 1;
  std::vector<std::string> units;
  for (Span span : spans.module) {
    std::string text, unit = span.lo == 0 ? "" : head.text;
    size_t at = 0;
    if (!cutter.cut(span, text, at) || (span.lo != 0 && !Cutter::pad(unit, head.next_line, cutter.line(at)))) return whole;
    units.push_back(unit + text);
  }
  for (const auto& [index, body] : spans.bodies) {
    const TopStatement& cls = statements[index];
    bool covered = false;  // a module-level unit holds the whole class
    for (Span m : spans.module) covered = covered || (m.lo <= cls.start_byte && cls.end_byte <= m.hi);
    if (!covered && !body_units(source, fixed, cutter, cls, body, head, units)) return whole;
  }
  return units;
}

}  // namespace hwclass
