#include "facts/facts_io.h"

#include <cstring>
#include <type_traits>

namespace hwclass {
namespace {

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  template <class T>
  void num(const T& v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out_.append(b, sizeof(T));
  }
  void operator()(const std::string& s) {
    num(static_cast<uint32_t>(s.size()));
    out_ += s;
  }
  void operator()(const bool& b) { out_.push_back(b ? 1 : 0); }
  void operator()(const uint32_t& v) { num(v); }
  void operator()(const int& v) { num(v); }
  void operator()(const uint64_t& v) { num(v); }
  void operator()(const int64_t& v) { num(v); }
  template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
  void operator()(const E& e, int) {
    out_.push_back(static_cast<char>(e));
  }
  template <class T, class F>
  void list(const std::vector<T>& items, F each) {
    num(static_cast<uint32_t>(items.size()));
    for (const T& item : items) each(const_cast<T&>(item));
  }

 private:
  std::string& out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <class T>
  void num(T& v) {
    need(sizeof(T));
    std::memcpy(&v, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
  }
  void operator()(std::string& s) {
    uint32_t n = 0;
    num(n);
    need(n);
    s.assign(in_.data() + at_, n);
    at_ += n;
  }
  void operator()(bool& b) {
    need(1);
    unsigned char c = static_cast<unsigned char>(in_[at_++]);
    if (c > 1) throw BadFacts("bad flag");
    b = c;
  }
  void operator()(uint32_t& v) { num(v); }
  void operator()(int& v) { num(v); }
  void operator()(uint64_t& v) { num(v); }
  void operator()(int64_t& v) { num(v); }
  // An enum's last value is `last`: anything above is not from this build.
  template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
  void operator()(E& e, int last) {
    need(1);
    unsigned char c = static_cast<unsigned char>(in_[at_++]);
    if (c > last) throw BadFacts("bad enum");
    e = static_cast<E>(c);
  }
  template <class T, class F>
  void list(std::vector<T>& items, F each) {
    uint32_t n = 0;
    num(n);
    if (n > in_.size() - at_) throw BadFacts("bad count");  // every item takes at least a byte
    items.resize(n);
    for (T& item : items) each(item);
  }
  bool done() const { return at_ == in_.size(); }

 private:
  void need(size_t n) const {
    if (n > in_.size() - at_) throw BadFacts("truncated");
  }
  std::string_view in_;
  size_t at_ = 0;
};

// The layout: every field of the fact model, in order. A field added to
// facts.h goes here too, and kFactsSchemaVersion goes up.
template <class IO>
void describe(IO& io, Location& l) {
  io(l.line), io(l.column), io(l.start_byte), io(l.end_byte);
}
template <class IO>
void describe(IO& io, Import& i) {
  io(i.module), io(i.name), io(i.alias), io(i.line), io(i.start_byte), io(i.end_byte), io(i.try_line);
}
template <class IO>
void describe(IO& io, DeviceCount& c) {
  io(c.state, static_cast<int>(DeviceCount::State::Unknown)), io(c.value), io(c.text);
}
template <class IO>
void describe(IO& io, ModuleGate& g) {
  io(g.gated), io(g.known), io(g.condition), io(g.line);
}
template <class IO>
void describe(IO& io, Decorator& d) {
  io(d.name), io(d.text), io(d.line), io(d.column);
  io.list(d.count_arguments, [&](DeviceCount& c) { describe(io, c); });
}
template <class IO>
void describe(IO& io, DeviceName& d) {
  io(d.naming, static_cast<int>(DeviceNaming::RunTime)), io(d.key);
}
template <class IO>
void describe(IO& io, Method& m) {
  io(m.name), io(m.line), io(m.column), io(m.is_async), io(m.is_test), io(m.self_end_byte);
  io(m.start_byte), io(m.end_byte), io(m.body_start_byte);
  io.list(m.parameters, [&](Parameter& p) {
    io(p.name), io(p.kind, static_cast<int>(ParamKind::VarKwargs)), io(p.has_default);
  });
  io.list(m.decorators, [&](Decorator& d) { describe(io, d); });
  io.list(m.self_refs, [&](std::string& r) { io(r); });
  io(m.super_line);
}
template <class IO>
void describe(IO& io, Declaration& d) {
  io(d.state, static_cast<int>(DeclarationState::Invalid)), io(d.member), io(d.alias_of);
  io(d.reason, static_cast<int>(InvalidReason::OtherExpression)), io(d.annotated), io(d.value_text);
  io(d.annotation_text);
  describe(io, d.location);
}
template <class IO>
void describe(IO& io, ClassFact& c) {
  io(c.name), io(c.line), io(c.column), io(c.body_start_byte), io(c.body_end_byte), io(c.docstring_end_byte);
  io(c.is_test_class), io(c.damaged);
  io.list(c.bases, [&](std::string& b) { io(b); });
  io.list(c.decorators, [&](Decorator& d) { describe(io, d); });
  describe(io, c.declaration);
  io.list(c.methods, [&](Method& m) { describe(io, m); });
  describe(io, c.world_size);
  describe(io, c.gate);
  io.list(c.test_named_values, [&](std::pair<std::string, uint32_t>& t) { io(t.first), io(t.second); });
}
template <class IO>
void describe(IO& io, DeviceList& l) {
  io(l.state, static_cast<int>(DeviceList::State::Unknown)), io(l.text);
  io.list(l.values, [&](std::string& v) { io(v); });
}
template <class IO>
void describe(IO& io, Instantiation& i) {
  io(i.kind, static_cast<int>(InstantiateKind::Parametrized)), io(i.target), io(i.target_text), io(i.line), io(i.column);
  io(i.statement_level), io(i.attribute_form);
  describe(io, i.only_for), describe(io, i.except_for);
  io.list(i.keyword_flags, [&](std::pair<std::string, Tristate>& f) {
    io(f.first), io(f.second, static_cast<int>(Tristate::Unknown));
  });
  describe(io, i.gate);
}
template <class IO>
void describe(IO& io, DeviceSite& s) {
  io(s.kind, static_cast<int>(SiteKind::DeviceGlobalUse)), describe(io, s.device), io(s.text);
  describe(io, s.location);
  io(s.class_index), io(s.method), io(s.role, static_cast<int>(DecoratorRole::Requires));
  io(s.in_decorator), io(s.in_condition), io(s.skips_test), io(s.guarded), io(s.skip_when_present), io(s.value_only);
  io(s.via_alias), io(s.bare_call), io(s.device_position), io(s.chained), io(s.walk_statement), io(s.walk_depth);
}
template <class IO>
void describe(IO& io, FileFacts& f) {
  io(f.path), io(f.relative_path), io(f.is_test_file), io(f.is_test_file_v7), io(f.readable);
  io(f.size_bytes), io(f.content_hash), io(f.encoding), io(f.calls_run_tests);
  io.list(f.issues, [&](FileIssue& i) {
    io(i.severity, static_cast<int>(IssueSeverity::Error)), io(i.code), io(i.message), io(i.line), io(i.column);
    io(i.scan_level);
  });
  io.list(f.classes, [&](ClassFact& c) { describe(io, c); });
  io.list(f.instantiations, [&](Instantiation& i) { describe(io, i); });
  io.list(f.extended_classes, [&](std::string& s) { io(s); });
  io.list(f.test_copies, [&](std::pair<std::string, std::string>& c) { io(c.first), io(c.second); });
  io.list(f.name_reads, [&](NameRead& r) { io(r.name), io(r.function), io(r.line), io(r.statement_end), io(r.run_time); });
  io(f.main_guard_byte), io(f.globals_write_line), io(f.module_skip_line);
  io.list(f.imports, [&](Import& i) { describe(io, i); });
  io.list(f.loads, [&](Import& i) { describe(io, i); });
  io.list(f.device_globals, [&](DeviceGlobal& g) { io(g.name), describe(io, g.device), io(g.line), io(g.function), io(g.returns); });
  io.list(f.module_tests, [&](std::pair<std::string, uint32_t>& t) { io(t.first), io(t.second); });
  io.list(f.notest_rebindings, [&](NoTestRebinding& n) { io(n.name), io(n.condition), io(n.known_condition), io(n.line); });
  io.list(f.count_stampers, [&](CountStamper& s) {
    io(s.name), io(s.argument), io(s.line);
    describe(io, s.count);
  });
  io.list(f.module_bindings, [&](ModuleBinding& b) {
    io(b.name), io(b.line), io(b.deleted), io(b.conditional), io(b.literal, static_cast<int>(ModuleBinding::Literal::False)), io.list(b.values, [&](std::string& v) { io(v); });
    describe(io, b.count);
    io(b.partial_of);
  });
  io.list(f.sites, [&](DeviceSite& s) { describe(io, s); });
  io.list(f.imported_uses, [&](DeviceSite& s) { describe(io, s); });
  io.list(f.owners, [&](std::string& s) { io(s); });
  io.list(f.statements, [&](TopStatement& t) {
    io(t.start_byte), io(t.end_byte), io(t.header_end_byte), io(t.future_import);
    io.list(t.body, [&](std::pair<uint32_t, uint32_t>& b) { io(b.first), io(b.second); });
  });
}

}  // namespace

std::string encode_facts(const FileFacts& facts) {
  std::string out;
  Writer w(out);
  describe(w, const_cast<FileFacts&>(facts));
  return out;
}

FileFacts decode_facts(std::string_view bytes) {
  FileFacts facts;
  Reader r(bytes);
  describe(r, facts);
  if (!r.done()) throw BadFacts("trailing bytes");
  for (const auto* list : {&facts.sites, &facts.imported_uses})
    for (const DeviceSite& s : *list)
      if (s.class_index >= static_cast<int>(facts.classes.size()) || s.class_index < -1) throw BadFacts("bad class index");
  return facts;
}

}  // namespace hwclass
