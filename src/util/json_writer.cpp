#include "util/json_writer.h"

#include <charconv>

#include <cstdio>
#include <cstring>

namespace hwclass {
namespace {

// One UTF-8 sequence at p (n bytes left); an invalid byte stands for itself as U+FFFD.
uint32_t decode_utf8(const unsigned char* p, size_t n, size_t& len) {
  unsigned char c = p[0];
  len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (len == 1 || len > n) {
    len = 1;
    return 0xFFFD;
  }
  uint32_t cp = c & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) {
    if ((p[k] & 0xC0) != 0x80) {
      len = 1;
      return 0xFFFD;
    }
    cp = (cp << 6) | (p[k] & 0x3F);
  }
  return cp;
}

// Whether any of the 8 bytes at p is a control byte, DEL or above, '"' or
// '\\': the word tests for a byte below, at or above a value, which are exact
// for "any byte" (a borrow only ever follows a byte that matched).
// Paths and messages are mostly plain ASCII, copied a word at a time.
bool needs_escape(const unsigned char* p) {
  constexpr uint64_t ones = 0x0101010101010101ULL, highs = ones * 0x80;
  uint64_t w;
  std::memcpy(&w, p, 8);
  auto has_zero = [](uint64_t v) { return (v - ones) & ~v & highs; };
  return (((w - ones * 0x20) & ~w) | (w + ones) | w) & highs || has_zero(w ^ (ones * '"')) ||
         has_zero(w ^ (ones * '\\'));
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  static const char* hex = "0123456789abcdef";
  auto escape_unit = [&](uint32_t u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out.push_back(hex[(u >> shift) & 0xF]);
  };
  out.push_back('"');
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  for (size_t i = 0; i < n;) {
    size_t run = i;
    while (run + 8 <= n && !needs_escape(p + run)) run += 8;
    while (run < n && p[run] >= 0x20 && p[run] < 0x7F && p[run] != '"' && p[run] != '\\') ++run;
    if (run > i) {
      out.append(s.data() + i, run - i);
      i = run;
      continue;
    }
    unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7F) {
      if (c == '"') out += "\\\"";
      else if (c == '\\') out += "\\\\";
      else out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (c < 0x80) {
      switch (c) {
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default: escape_unit(c);
      }
      ++i;
      continue;
    }
    size_t len = 1;
    uint32_t cp = decode_utf8(p + i, n - i, len);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      escape_unit(0xD800 + (cp >> 10));
      escape_unit(0xDC00 + (cp & 0x3FF));
    } else {
      escape_unit(cp);
    }
    i += len;
  }
  out.push_back('"');
}

void JsonWriter::newline() {
  out_.push_back('\n');
  out_.append(levels_.size() * static_cast<size_t>(indent_), ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  if (levels_.back().count++) out_ += indent_ < 0 ? ", " : ",";
  if (indent_ >= 0) newline();
}

JsonWriter& JsonWriter::open(char bracket) {
  before_value();
  out_.push_back(bracket);
  levels_.push_back({});
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  bool had_items = levels_.back().count > 0;
  levels_.pop_back();
  if (had_items && indent_ >= 0) newline();
  out_.push_back(bracket);
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  before_value();
  append_json_string(out_, k);
  out_ += ": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  append_json_string(out_, s);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::value(int64_t n) {
  before_value();
  out_ += std::to_string(n);
  return *this;
}

JsonWriter& JsonWriter::value(uint64_t n) {
  before_value();
  out_ += std::to_string(n);
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  before_value();
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, d);
  std::string_view text(buffer, static_cast<size_t>(end - buffer));
  out_.append(text);
  if (text.find_first_of(".eni") == std::string_view::npos) out_.append(".0");
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::string_array(const std::vector<std::string>& items) {
  begin_array();
  for (const auto& s : items) value(s);
  return end_array();
}

}  // namespace hwclass
