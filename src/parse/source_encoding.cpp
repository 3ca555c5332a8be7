#include "parse/source_encoding.h"

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <initializer_list>

namespace hwclass {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The line starting at `from`, its '\n' included (readline's unit), and where the next starts.
std::string_view line_at(std::string_view bytes, size_t from, size_t& next) {
  size_t end = bytes.find('\n', from);
  next = end == std::string_view::npos ? bytes.size() : end + 1;
  return from < bytes.size() ? bytes.substr(from, next - from) : std::string_view();
}

// tokenize's cookie_re, `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)` with
// re.ASCII, matched at the start of `line`: the first "coding" after the
// '#' that a ':' or '=' follows wins, as the lazy `.*?` does.
std::optional<std::string> cookie_in(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) ++i;
  if (i == line.size() || line[i] != '#') return std::nullopt;
  const size_t stop = std::min(line.find('\n', i), line.size());  // '.' matches no newline
  for (size_t at = line.find("coding", i); at != std::string_view::npos && at < stop; at = line.find("coding", at + 1)) {
    size_t j = at + 6;
    if (j >= stop || (line[j] != ':' && line[j] != '=')) continue;
    ++j;
    while (j < stop && (line[j] == ' ' || line[j] == '\t')) ++j;
    size_t k = j;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'; };
    while (k < stop && static_cast<unsigned char>(line[k]) < 0x80 && word(line[k])) ++k;
    if (k > j) return std::string(line.substr(j, k - j));
  }
  return std::nullopt;
}

// tokenize's blank_re: `^[ \t\f]*(?:[#\r\n]|$)`.
bool blank_or_comment(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) ++i;
  return i == line.size() || line[i] == '#' || line[i] == '\r' || line[i] == '\n';
}

// tokenize's _get_normal_name.
std::string normal_name(const std::string& name) {
  std::string e = name.substr(0, 12);
  for (char& c : e) c = c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto starts = [&](std::string_view p) { return e.rfind(p, 0) == 0; };
  if (e == "utf-8" || starts("utf-8-")) return "utf-8";
  for (std::string_view latin : {"latin-1", "iso-8859-1", "iso-latin-1"})
    if (e == latin || starts(std::string(latin) + "-")) return "iso-8859-1";
  return name;
}

uint32_t line_at_offset(const std::string& s, size_t offset) {
  return 1 + static_cast<uint32_t>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// Python's spelling of a codec as glibc's iconv knows it: upper case, '_' as '-'.
std::string iconv_name(const std::string& name) {
  std::string out = name;
  for (char& c : out) c = c == '_' ? '-' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::optional<DecodeError> by_iconv(const std::string& bytes, const std::string& encoding, std::string& out) {
  iconv_t cd = ::iconv_open("UTF-8", iconv_name(encoding).c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return DecodeError{"unknown encoding: " + encoding, 1};
  out.assign(bytes.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  size_t in_left = bytes.size(), out_left = out.size();
  char* to = out.data();
  size_t done = ::iconv(cd, &in, &in_left, &to, &out_left);
  ::iconv_close(cd);
  if (done == static_cast<size_t>(-1) || in_left != 0) {
    size_t at = static_cast<size_t>(in - bytes.data());
    return DecodeError{"source is not valid " + encoding, line_at_offset(bytes, at)};
  }
  out.resize(out.size() - out_left);
  return std::nullopt;
}

}  // namespace

std::optional<CodingCookie> coding_cookie(std::string_view bytes) {
  if (bytes.substr(0, kBom.size()) == kBom) bytes.remove_prefix(kBom.size());
  size_t next = 0;
  std::string_view first = line_at(bytes, 0, next);
  if (first.empty()) return std::nullopt;
  if (auto name = cookie_in(first)) return CodingCookie{normal_name(*name), 1};
  if (!blank_or_comment(first)) return std::nullopt;
  size_t after = 0;
  if (auto name = cookie_in(line_at(bytes, next, after))) return CodingCookie{normal_name(*name), 2};
  return std::nullopt;
}

std::optional<DecodeError> to_utf8(const std::string& bytes, const std::string& encoding, std::string& out) {
  const std::string e = iconv_name(encoding);
  if (e == "ISO-8859-1" || e == "LATIN1" || e == "L1" || e == "ISO8859-1" || e == "CP819" || e == "8859") {
    out.clear();
    out.reserve(bytes.size() + bytes.size() / 8);
    for (unsigned char c : bytes) {
      if (c < 0x80) {
        out.push_back(static_cast<char>(c));
      } else {  // U+0080..U+00FF: two bytes
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      }
    }
    return std::nullopt;
  }
  return by_iconv(bytes, encoding, out);
}

}  // namespace hwclass
