#include "emit/facts_json.h"

#include "util/json_writer.h"
#include "facts/owner.h"
#include "version.h"

namespace hwclass {
namespace {

void write_decorators(JsonWriter& w, const std::vector<Decorator>& decorators) {
  w.begin_array();
  for (const auto& d : decorators)
    w.begin_object().field("name", d.name).field("text", d.text).field("line", d.line).end_object();
  w.end_array();
}

void write_device_list(JsonWriter& w, const DeviceList& list) {
  w.begin_object().field("state", to_string(list.state));
  if (list.state == DeviceList::State::Literal) w.key("values").string_array(list.values);
  if (list.state == DeviceList::State::Unknown) w.field("text", list.text);
  w.end_object();
}

void write_declaration(JsonWriter& w, const Declaration& d) {
  w.begin_object().field("state", to_string(d.state));
  if (d.state != DeclarationState::Absent) {
    if (!d.member.empty()) w.field("member", d.member);
    if (!d.alias_of.empty()) w.field("alias_of", d.alias_of);
    if (d.state == DeclarationState::Invalid) w.field("reason", to_string(d.reason));
    w.field("annotated", d.annotated);
    if (!d.annotation_text.empty()) w.field("annotation", d.annotation_text);
    w.field("value", d.value_text).field("line", d.location.line);
  }
  w.end_object();
}

void write_class(JsonWriter& w, const ClassFact& c) {
  w.begin_object().field("name", c.name).field("line", c.line);
  w.key("bases").string_array(c.bases);
  w.key("decorators");
  write_decorators(w, c.decorators);
  w.key("body_bytes").begin_array().value(c.body_start_byte).value(c.body_end_byte).end_array();
  w.field("test_class", c.is_test_class).field("damaged", c.damaged);
  w.key("hw_classification");
  write_declaration(w, c.declaration);
  w.key("methods").begin_array();
  for (const auto& m : c.methods) {
    w.begin_object().field("name", m.name).field("line", m.line).field("async", m.is_async).field("test", m.is_test);
    w.key("parameters").begin_array();
    for (const auto& p : m.parameters) w.begin_object().field("name", p.name).field("kind", to_string(p.kind)).end_object();
    w.end_array().key("decorators");
    write_decorators(w, m.decorators);
    w.end_object();
  }
  w.end_array().end_object();
}

void write_site(JsonWriter& w, const FileFacts& f, const DeviceSite& s) {
  w.begin_object()
      .field("kind", to_string(s.kind))
      .field("device", s.device.label())
      .field("text", s.text)
      .field("owner", owner_name(f, s))
      .field("line", s.location.line)
      .field("column", s.location.column)
      .field("start_byte", s.location.start_byte)
      .field("end_byte", s.location.end_byte);
  if (s.role != DecoratorRole::None) w.field("role", to_string(s.role));
  if (s.in_decorator) w.field("in_decorator", true);
  if (s.in_condition) w.field("in_condition", true);
  if (s.skips_test) w.field("skips_test", true);
  if (s.guarded) w.field("guarded", true);
  if (s.skip_when_present) w.field("skip_when_present", true);
  if (s.value_only) w.field("value_only", true);
  if (s.via_alias) w.field("via_alias", true);
  if (s.device_position) w.field("device_position", true);
  w.end_object();
}

void write_file(JsonWriter& w, const FileFacts& f) {
  w.begin_object()
      .field("path", f.path)
      .field("relative_path", f.relative_path)
      .field("linted_by_upstream", f.is_test_file)
      .field("readable", f.readable)
      .field("size_bytes", f.size_bytes);
  w.key("owners").string_array(f.owners);
  w.key("issues").begin_array();
  for (const auto& i : f.issues) {
    w.begin_object().field("severity", to_string(i.severity)).field("code", i.code).field("message", i.message);
    if (i.line) w.field("line", i.line);
    if (i.column) w.field("column", i.column);
    w.field("scan_level", i.scan_level).end_object();
  }
  w.end_array().field("calls_run_tests", f.calls_run_tests);
  if (f.module_skip_line) w.field("module_skip_line", f.module_skip_line);
  w.key("imports").begin_array();
  for (const auto& i : f.imports) {
    w.begin_object().field("module", i.module).field("name", i.name).field("alias", i.alias).field("line", i.line);
    if (i.try_line) w.field("try_line", i.try_line);
    w.end_object();
  }
  w.end_array().key("loads").begin_array();
  for (const auto& i : f.loads) {
    w.begin_object().field("module", i.module).field("line", i.line);
    if (i.try_line) w.field("try_line", i.try_line);
    w.end_object();
  }
  w.end_array();
  w.key("classes").begin_array();
  for (const auto& c : f.classes) write_class(w, c);
  w.end_array().key("instantiations").begin_array();
  for (const auto& i : f.instantiations) {
    w.begin_object()
        .field("kind", to_string(i.kind))
        .field("target", i.target)
        .field("target_text", i.target_text)
        .field("line", i.line)
        .field("statement_level", i.statement_level)
        .field("attribute_form", i.attribute_form);
    w.key("only_for");
    write_device_list(w, i.only_for);
    w.key("except_for");
    write_device_list(w, i.except_for);
    w.key("keyword_flags").begin_object();
    for (const auto& [keyword, value] : i.keyword_flags) w.field(keyword, to_string(value));
    w.end_object().end_object();
  }
  w.end_array().key("device_globals").begin_array();
  for (const auto& g : f.device_globals) {
    w.begin_object().field("name", g.name).field("device", g.device.label()).field("line", g.line);
    if (g.function) w.field("function", true);
    if (!g.returns.empty()) w.field("returns", g.returns);
    w.end_object();
  }
  w.end_array().key("module_tests").begin_array();
  for (const auto& [name, line] : f.module_tests) w.begin_object().field("name", name).field("line", line).end_object();
  w.end_array().key("notest_rebindings").begin_array();
  for (const auto& n : f.notest_rebindings) {
    w.begin_object().field("name", n.name).field("condition", n.condition);
    if (!n.known_condition) w.field("known_condition", false);
    w.field("line", n.line).end_object();
  }
  w.end_array().key("sites").begin_array();
  for (const auto& s : f.sites) write_site(w, f, s);
  // Reads of names a from-import binds, where a device goes: the imported
  // module decides their device (resolve/imported_devices.h).
  w.end_array().key("imported_uses").begin_array();
  for (const auto& s : f.imported_uses) write_site(w, f, s);
  w.end_array().end_object();
}

}  // namespace

FactsJsonStream::FactsJsonStream(OutputSink& sink) : sink_(sink), writer_(buffer_, 2) {
  writer_.begin_object().field("schema_version", kScanJsonSchemaVersion);
  writer_.key("tool").begin_object().field("name", "hwclass").field("version", kHwclassVersion).end_object();
  writer_.key("files").begin_array();
  sink_.write(buffer_);
  buffer_.clear();
}

void FactsJsonStream::add(const FileFacts& f) {
  ++files_;
  classes_ += f.classes.size();
  for (const auto& c : f.classes) test_classes_ += c.is_test_class;
  instantiations_ += f.instantiations.size();
  sites_ += f.sites.size();
  write_file(writer_, f);
  sink_.write(buffer_);
  buffer_.clear();
}

void FactsJsonStream::finish() {
  writer_.end_array();
  writer_.key("summary")
      .begin_object()
      .field("files", static_cast<uint64_t>(files_))
      .field("classes", static_cast<uint64_t>(classes_))
      .field("test_classes", static_cast<uint64_t>(test_classes_))
      .field("instantiations", static_cast<uint64_t>(instantiations_))
      .field("device_sites", static_cast<uint64_t>(sites_))
      .end_object()
      .end_object();
  buffer_.push_back('\n');
  sink_.write(buffer_);
  buffer_.clear();
}

}  // namespace hwclass
