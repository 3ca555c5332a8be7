#include <catch2/catch.hpp>

#include <cstdio>

#include "util/json_writer.h"

using namespace hwclass;

TEST_CASE("strings are escaped as Python's json.dumps does", "[emit][json]") {
  std::string out;
  append_json_string(out, "a\"b\\c\n\t\x01/\x7f\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(out == R"("a\"b\\c\n\t\u0001/\u007f\u00e9\ud83d\ude00")");
}

// The word-at-a-time path: each byte value at each place of two words, in
// plain ASCII, escaped as json.dumps(..., ensure_ascii=True) escapes it (a
// lone byte above 0x7F is invalid UTF-8, written as U+FFFD).
TEST_CASE("every byte is escaped wherever it falls in a word", "[emit][json]") {
  auto expected_for = [](unsigned char b) -> std::string {
    switch (b) {
      case '"': return "\\\"";
      case '\\': return "\\\\";
      case '\n': return "\\n";
      case '\r': return "\\r";
      case '\t': return "\\t";
      case '\b': return "\\b";
      case '\f': return "\\f";
    }
    if (b >= 0x80) return "\\ufffd";
    if (b < 0x20 || b == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", b);
      return buf;
    }
    return std::string(1, static_cast<char>(b));
  };
  for (int b = 0; b < 256; ++b) {
    for (size_t at = 0; at < 17; ++at) {
      std::string in(17, 'a');
      in[at] = static_cast<char>(b);
      std::string out;
      append_json_string(out, in);
      INFO("byte " << b << " at " << at);
      std::string expected = "\"";  // built by append: GCC 12's -Wrestrict misreads "x" + std::string
      expected.append(at, 'a').append(expected_for(static_cast<unsigned char>(b))).append(16 - at, 'a').append("\"");
      REQUIRE(out == expected);
    }
  }
}

TEST_CASE("compact and indented layouts", "[emit][json]") {
  std::string line;
  JsonWriter(line).begin_object().field("a", 1).key("b").null().key("c").string_array({"x", "y"}).end_object();
  CHECK(line == R"({"a": 1, "b": null, "c": ["x", "y"]})");
  std::string pretty;
  JsonWriter(pretty, 2).string_array({"t/a.py", "t/b.py"});
  CHECK(pretty == "[\n  \"t/a.py\",\n  \"t/b.py\"\n]");
  std::string empty;
  JsonWriter(empty, 2).begin_array().end_array();
  CHECK(empty == "[]");
}
