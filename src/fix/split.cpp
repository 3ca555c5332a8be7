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
                               const Resolution& resolution, const Vocabulary& vocabulary, size_t line_length,
                               std::vector<std::string>& why) {
  Verdict migrating = v;
  migrating.split.clear();
  migrating.inferred = migrating.target = "ACCELERATOR";
  migrating.migration_blocked.clear();
  migrating.declared.clear();
  migrating.declaration_inherited = false;
  const std::map<int, Verdict> verdicts{{v.ref.cls, migrating}};
  const std::string& name = file.classes[static_cast<size_t>(v.ref.cls)].name;
  // What add-device-param asks of an instantiation: the split writes it.
  std::vector<Edit> edits{{0, 0, "instantiate_device_type_tests(" + name + ", globals())", "add-instantiation"}};
  for (const char* id : {"add-device-param", "device-to-param", "cuda-to-device", "accelerator-api", "only-to-accelerator"}) {
    std::vector<Edit> made;
    find_fix_rule(id)->fix(FixContext{file, source, verdicts, resolution, vocabulary, edits, made, why, line_length});
    edits.insert(edits.end(), made.begin(), made.end());
  }
  edits.erase(edits.begin());
  return edits;
}

// A class of the module, instantiated for devices already, that can take the
// ACCELERATOR part's tests (TestDropoutNN's TestDropoutNNDeviceType): named
// for the class, instantiated by instantiate_device_type_tests, with no test
// of those names, and the moved tests read none of the class's own members.
int existing_device_class(const FileFacts& file, const std::string& s, const Resolution& resolution,
                          ClassRef ref, const std::string& part_name, const std::vector<const Method*>& moved,
                          const std::set<std::string>& members, const std::string& indent) {
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
    if (other.declaration.state != DeclarationState::Absent && other.declaration.member != "ACCELERATOR") continue;
    if (std::any_of(moved.begin(), moved.end(), [&](const Method* m) { return method_named(other, m->name); })) continue;
    const size_t body = line_start(s, other.body_start_byte);
    if (s.substr(body, other.body_start_byte - body) != indent || s.compare(line_byte(s, other.line), 6, "class ") != 0)
      continue;
    return static_cast<int>(k);
  }
  return -1;
}

// The class's decorators, for one of its parts: a skip, a parametrization
// is the tests', as written. instantiate_device_type_tests parametrizes an
// ACCELERATOR part itself, and would not pass `device` through tests
// instantiate_parametrized_tests made, so that one is left off it. A part
// not instantiated gets the module's instantiate_parametrized_tests(Class)
// as its decorator, which only rebinds the GENERIC part's name.
std::string part_decorators(const FileFacts& file, const ClassFact& cls, const std::string& member, const std::string& nl) {
  bool parametrized_call = false;
  for (const Instantiation& inst : file.instantiations)
    parametrized_call |= inst.kind == InstantiateKind::Parametrized && inst.target == cls.name && inst.statement_level &&
                         !inst.attribute_form;
  std::string text;
  bool parametrized = false;
  for (const Decorator& d : cls.decorators) {
    const bool parametrizes = d.name == "instantiate_parametrized_tests";
    parametrized |= parametrizes;
    if (!(parametrizes && member == "ACCELERATOR")) text += "@" + d.text + nl;
  }
  if (parametrized_call && !parametrized && member != "ACCELERATOR" && member != "GENERIC")
    text += "@instantiate_parametrized_tests" + nl;
  return text;
}

// instantiate_device_type_tests expands @parametrize always; where the
// module expands the class's only under a condition (`if backends:`, whose
// values may be empty there), the moved tests would break collection.
std::string conditional_parametrize(const FileFacts& file, const std::string& s, const ClassFact& cls,
                                    const std::vector<const SplitPart*>& moving,
                                    const std::map<std::string, const Method*>& own) {
  for (const Instantiation& inst : file.instantiations) {
    if (inst.kind != InstantiateKind::Parametrized || inst.target != cls.name) continue;
    const size_t at = line_byte(s, inst.line);
    if (s.compare(at, 1, " ") != 0 && s.compare(at, 1, "\t") != 0) continue;
    for (const SplitPart* p : moving)
      if (p->member == "ACCELERATOR")
        for (const std::string& t : p->tests)
          for (const Decorator& d : own.at(t)->decorators)
            if (d.name == "parametrize")
              return "line " + std::to_string(inst.line) + " parametrizes " + cls.name +
                     " under a condition, and instantiate_device_type_tests would expand " + t +
                     "'s @parametrize always";
  }
  return "";
}

// The imports the split's edits need: instantiate_device_type_tests when it
// instantiates a part, then HardwareClassification (add-import's own rule).
void add_imports(const FileFacts& file, const std::string& s, const Resolution& resolution,
                 const Vocabulary& vocabulary, size_t line_length, bool instantiates, std::vector<Edit>& edits) {
  std::vector<std::string> skipped;
  std::vector<Edit> imports;
  const std::map<int, Verdict> none;
  FixContext c{file, s, none, resolution, vocabulary, edits, imports, skipped, line_length};
  if (instantiates && !module_binds(file, "instantiate_device_type_tests", kInstantiateModule))
    add_import_edits(c, kInstantiateModule, "instantiate_device_type_tests", "split");
  std::vector<Edit> so_far = edits;
  so_far.insert(so_far.end(), imports.begin(), imports.end());
  std::vector<Edit> enum_import;
  fix_add_import(FixContext{file, s, none, resolution, vocabulary, so_far, enum_import, skipped, line_length});
  edits.insert(edits.end(), imports.begin(), imports.end());
  edits.insert(edits.end(), enum_import.begin(), enum_import.end());
}

}  // namespace

SplitEdits split_class(const std::vector<FileFacts>& files, const std::string& s, const Verdict& v,
                       const Resolution& resolution, const Vocabulary& vocabulary, size_t line_length) {
  SplitEdits out;
  const FileFacts& file = files[static_cast<size_t>(v.ref.file)];
  const ClassFact& cls = file.classes[static_cast<size_t>(v.ref.cls)];
  auto fail = [&](std::string why) {
    out.edits.clear();
    out.error = std::move(why);
    return out;
  };
  if (v.split.empty()) return fail("classify proposes no split for " + cls.name + " (hwclass explain shows why)");
  const SplitPart* generic = nullptr;
  std::vector<const SplitPart*> moving;
  for (const SplitPart& p : v.split) {
    if (p.member == "GENERIC") generic = &p;
    else if (p.class_name == cls.name)
      return fail("its split keeps " + cls.name + " as " + p.member + " (an instantiated class); fix --split makes "
                  "only the split of a class into GENERIC and device parts");
    else moving.push_back(&p);
  }
  const ResolvedClass& r = resolution.of(v.ref);
  if (r.instantiation >= 0 || r.instantiated_subclass.valid())
    return fail(cls.name + " is instantiated; fix --split splits classes that are not");
  if (cls.damaged) return fail("a syntax error touches " + cls.name);
  if (std::string blocker = instantiation_blocker(files, resolution, v.ref); !blocker.empty())
    return fail("its tests cannot move out of " + cls.name + ": " + blocker);

  const size_t header = line_byte(s, cls.line);
  if (s.compare(header, 6, "class ") != 0) return fail(cls.name + " is not a class at the module's top level");
  const size_t name_at = s.find_first_not_of(" \t", header + 6);
  if (s.compare(name_at, cls.name.size(), cls.name) != 0) return fail("its class line is not plain");
  const size_t body_line = line_start(s, cls.body_start_byte);
  const std::string indent = s.substr(body_line, cls.body_start_byte - body_line);
  if (indent.empty() || !all_blank(indent)) return fail("its body starts on the class line");
  const std::string nl = newline_at(s, header);
  const size_t class_end = next_line(s, cls.body_end_byte ? cls.body_end_byte - 1 : 0);
  for (const SplitPart& p : v.split)
    for (const ClassFact& other : file.classes)
      if (p.class_name != cls.name && other.name == p.class_name && p.member != "ACCELERATOR")
        return fail("the module already has a class " + p.class_name + " (line " + std::to_string(other.line) + ")");

  // Every test of every part must be the class's own method: an inherited
  // one would be collected by both parts.
  std::map<std::string, const Method*> own;
  for (const Method& m : cls.methods) own[m.name] = &m;
  std::vector<Span> test_spans;
  std::map<const Method*, Span> spans;
  for (const SplitPart& p : v.split)
    for (const std::string& t : p.tests) {
      auto it = own.find(t);
      if (it == own.end() || !it->second->is_test || !it->second->end_byte)
        return fail(cls.name + "." + t + " is not a test defined in its body (inherited or added at import); "
                    "split it by hand");
      Span sp = method_span(s, *it->second);
      spans[it->second] = sp;
      test_spans.push_back(sp);
    }
  for (const Method& m : cls.methods)
    if (m.is_test && !spans.count(&m))
      return fail(cls.name + "." + m.name + " is in no part of the split");

  const bool shared = has_shared_members(s, cls, test_spans);
  // The class stays in place as the parts' base when it keeps no tests, or
  // becomes `_TestXBase` when it shares members with tests of its own.
  const bool in_place = generic && !shared;
  const std::string base_name = generic ? "_" + cls.name + "Base" : cls.name;
  std::string parent = base_name;
  if (in_place && !bases_text(s, name_at + cls.name.size(), parent))
    return fail("its bases are not written on one plain line");
  const std::set<std::string> members = own_members(s, cls, indent, test_spans);

  // The device edits of the moved ACCELERATOR tests.
  std::vector<std::string> why;
  std::vector<Edit> device = device_edits(file, s, v, resolution, vocabulary, line_length, why);

  std::vector<Edit>& edits = out.edits;
  // Removal of each test that leaves the class, with the blank lines that
  // separate it from what is above (not those above the body's first line,
  // where the declaration may go).
  auto remove = [&](const Span& sp) {
    size_t start = sp.start;
    while (start > body_line && blank_line(s, line_start(s, start - 1))) start = line_start(s, start - 1);
    edits.push_back({static_cast<uint32_t>(start), static_cast<uint32_t>(sp.end), "", "split"});
  };
  auto moved_text = [&](const Method* m, bool accelerator) {
    const Span sp = spans.at(m);
    std::vector<Edit> inside;
    if (accelerator)
      for (const Edit& e : device)
        if (e.start >= m->start_byte && e.end <= m->end_byte && !(e.start == 0 && e.end == 0))
          inside.push_back({static_cast<uint32_t>(e.start - sp.start), static_cast<uint32_t>(e.end - sp.start), e.text,
                            e.rule});
    std::string text = apply_edits(s.substr(sp.start, sp.end - sp.start), inside);
    if (text.empty() || text.back() != '\n') text += nl;
    return nl + text;
  };

  // The remaining class: in place with its GENERIC tests and declaration, or
  // the test-less base.
  const Declaration& d = cls.declaration;
  if (in_place) {
    declare(edits, s, cls, "GENERIC", nl);
    // After the declaration: an insertion where a removal starts goes first.
    for (const SplitPart* p : moving)
      for (const std::string& t : p->tests) remove(spans.at(own.at(t)));
  } else {
    if (d.state != DeclarationState::Absent) {
      size_t bol = line_start(s, d.location.start_byte), eol = next_line(s, d.location.end_byte);
      if (!all_blank(s.substr(bol, d.location.start_byte - bol)) ||
          s.find_first_not_of(" \t\r\n", d.location.end_byte) < eol)
        return fail("its declaration shares a line with other code");
      edits.push_back({static_cast<uint32_t>(bol), static_cast<uint32_t>(eol), "", "split"});
    }
    if (generic)
      edits.push_back({static_cast<uint32_t>(name_at), static_cast<uint32_t>(name_at + cls.name.size()), base_name,
                       "split"});
    if (!shared && !cls.docstring_end_byte)
      edits.push_back({static_cast<uint32_t>(body_line), static_cast<uint32_t>(body_line), indent + "pass" + nl, "split"});
    for (const auto& [m, sp] : spans) remove(sp);
  }

  if (std::string why = conditional_parametrize(file, s, cls, moving, own); !why.empty()) return fail(why);
  // The new classes, after the class, in the split's order.
  std::string added;
  if (generic && !in_place) {
    added += nl + nl + part_decorators(file, cls, "GENERIC", nl) + "class " + cls.name + "(" + base_name + "):" + nl +
             declaration(indent, "GENERIC", nl);
    for (const std::string& t : generic->tests) added += moved_text(own.at(t), false);
  }
  std::string instantiate;
  for (const SplitPart* p : moving) {
    const bool accelerator = p->member == "ACCELERATOR";
    std::vector<const Method*> tests;
    for (const std::string& t : p->tests) tests.push_back(own.at(t));
    for (const Method* m : tests)
      if (accelerator && !takes_device_parameter(*m) &&
          std::none_of(device.begin(), device.end(),
                       [&](const Edit& e) { return e.rule == "add-device-param" && e.start == m->self_end_byte; }))
        return fail(cls.name + "." + m->name + " cannot take `device` (no `self` parameter, or a layout add-device-param "
                    "leaves)");
    if (accelerator) {
      if (int k = existing_device_class(file, s, resolution, v.ref, p->class_name, tests, members, indent); k >= 0) {
        const ClassFact& target = file.classes[static_cast<size_t>(k)];
        std::string text;
        for (const Method* m : tests) text += moved_text(m, true);
        if (target.declaration.state == DeclarationState::Absent) declare(edits, s, target, "ACCELERATOR", nl);
        const size_t end = next_line(s, target.body_end_byte - 1);
        edits.push_back({static_cast<uint32_t>(end), static_cast<uint32_t>(end), text, "split"});
        out.notes.push_back(cls.name + ": " + std::to_string(tests.size()) +
                            (tests.size() == 1 ? " device test moves" : " device tests move") + " into " + target.name +
                            " (line " + std::to_string(target.line) + "), instantiated already");
        continue;
      }
    }
    added += nl + nl + part_decorators(file, cls, p->member, nl) + "class " + p->class_name + (parent.empty() ? "" : "(" + parent + ")") +
             ":" + nl +
             declaration(indent, p->member, nl);
    for (const Method* m : tests) added += moved_text(m, accelerator);
    if (accelerator) instantiate += nl + nl + "instantiate_device_type_tests(" + p->class_name + ", globals())" + nl;
  }
  edits.push_back({static_cast<uint32_t>(class_end), static_cast<uint32_t>(class_end), added, "split"});
  if (!instantiate.empty()) {
    // Where add-instantiation would put the call: after every statement that
    // reads the class at import, which the new classes follow.
    const InstantiationPlace place = instantiation_place(file, v.ref);
    size_t after = std::max(class_end, next_line(s, place.after_byte ? place.after_byte - 1 : 0));
    if (after == s.size() && !s.empty() && s.back() != '\n') instantiate = nl + instantiate;
    edits.push_back({static_cast<uint32_t>(after), static_cast<uint32_t>(after), instantiate, "split"});
  }
  // Imports: what the moved device edits need (outside the class), then
  // instantiate_device_type_tests and HardwareClassification.
  const size_t class_start = header;
  for (const Edit& e : device)
    if (e.start < class_start || e.start >= class_end) edits.push_back(e);
  add_imports(file, s, resolution, vocabulary, line_length, !instantiate.empty(), edits);
  for (const std::string& w : why)
    for (const SplitPart* p : moving)
      if (p->member == "ACCELERATOR")
        for (const std::string& t : p->tests)
          if (w.find(cls.name + "." + t + ":") != std::string::npos) out.notes.push_back(w);
  return out;
}

}  // namespace hwclass
