// The unsafe fixes (`--unsafe-fixes`): they change what a test runs on, so
// a person reviews them. They apply inside classes the migration takes to
// ACCELERATOR (classify's target, or its inference), to test methods:
// - add-instantiation: the instantiate_device_type_tests call after a class
//   nothing instantiates, and its import;
// - add-device-param: a test method without `device` gets it after `self`,
//   where instantiate_device_type_tests passes it;
// - device-to-param: a device string in a device position ("cuda",
//   "cuda:0"; not f"cuda:{i}", which names one of several), or a module-level
//   global bound to one (`device=DEVICE` after `DEVICE = "cuda"`), becomes
//   the test's `device`;
// - cuda-to-device: `x.cuda()` becomes `x.to(device)`;
// - accelerator-api: `torch.cuda.synchronize()` and the other calls with a
//   device-generic spelling in rules/devices.toml ([classify]
//   accelerator_equivalents) that needs no `device` become that spelling.
#include <algorithm>
#include <optional>

#include "classify/fixability.h"  // instantiation_place
#include "facts/queries.h"
#include "fix/fixes.h"
#include "fix/source_text.h"

namespace hwclass {
namespace {

// Whether this run gave the method `device`: add-device-param may have left
// it out for its layout, and then `device` must not be written into it.
bool has_device(const FixContext& c, int class_index, const std::string& method) {
  const ClassFact& cls = c.file.classes[static_cast<size_t>(class_index)];
  const int m = method_index(cls, method);
  if (m < 0) return false;
  return takes_device_parameter(cls.methods[static_cast<size_t>(m)]) || c.decisions.given_device.count({class_index, m});
}

// Whether the string at `at` is an argument that takes a device type
// (autocast("cuda"), init_device_mesh("cuda", ...), torch.device("cuda", 0)):
// the injected device may be "cuda:0", which those reject, so it becomes
// torch.device(device).type there ([fix] device_type_contexts and
// device_type_with_index in rules/devices.toml).
bool takes_device_type(const std::string& source, const Location& at, const Vocabulary& vocabulary) {
  const char* space = " \t\r\n\\";
  size_t before = at.start_byte ? source.find_last_not_of(space, at.start_byte - 1) : std::string::npos;
  std::string_view head(source.data(), before == std::string::npos ? 0 : before + 1);
  auto ends_with_any = [&](const std::vector<std::string>& contexts) {
    return std::any_of(contexts.begin(), contexts.end(), [&](const std::string& ctx) {
      return head.size() >= ctx.size() && head.substr(head.size() - ctx.size()) == ctx;
    });
  };
  if (ends_with_any(vocabulary.device_type_contexts)) return true;
  size_t next = source.find_first_not_of(space, at.end_byte);
  return next != std::string::npos && source[next] == ',' && ends_with_any(vocabulary.device_type_with_index);
}

void skip(const FixContext& c, uint32_t line, const std::string& what, const std::string& why) {
  c.skipped.push_back("line " + std::to_string(line) + ": " + what + ": " + why);
}

}  // namespace

void fix_add_device_param(const FixContext& c) {
  int left = -1;  // the class last left out: once is enough to say why
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != FixKind::AddDeviceParam || p.fix.site >= 0 || p.fix.class_index == left) continue;
    const int index = p.fix.class_index;
    const ClassFact& cls = c.file.classes[static_cast<size_t>(index)];
    // Without instantiate_device_type_tests (of it or a subclass), which
    // add-instantiation writes unless the class line defeats it, nothing
    // passes `device`.
    const ResolvedClass& r = c.resolution.of(c.verdicts.at(index).ref);
    if (r.instantiation < 0 && !r.instantiated_subclass.valid() && !c.decisions.instantiated.count(index)) {
      skip(c, cls.line, cls.name, "not instantiated, so nothing would pass `device`");
      left = index;
      continue;
    }
    const Method& m = cls.methods[static_cast<size_t>(p.fix.method)];
    c.out.push_back({m.self_end_byte, m.self_end_byte, ", device", "add-device-param"});
    c.decisions.given_device.insert({index, p.fix.method});
    c.decisions.migrated.insert(index);
  }
}

// add-instantiation: a class the migration takes to ACCELERATOR that nothing
// instantiates gets `instantiate_device_type_tests(TestX, globals())` after
// it, at its indentation, and the import. Its tests are renamed by it
// (TestX.test_y -> TestXCUDA.test_y_cuda), which is why it is unsafe.
void fix_add_instantiation(const FixContext& c) {
  bool added = false;
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != FixKind::AddInstantiation) continue;
    if (!p.refused.empty()) {
      skip(c, p.line, p.what, p.refused);
      continue;
    }
    const int index = p.fix.class_index;
    const ClassFact& cls = c.file.classes[static_cast<size_t>(index)];
    const std::string& s = c.source;
    size_t header = 0;  // the class line's start
    for (uint32_t line = 1; line < cls.line && header < s.size(); ++line) header = next_line(s, header);
    size_t indent_end = s.find_first_not_of(" \t", header);
    std::string indent = s.substr(header, indent_end - header);
    if (s.compare(indent_end, 6, "class ") != 0 && s.compare(indent_end, 1, "@") != 0) {
      skip(c, cls.line, cls.name, "its class line is not plain");
      continue;
    }
    // After the last statement that reads or extends it at import
    // (classify's instantiation_blocker has ruled out reads it cannot follow).
    const InstantiationPlace place = instantiation_place(c.file, c.verdicts.at(index).ref);
    if (place.read_line && !indent.empty()) {
      skip(c, cls.line, cls.name, "line " + std::to_string(place.read_line) +
                                      " reads it at import, outside the block that defines it");
      continue;
    }
    if (place.read_line) indent.clear();
    size_t after = next_line(s, place.after_byte ? place.after_byte - 1 : 0);
    std::string nl = newline_at(s, header);
    std::string text = (after == s.size() && !s.empty() && s.back() != '\n' ? nl : std::string()) + nl + nl + indent +
                       instantiation_text(cls.name) + nl;
    c.out.push_back({static_cast<uint32_t>(after), static_cast<uint32_t>(after), text, "add-instantiation"});
    c.decisions.instantiated.insert(index);
    c.decisions.migrated.insert(index);
    added = true;
  }
  const char* module = "torch.testing._internal.common_device_type";
  if (added && !module_binds(c.file, "instantiate_device_type_tests", module))
    add_import_edits(c, module, "instantiate_device_type_tests", "add-instantiation");
}

namespace {

// The edit that rewrites site `s` of `cls` for `kind`'s rule; none when the
// site's text is not one the rule can rewrite (said in the summary).
std::optional<Edit> site_edit(const FixContext& c, const DeviceSite& s, const ClassFact& cls, FixKind kind) {
  const char* rule = fix_rule_id(kind);
  const std::string span = c.source.substr(s.location.start_byte, s.location.end_byte - s.location.start_byte);
  if (s.kind == SiteKind::DeviceString || s.kind == SiteKind::DeviceGlobalUse) {
    // `device = "cuda"` would become `device = device`: the line goes,
    // and what read the local now reads the parameter of that name.
    const size_t bol = line_start(c.source, s.location.start_byte), eol = next_line(c.source, s.location.end_byte);
    std::string before = c.source.substr(bol, s.location.start_byte - bol);
    std::string after = c.source.substr(s.location.end_byte, eol - s.location.end_byte);
    before.erase(std::remove_if(before.begin(), before.end(), [](char ch) { return ch == ' ' || ch == '\t'; }),
                 before.end());
    if (s.kind == SiteKind::DeviceString && before == "device=" &&
        after.find_first_not_of(" \t\r\n") == std::string::npos)
      return Edit{static_cast<uint32_t>(bol), static_cast<uint32_t>(eol), "", rule};
    return Edit{s.location.start_byte, s.location.end_byte,
                takes_device_type(c.source, s.location, c.vocabulary) ? "torch.device(device).type" : "device", rule};
  }
  if (kind == FixKind::CudaToDevice) {
    std::string tail = "." + s.device.key + "()";
    if (span.size() <= tail.size() || span.compare(span.size() - tail.size(), tail.size(), tail) != 0) {
      skip(c, s.location.line, cls.name + "." + s.method, std::string(rule) + ": '" + s.text + "' is not written plainly");
      return std::nullopt;
    }
    uint32_t from = s.location.end_byte - static_cast<uint32_t>(tail.size());
    return Edit{from, s.location.end_byte, ".to(device)", rule};
  }
  size_t paren = span.find('(');
  return Edit{s.location.start_byte, s.location.start_byte + static_cast<uint32_t>(paren),
              *c.vocabulary.accelerator_equivalent(s.text), rule};
}

void fix_sites(const FixContext& c, FixKind kind) {
  const char* rule = fix_rule_id(kind);
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != kind) continue;
    if (!p.refused.empty()) {
      skip(c, p.line, p.what, p.refused);
      continue;
    }
    const DeviceSite& s = c.file.sites[static_cast<size_t>(p.fix.site)];
    const ClassFact& cls = c.file.classes[static_cast<size_t>(s.class_index)];
    if (!has_device(c, s.class_index, s.method)) {
      skip(c, s.location.line, cls.name + "." + s.method, std::string(rule) + ": the test got no `device`");
      continue;
    }
    if (std::optional<Edit> e = site_edit(c, s, cls, kind)) {
      c.out.push_back(std::move(*e));
      c.decisions.migrated.insert(s.class_index);
    }
  }
}

}  // namespace

// only-to-accelerator: @onlyCUDA, @onlyXPU, @onlyOn("cuda") (one
// accelerator) on a test of a class the migration takes to ACCELERATOR
// becomes the device-generic decorator of the rules ([fix]
// accelerator_only_decorator), which upstream's [decorator] allows, and it
// is imported. @onlyCPU and multi-device decorators are left.
void fix_only_to_accelerator(const FixContext& c) {
  bool added = false;
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != FixKind::OnlyToAccelerator) continue;
    if (!p.refused.empty()) {
      skip(c, p.line, p.what, p.refused);
      continue;
    }
    const DeviceSite& s = c.file.sites[static_cast<size_t>(p.fix.site)];
    c.out.push_back({s.location.start_byte, s.location.end_byte, "@" + c.vocabulary.accelerator_only_decorator,
                     "only-to-accelerator"});
    c.decisions.migrated.insert(s.class_index);
    added = true;
  }
  const std::string& decorator = c.vocabulary.accelerator_only_decorator;
  const std::string& module = c.vocabulary.accelerator_only_module;
  if (added && !module_binds(c.file, decorator, module)) add_import_edits(c, module, decorator, "only-to-accelerator");
}

void fix_device_strings(const FixContext& c) { fix_sites(c, FixKind::DeviceToParam); }
void fix_tensor_methods(const FixContext& c) { fix_sites(c, FixKind::CudaToDevice); }
void fix_accelerator_calls(const FixContext& c) { fix_sites(c, FixKind::AcceleratorApi); }

}  // namespace hwclass
