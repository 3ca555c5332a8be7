#include "parse/source_reader.h"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/source_encoding.h"
#include "util/hash.h"

namespace hwclass {
namespace {

void add_issue(FileFacts& facts, IssueSeverity severity, const char* code, std::string message, uint32_t line = 0) {
  FileIssue issue;
  issue.severity = severity;
  issue.code = code;
  issue.message = std::move(message);
  issue.line = line;
  issue.scan_level = severity == IssueSeverity::Error;
  facts.issues.push_back(std::move(issue));
}

// The offset of the first byte that is not part of valid UTF-8, or npos.
size_t first_invalid_utf8(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size(), i = 0;
  while (i < n) {
    // Eight ASCII bytes at a time: sources are almost all ASCII.
    for (uint64_t word; i + 8 <= n; i += 8) {
      std::memcpy(&word, p + i, 8);
      if (word & 0x8080808080808080ULL) break;
    }
    if (i >= n) break;
    unsigned char c = p[i];
    if (c < 0x80) { ++i; continue; }
    size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    for (size_t k = 1; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return i;
    uint32_t cp = len == 2 ? ((c & 0x1F) << 6) | (p[i + 1] & 0x3F)
                : len == 3 ? ((c & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F)
                           : ((c & 0x07) << 18) | ((p[i + 1] & 0x3F) << 12) | ((p[i + 2] & 0x3F) << 6) | (p[i + 3] & 0x3F);
    if ((len == 2 && cp < 0x80) || (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
      return i;
    i += len;
  }
  return std::string::npos;
}

uint32_t line_of(const std::string& s, size_t offset) {
  uint32_t line = 1;
  for (size_t i = 0; i < offset && i < s.size(); ++i) line += s[i] == '\n';
  return line;
}

constexpr int kMaxBracketNesting = 200;  // CPython's tokenizer MAXLEVEL

}  // namespace

uint32_t bracket_overflow_line(const std::string& text, int limit) {
  // The bytes the loop below acts on; it skips the others a table lookup
  // at a time (every file is read this way before it is parsed).
  static const std::array<bool, 256> kActs = [] {
    std::array<bool, 256> acts{};
    for (unsigned char c : std::string_view("\n#\"'([{)]}")) acts[c] = true;
    return acts;
  }();
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  int depth = 0;
  uint32_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    while (i < text.size() && !kActs[bytes[i]]) ++i;
    if (i == text.size()) break;
    char c = text[i];
    if (c == '\n') {
      ++line;
    } else if (c == '#') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      // Skip the literal, single- or triple-quoted, escapes included.
      bool triple = i + 2 < text.size() && text[i + 1] == c && text[i + 2] == c;
      size_t j = i + (triple ? 3 : 1);
      for (; j < text.size(); ++j) {
        if (text[j] == '\\') {
          if (j + 1 < text.size() && text[j + 1] == '\n') ++line;
          ++j;
          continue;
        }
        if (text[j] == '\n') {
          ++line;
          if (!triple) break;  // an unterminated string ends at the line
        }
        if (text[j] == c && (!triple || (j + 2 < text.size() && text[j + 1] == c && text[j + 2] == c))) {
          j += triple ? 2 : 0;
          break;
        }
      }
      i = j;
    } else if (c == '(' || c == '[' || c == '{') {
      if (++depth > limit) return line;
    } else if (c == ')' || c == ']' || c == '}') {
      if (depth > 0) --depth;
    }
  }
  return 0;
}

bool read_source(const std::string& path, std::string& text, FileFacts& facts) {
  // O_NONBLOCK: opening a FIFO waits for a writer; this returns at once, and
  // fstat below refuses it before any read (on a regular file the flag is a no-op).
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    add_issue(facts, IssueSeverity::Error, "read-error", std::string("cannot read: ") + std::strerror(errno));
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    add_issue(facts, IssueSeverity::Error, "read-error", "not a regular file");
    return false;
  }
  facts.size_bytes = static_cast<uint64_t>(st.st_size);
  if (facts.size_bytes > kMaxSourceBytes) {
    ::close(fd);
    add_issue(facts, IssueSeverity::Error, "too-large",
              "file is " + std::to_string(facts.size_bytes >> 20) + " MiB, over the 64 MiB limit; not parsed");
    return false;
  }
  text.resize(facts.size_bytes);
  size_t done = 0;
  while (done < text.size()) {
    ssize_t got = ::read(fd, text.data() + done, text.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int err = errno;
      ::close(fd);
      add_issue(facts, IssueSeverity::Error, "read-error", std::string("cannot read: ") + std::strerror(err));
      return false;
    }
    if (got == 0) break;
    done += static_cast<size_t>(got);
  }
  text.resize(done);
  ::close(fd);
  return check_source(text, facts);
}

namespace {

// A coding cookie other than UTF-8's: `text` becomes its UTF-8 decoding,
// as CPython decodes it before it parses. False when there is none.
bool decode_declared(std::string& text, FileFacts& facts) {
  auto cookie = coding_cookie(text);
  if (!cookie || cookie->name == "utf-8") return false;
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) {  // a UTF-8 BOM and another encoding: CPython's words
    add_issue(facts, IssueSeverity::Error, "bad-encoding", "encoding problem: " + cookie->name + " with BOM",
              cookie->line);
    return true;
  }
  std::string utf8;
  if (auto error = to_utf8(text, cookie->name, utf8)) {
    add_issue(facts, IssueSeverity::Error, "bad-encoding", error->message, error->line);
    return true;
  }
  text.swap(utf8);
  facts.encoding = cookie->name;
  return true;
}

}  // namespace

bool check_source(std::string& text, FileFacts& facts) {
  facts.size_bytes = text.size();
  facts.readable = true;
  facts.content_hash = hash64(text);  // the bytes on disk, before any decoding
  if (text.empty()) {
    add_issue(facts, IssueSeverity::Note, "empty", "empty file");
    return true;
  }
  // A file declaring another encoding is decoded, or an issue says why not;
  // any other is UTF-8.
  size_t bad = std::string::npos;
  if (size_t nul = text.find('\0'); nul != std::string::npos)
    add_issue(facts, IssueSeverity::Error, "nul-byte", "source contains a NUL byte", line_of(text, nul));
  else if (!decode_declared(text, facts) && (bad = first_invalid_utf8(text)) != std::string::npos)
    add_issue(facts, IssueSeverity::Error, "not-utf8", "source is not valid UTF-8", line_of(text, bad));
  if (uint32_t line = bracket_overflow_line(text, kMaxBracketNesting)) {
    add_issue(facts, IssueSeverity::Error, "syntax-error", "too many nested parentheses", line);
    return false;
  }
  return true;
}

}  // namespace hwclass
