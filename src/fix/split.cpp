// fix --split: moves the tests of a mixed class into the classes classify
// names for them. Text moves as whole lines (a method with its decorators
// and the comments just above it), so the tests' bytes stay as written; the
// device edits of the moved ACCELERATOR tests are the --unsafe-fixes rules'
// own, computed on the original bytes and carried along with the text.
#include "fix/split.h"

#include <algorithm>
#include <set>

#include "classify/fixability.h"
#include "facts/queries.h"
#include "fix/fixes.h"
#include "fix/source_text.h"
#include "fix/split_layout.h"

namespace hwclass {
namespace {

constexpr const char* kInstantiateModule = "torch.testing._internal.common_device_type";

// The --unsafe-fixes device edits (device parameter, device strings,
// .cuda(), torch.cuda calls, @onlyCUDA) as if the whole class migrated to
// ACCELERATOR; the caller keeps those inside the tests that do.
std::vector<Edit> device_edits(const FileFacts& file, const std::string& source, const Verdict& v,
                               const Resolution& resolution, const Vocabulary& vocabulary, const FixTargets& targets,
                               size_t line_length, std::vector<std::string>& why) {
  Verdict migrating = v;
  migrating.split.clear();
  migrating.inferred = migrating.target = vocabulary.members.accelerator();
  migrating.migration_blocked.clear();
  migrating.declared.clear();
  migrating.declaration_inherited = false;
  const std::map<int, Verdict> verdicts{{v.ref.cls, migrating}};
  // What add-device-param asks of an instantiation: the split writes it.
  FixDecisions decisions;
  decisions.instantiated.insert(v.ref.cls);
  const FixPlan plan = plan_fixes(file, verdicts, resolution, vocabulary, targets);
  std::vector<Edit> edits;
  for (FixKind kind : {FixKind::AddDeviceParam, FixKind::DeviceToParam, FixKind::CudaToDevice, FixKind::AcceleratorApi,
                       FixKind::OnlyToAccelerator}) {
    std::vector<Edit> made;
    find_fix_rule(fix_rule_id(kind))
        ->fix(FixContext{file, source, plan, verdicts, resolution, vocabulary, decisions, made, why, line_length});
    edits.insert(edits.end(), made.begin(), made.end());
  }
  return edits;
}

// A class of the module, instantiated for devices already, that can take the
// ACCELERATOR part's tests (TestDropoutNN's TestDropoutNNDeviceType): named
// for the class, instantiated by instantiate_device_type_tests, with no test
// of those names, and the moved tests read none of the class's own members.
int existing_device_class(const FileFacts& file, const std::string& s, const Resolution& resolution,
                          ClassRef ref, const std::string& part_name, const std::vector<const Method*>& moved,
                          const std::set<std::string>& members, const std::string& indent, const Members& roles) {
  const ClassFact& cls = file.classes[static_cast<size_t>(ref.cls)];
  for (const Method* m : moved)
    for (const std::string& read : m->self_refs)
      if (members.count(read)) return -1;
  for (size_t k = 0; k < file.classes.size(); ++k) {
    const ClassFact& other = file.classes[k];
    if (static_cast<int>(k) == ref.cls || other.damaged) continue;
    if (other.name != cls.name + "DeviceType" && other.name != part_name) continue;
    const ResolvedClass& r = resolution.of(ClassRef{ref.file, static_cast<int>(k)});
    if (r.instantiation < 0 || file.instantiations[static_cast<size_t>(r.instantiation)].kind != InstantiateKind::DeviceType)
      continue;
    if (other.declaration.state != DeclarationState::Absent && !roles.is_accelerator(other.declaration.member)) continue;
    if (std::any_of(moved.begin(), moved.end(), [&](const Method* m) { return method_named(other, m->name); })) continue;
    const size_t body = line_start(s, other.body_start_byte);
    if (s.substr(body, other.body_start_byte - body) != indent || s.compare(line_byte(s, other.line), 6, "class ") != 0)
      continue;
    return static_cast<int>(k);
  }
  return -1;
}

// Whether instantiate_device_type_tests instantiates a part: every part but
// the GENERIC one (TestXCUDA for cuda only, contract 1.1 and 8), except a
// device-specific part of a class run in several processes, which upstream
// schedules by device count (contract 5.8) and does not instantiate.
bool instantiated_part(const SplitPart& part, bool multi_process, const Members& roles) {
  return roles.is_accelerator(part.member) || (!roles.is_generic(part.member) && !multi_process);
}

// The class's decorators, for one of its parts: a skip, a parametrization
// is the tests', as written. instantiate_device_type_tests parametrizes an
// instantiated part itself, and would not pass `device` through tests
// instantiate_parametrized_tests made, so that one is left off it (a CUDA
// class parametrized so instead of instantiated for cuda is what reviewers
// flag, contract 9). A device part not instantiated gets the module's
// instantiate_parametrized_tests(Class) as its decorator, which only
// rebinds the GENERIC part's name.
std::string part_decorators(const FileFacts& file, const ClassFact& cls, const SplitPart& part, bool multi_process,
                            const Members& roles, const std::string& nl) {
  const bool instantiated = instantiated_part(part, multi_process, roles);
  bool parametrized_call = false;
  for (const Instantiation& inst : file.instantiations)
    parametrized_call |= inst.kind == InstantiateKind::Parametrized && inst.target == cls.name && inst.statement_level &&
                         !inst.attribute_form;
  std::string text;
  bool parametrized = false;
  for (const Decorator& d : cls.decorators) {
    const bool parametrizes = d.name == "instantiate_parametrized_tests";
    parametrized |= parametrizes;
    if (!(parametrizes && instantiated)) text += "@" + d.text + nl;
  }
  if (parametrized_call && !parametrized && !instantiated && !roles.is_generic(part.member))
    text += "@instantiate_parametrized_tests" + nl;
  return text;
}

// instantiate_device_type_tests expands @parametrize always; where the
// module expands the class's only under a condition (`if backends:`, whose
// values may be empty there), the moved tests would break collection.
std::string conditional_parametrize(const FileFacts& file, const std::string& s, const ClassFact& cls,
                                    const std::vector<const SplitPart*>& moving,
                                    const std::map<std::string, const Method*>& own, bool multi_process,
                                    const Members& roles) {
  for (const Instantiation& inst : file.instantiations) {
    if (inst.kind != InstantiateKind::Parametrized || inst.target != cls.name) continue;
    const size_t at = line_byte(s, inst.line);
    if (s.compare(at, 1, " ") != 0 && s.compare(at, 1, "\t") != 0) continue;
    for (const SplitPart* p : moving) {
      if (!instantiated_part(*p, multi_process, roles)) continue;
      for (const std::string& t : p->tests)
        for (const Decorator& d : own.at(t)->decorators)
          if (d.name == "parametrize")
            return "line " + std::to_string(inst.line) + " parametrizes " + cls.name +
                   " under a condition, and instantiate_device_type_tests would expand " + t + "'s @parametrize always";
    }
  }
  return "";
}

// The imports the split's edits need: instantiate_device_type_tests when it
// instantiates a part, then HardwareClassification (add-import's own rule).
void add_imports(const FileFacts& file, const std::string& s, const Resolution& resolution,
                 const Vocabulary& vocabulary, const FixTargets& targets, size_t line_length, bool instantiates,
                 std::vector<Edit>& edits) {
  std::vector<std::string> skipped;
  std::vector<Edit> imports;
  const std::map<int, Verdict> none;
  FixDecisions decisions;
  decisions.names_enum = true;  // every part the split makes is declared
  const FixPlan plan = plan_fixes(file, none, resolution, vocabulary, targets);
  FixContext c{file, s, plan, none, resolution, vocabulary, decisions, imports, skipped, line_length};
  if (instantiates && !module_binds(file, "instantiate_device_type_tests", kInstantiateModule))
    add_import_edits(c, kInstantiateModule, "instantiate_device_type_tests", "split");
  std::vector<Edit> enum_import;
  fix_add_import(FixContext{file, s, plan, none, resolution, vocabulary, decisions, enum_import, skipped, line_length});
  edits.insert(edits.end(), imports.begin(), imports.end());
  edits.insert(edits.end(), enum_import.begin(), enum_import.end());
}

// What the split works from, read once: the class's layout in the bytes, its
// parts, each test's lines, and the device edits of the moved tests.
struct SplitPlan {
  SplitPlan(const FileFacts& f, const std::string& source, ClassRef r, const Members& m)
      : file(f), s(source), cls(f.classes[static_cast<size_t>(r.cls)]), ref(r), roles(m) {}
  const FileFacts& file;
  const std::string& s;
  const ClassFact& cls;
  ClassRef ref;
  const Members& roles;  // which member is generic, which accelerator (rules/devices.toml)
  const SplitPart* generic = nullptr;
  std::vector<const SplitPart*> moving;  // the parts that leave the class
  size_t header = 0, name_at = 0, body_line = 0, class_end = 0;
  std::string indent, nl;
  std::map<std::string, const Method*> own;  // the class's methods by name
  std::map<const Method*, Span> spans;       // every test of every part
  std::vector<Span> test_spans;
  bool shared = false, in_place = false;
  std::string base_name, parent;  // the parts' base, and what they inherit (`parent` as written)
  bool multi_process = false;     // run in several processes (instantiated_part)
  std::set<std::string> members;
  std::vector<Edit> device;  // device_edits()
  std::vector<std::string> why;
};

// The parts, and the classes the split refuses before reading any bytes.
std::string plan_parts(const std::vector<FileFacts>& files, const Verdict& v, const Resolution& resolution,
                       SplitPlan& p) {
  const std::string& name = p.cls.name;
  if (v.split.empty()) return "classify proposes no split for " + name + " (hwclass explain shows why)";
  for (const SplitPart& part : v.split) {
    if (p.roles.is_generic(part.member)) p.generic = &part;
    else if (part.class_name == name)
      return "its split keeps " + name + " as " + part.member + " (an instantiated class); fix --split makes "
             "only the split of a class into GENERIC and device parts";
    else p.moving.push_back(&part);
  }
  const ResolvedClass& r = resolution.of(v.ref);
  p.multi_process = r.multi_process;
  if (r.instantiation >= 0 || r.instantiated_subclass.valid())
    return name + " is instantiated; fix --split splits classes that are not";
  if (p.cls.damaged) return "a syntax error touches " + name;
  if (std::string blocker = instantiation_blocker(files, resolution, v.ref); !blocker.empty())
    return "its tests cannot move out of " + name + ": " + blocker;
  return "";
}

// The class line, the body's indentation and newline style, where the class
// ends; no part may take the name of another class of the module.
std::string plan_layout(const Verdict& v, SplitPlan& p) {
  const std::string& s = p.s;
  const ClassFact& cls = p.cls;
  p.header = line_byte(s, cls.line);
  if (s.compare(p.header, 6, "class ") != 0) return cls.name + " is not a class at the module's top level";
  p.name_at = s.find_first_not_of(" \t", p.header + 6);
  if (s.compare(p.name_at, cls.name.size(), cls.name) != 0) return "its class line is not plain";
  p.body_line = line_start(s, cls.body_start_byte);
  p.indent = s.substr(p.body_line, cls.body_start_byte - p.body_line);
  if (p.indent.empty() || !all_blank(p.indent)) return "its body starts on the class line";
  p.nl = newline_at(s, p.header);
  p.class_end = next_line(s, cls.body_end_byte ? cls.body_end_byte - 1 : 0);
  for (const SplitPart& part : v.split)
    for (const ClassFact& other : p.file.classes)
      if (part.class_name != cls.name && other.name == part.class_name && !p.roles.is_accelerator(part.member))
        return "the module already has a class " + part.class_name + " (line " + std::to_string(other.line) + ")";
  return "";
}

// Every test of every part must be the class's own method (an inherited one
// would be collected by both parts), and every own test in some part.
std::string plan_tests(const Verdict& v, SplitPlan& p) {
  const ClassFact& cls = p.cls;
  for (const Method& m : cls.methods) p.own[m.name] = &m;
  for (const SplitPart& part : v.split)
    for (const std::string& t : part.tests) {
      auto it = p.own.find(t);
      if (it == p.own.end() || !it->second->is_test || !it->second->end_byte)
        return cls.name + "." + t + " is not a test defined in its body (inherited or added at import); split it by hand";
      // A moved test is copied into the instantiated part's variants.
      if (it->second->super_line && !p.roles.is_generic(part.member))
        return "its tests cannot move out of " + cls.name + ": " + super_blocker(cls, *it->second);
      Span sp = method_span(p.s, *it->second);
      p.spans[it->second] = sp;
      p.test_spans.push_back(sp);
    }
  for (const Method& m : cls.methods)
    if (m.is_test && !p.spans.count(&m)) return cls.name + "." + m.name + " is in no part of the split";
  return "";
}

// The parts' base: the class stays in place as the parts' base when it keeps
// no tests, or becomes `_TestXBase` when it shares members with tests of its own.
std::string plan_base(SplitPlan& p) {
  p.shared = has_shared_members(p.s, p.cls, p.test_spans);
  p.in_place = p.generic && !p.shared;
  p.base_name = p.generic ? "_" + p.cls.name + "Base" : p.cls.name;
  p.parent = p.base_name;
  if (p.in_place && !bases_text(p.s, p.name_at + p.cls.name.size(), p.parent))
    return "its bases are not written on one plain line";
  p.members = own_members(p.s, p.cls, p.indent, p.test_spans);
  return "";
}

// Removes a test that leaves the class, with the blank lines that separate it
// from what is above (not those above the body's first line, where the
// declaration may go).
void remove_test(const SplitPlan& p, const Span& sp, std::vector<Edit>& edits) {
  size_t start = sp.start;
  while (start > p.body_line && blank_line(p.s, line_start(p.s, start - 1))) start = line_start(p.s, start - 1);
  edits.push_back({static_cast<uint32_t>(start), static_cast<uint32_t>(sp.end), "", "split"});
}

// A test's lines as they go into a part, after a blank line: an ACCELERATOR
// test with the device edits that fall inside it, an instantiated
// device-specific one (TestXCUDA) with only its `device` parameter (its
// device code is its point), any other as written.
std::string moved_text(const SplitPlan& p, const Method* m, const SplitPart& part) {
  const Span sp = p.spans.at(m);
  std::vector<Edit> inside;
  if (instantiated_part(part, p.multi_process, p.roles))
    for (const Edit& e : p.device)
      if (e.start >= m->start_byte && e.end <= m->end_byte && !(e.start == 0 && e.end == 0) &&
          (p.roles.is_accelerator(part.member) || e.rule == "add-device-param"))
        inside.push_back({static_cast<uint32_t>(e.start - sp.start), static_cast<uint32_t>(e.end - sp.start), e.text,
                          e.rule});
  std::string text = apply_edits(p.s.substr(sp.start, sp.end - sp.start), inside);
  if (text.empty() || text.back() != '\n') text += p.nl;
  return p.nl + text;
}

// The class that remains: in place with its GENERIC tests and declaration,
// or the test-less base (renamed, its declaration and tests gone).
std::string rewrite_class(const SplitPlan& p, std::vector<Edit>& edits) {
  const std::string& s = p.s;
  const Declaration& d = p.cls.declaration;
  if (p.in_place) {
    declare(edits, s, p.cls, p.roles.generic(), p.nl);
    // After the declaration: an insertion where a removal starts goes first.
    for (const SplitPart* part : p.moving)
      for (const std::string& t : part->tests) remove_test(p, p.spans.at(p.own.at(t)), edits);
    return "";
  }
  if (d.state != DeclarationState::Absent) {
    size_t bol = line_start(s, d.location.start_byte), eol = next_line(s, d.location.end_byte);
    if (!all_blank(s.substr(bol, d.location.start_byte - bol)) ||
        s.find_first_not_of(" \t\r\n", d.location.end_byte) < eol)
      return "its declaration shares a line with other code";
    edits.push_back({static_cast<uint32_t>(bol), static_cast<uint32_t>(eol), "", "split"});
  }
  if (p.generic)
    edits.push_back({static_cast<uint32_t>(p.name_at), static_cast<uint32_t>(p.name_at + p.cls.name.size()),
                     p.base_name, "split"});
  if (!p.shared && !p.cls.docstring_end_byte)
    edits.push_back({static_cast<uint32_t>(p.body_line), static_cast<uint32_t>(p.body_line), p.indent + "pass" + p.nl,
                     "split"});
  for (const auto& [m, sp] : p.spans) remove_test(p, sp, edits);
  return "";
}

// Moves an ACCELERATOR part's tests into the module's instantiated class
// for them, when it has one (existing_device_class); false when it has none.
bool move_into_existing(const SplitPlan& p, const Resolution& resolution, const SplitPart& part,
                        const std::vector<const Method*>& tests, SplitEdits& out) {
  const int k = existing_device_class(p.file, p.s, resolution, p.ref, part.class_name, tests, p.members, p.indent, p.roles);
  if (k < 0) return false;
  const ClassFact& target = p.file.classes[static_cast<size_t>(k)];
  std::string text;
  for (const Method* m : tests) text += moved_text(p, m, part);
  if (target.declaration.state == DeclarationState::Absent) declare(out.edits, p.s, target, p.roles.accelerator(), p.nl);
  const size_t end = next_line(p.s, target.body_end_byte - 1);
  out.edits.push_back({static_cast<uint32_t>(end), static_cast<uint32_t>(end), text, "split"});
  out.notes.push_back(p.cls.name + ": " + std::to_string(tests.size()) +
                      (tests.size() == 1 ? " device test moves" : " device tests move") + " into " + target.name +
                      " (line " + std::to_string(target.line) + "), instantiated already");
  return true;
}

// The call that instantiates a part: for every device (ACCELERATOR), or
// only for its own with that device's opt-in keyword (contract 1.1, 8:
// `TestXCUDA` with only_for="cuda"; device-specific-contract's form).
std::string instantiate_call(const Vocabulary& vocabulary, const SplitPart& part) {
  std::string keywords;
  if (!vocabulary.members.is_accelerator(part.member)) {
    const DeviceInfo* device = vocabulary.device_of_member(part.member);
    if (!device) return "";
    keywords = ", only_for=\"" + device->key + "\"";
    if (auto opt_in = vocabulary.opt_in_devices.find(device->key); opt_in != vocabulary.opt_in_devices.end())
      keywords += ", " + opt_in->second + "=True";
  }
  return instantiation_text(part.class_name, keywords);
}

// The new classes' text, after the class in the split's order (`added`), and
// the calls that instantiate them (`instantiate`), whose tests take `device`.
std::string write_parts(const SplitPlan& p, const Resolution& resolution, const Vocabulary& vocabulary,
                        SplitEdits& out, std::string& added, std::string& instantiate) {
  const std::string& nl = p.nl;
  if (p.generic && !p.in_place) {
    added += nl + nl + part_decorators(p.file, p.cls, *p.generic, p.multi_process, p.roles, nl) + "class " + p.cls.name + "(" +
             p.base_name + "):" + nl + declaration(p.indent, p.roles.generic(), nl);
    for (const std::string& t : p.generic->tests) added += moved_text(p, p.own.at(t), *p.generic);
  }
  for (const SplitPart* part : p.moving) {
    const bool accelerator = p.roles.is_accelerator(part->member),
               instantiated = instantiated_part(*part, p.multi_process, p.roles);
    std::vector<const Method*> tests;
    for (const std::string& t : part->tests) tests.push_back(p.own.at(t));
    for (const Method* m : tests)
      if (instantiated && !takes_device_parameter(*m) &&
          std::none_of(p.device.begin(), p.device.end(),
                       [&](const Edit& e) { return e.rule == "add-device-param" && e.start == m->self_end_byte; }))
        return p.cls.name + "." + m->name + " cannot take `device` (no `self` parameter, or a layout add-device-param "
               "leaves)";
    if (accelerator && move_into_existing(p, resolution, *part, tests, out)) continue;
    const std::string call = instantiated ? instantiate_call(vocabulary, *part) : "";
    if (instantiated && call.empty())
      return "no device of rules/devices.toml is declared " + part->member + " (" + part->class_name + ")";
    added += nl + nl + part_decorators(p.file, p.cls, *part, p.multi_process, p.roles, nl) + "class " + part->class_name +
             (p.parent.empty() ? "" : "(" + p.parent + ")") + ":" + nl + declaration(p.indent, part->member, nl);
    for (const Method* m : tests) added += moved_text(p, m, *part);
    if (instantiated) instantiate += (instantiate.empty() ? nl + nl : "") + call + nl;  // the calls one after another
  }
  return "";
}

// The instantiate calls go where add-instantiation would put one: after
// every statement that reads the class at import, which the new classes follow.
void place_instantiate(const SplitPlan& p, std::string instantiate, std::vector<Edit>& edits) {
  if (instantiate.empty()) return;
  const InstantiationPlace place = instantiation_place(p.file, p.ref);
  size_t after = std::max(p.class_end, next_line(p.s, place.after_byte ? place.after_byte - 1 : 0));
  if (after == p.s.size() && !p.s.empty() && p.s.back() != '\n') instantiate = p.nl + instantiate;
  edits.push_back({static_cast<uint32_t>(after), static_cast<uint32_t>(after), instantiate, "split"});
}

// What the --unsafe-fixes rules said they left in the moved ACCELERATOR tests.
void add_device_notes(const SplitPlan& p, SplitEdits& out) {
  for (const std::string& w : p.why)
    for (const SplitPart* part : p.moving)
      if (p.roles.is_accelerator(part->member))
        for (const std::string& t : part->tests)
          if (w.find(p.cls.name + "." + t + ":") != std::string::npos) out.notes.push_back(w);
}

}  // namespace

SplitEdits split_class(const std::vector<FileFacts>& files, const std::string& s, const Verdict& v,
                       const Resolution& resolution, const Vocabulary& vocabulary, const FixTargets& targets,
                       size_t line_length) {
  const FileFacts& file = files[static_cast<size_t>(v.ref.file)];
  SplitPlan p(file, s, v.ref, vocabulary.members);
  SplitEdits out;
  auto failed = [&](std::string why) {
    if (why.empty()) return false;
    out.edits.clear();
    out.error = std::move(why);
    return true;
  };
  if (failed(plan_parts(files, v, resolution, p)) || failed(plan_layout(v, p)) || failed(plan_tests(v, p)) ||
      failed(plan_base(p)))
    return out;
  p.device = device_edits(file, s, v, resolution, vocabulary, targets, line_length, p.why);
  if (failed(rewrite_class(p, out.edits)) ||
      failed(conditional_parametrize(file, s, p.cls, p.moving, p.own, p.multi_process, p.roles)))
    return out;
  std::string added, instantiate;
  if (failed(write_parts(p, resolution, vocabulary, out, added, instantiate))) return out;
  out.edits.push_back({static_cast<uint32_t>(p.class_end), static_cast<uint32_t>(p.class_end), added, "split"});
  place_instantiate(p, instantiate, out.edits);
  // Imports: what the moved device edits need (outside the class), then
  // instantiate_device_type_tests and HardwareClassification.
  for (const Edit& e : p.device)
    if (e.start < p.header || e.start >= p.class_end) out.edits.push_back(e);
  add_imports(file, s, resolution, vocabulary, targets, line_length, !instantiate.empty(), out.edits);
  add_device_notes(p, out);
  return out;
}

}  // namespace hwclass
