// A streaming JSON writer whose bytes match Python's json.dumps: ", " and
// ": " separators (or indent=N layout), ensure_ascii escaping. lintrunner
// adapters and upstream's allowlist are compared byte for byte with it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hwclass {

// Appends s as a JSON string literal, escaped as json.dumps(ensure_ascii=True).
void append_json_string(std::string& out, std::string_view s);

class JsonWriter {
 public:
  // indent < 0: one line, json.dumps default separators; else json.dumps(indent=N).
  explicit JsonWriter(std::string& out, int indent = -1) : out_(out), indent_(indent) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int64_t n);
  JsonWriter& value(uint64_t n);
  JsonWriter& value(int n) { return value(static_cast<int64_t>(n)); }
  JsonWriter& value(uint32_t n) { return value(static_cast<uint64_t>(n)); }
  JsonWriter& value(double d);  // shortest round-trip form, as Python's repr (3.0, 41.5)
  JsonWriter& null();
  JsonWriter& raw(std::string_view json);  // an already-serialised value
  template <class T>
  JsonWriter& field(std::string_view k, const T& v) { return key(k).value(v); }
  JsonWriter& string_array(const std::vector<std::string>& items);

 private:
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  void before_value();
  void newline();
  std::string& out_;
  int indent_;
  struct Level {
    size_t count = 0;
  };
  std::vector<Level> levels_;
  bool after_key_ = false;
};

}  // namespace hwclass
