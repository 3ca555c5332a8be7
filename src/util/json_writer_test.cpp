#include <catch2/catch.hpp>

#include "util/json_writer.h"

using namespace hwclass;

TEST_CASE("strings are escaped as Python's json.dumps does", "[emit][json]") {
  std::string out;
  append_json_string(out, "a\"b\\c\n\t\x01/\x7f\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(out == R"("a\"b\\c\n\t\u0001/\u007f\u00e9\ud83d\ude00")");
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
