// Questions every later stage asks of the facts, answered in one place.
#pragma once

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <string_view>

#include "facts/facts.h"

namespace hwclass {

// The method of that name defined in the class's own body, if any.
inline const Method* method_named(const ClassFact& cls, std::string_view name) {
  for (const Method& m : cls.methods)
    if (m.name == name) return &m;
  return nullptr;
}

// Its index in cls.methods, -1 when there is none.
inline int method_index(const ClassFact& cls, std::string_view name) {
  const Method* m = method_named(cls, name);
  return m ? static_cast<int>(m - cls.methods.data()) : -1;
}

// The test classes upstream's linter checks, as indices: it keys classes by
// name in a dict, so the last definition of a name is checked, at the
// position of the first.
inline std::vector<int> linted_classes(const FileFacts& file) {
  std::vector<int> order;
  std::map<std::string, size_t> slot;
  for (size_t i = 0; i < file.classes.size(); ++i) {
    const ClassFact& c = file.classes[i];
    if (!c.is_test_class) continue;
    auto [it, inserted] = slot.try_emplace(c.name, order.size());
    if (inserted) order.push_back(static_cast<int>(i));
    else order[it->second] = static_cast<int>(i);
  }
  return order;
}

// Whether the file's classes can be counted: a file that is unreadable or
// not valid Python defines no class when it runs (CPython's ast finds none).
inline bool file_parses(const FileFacts& file) { return file.readable && !file.has_syntax_error(); }

// The test classes every count reports (lint --statistics, report and
// classify's totals), so that they agree: upstream's test files that parse,
// and in them the classes upstream's linter checks. Everything that counts
// test classes asks this, and nothing else.
inline std::vector<int> counted_test_classes(const FileFacts& file) {
  if (!file.is_test_file || !file_parses(file)) return {};
  return linted_classes(file);
}

// A parameter named `device` or `devices` (positional-only, regular or
// keyword-only; *args and **kwargs never count).
// The runtime fact that instantiate_device_type_tests does not run a
// class's own setUpClass/tearDownClass on the device variants it creates:
// PyTorch 2.6.0 replaces them with ones that call the device base's and the
// *bases'* (common_device_type.py, `_setUpClass`: base.setUpClass() then
// empty_class.setUpClass()); 1.13.1 copies them bound to the template class,
// so what they set lands on it (seen in the 1.13.1 runtime:
// test/jit/test_device_analysis.py's TestDeviceAnalysisCPU has no `cuda`).
// Instantiating such a class by hand is a decision for a person.
inline const Method* class_setup_lost_by_instantiation(const ClassFact& cls) {
  for (const char* name : {"setUpClass", "tearDownClass"})
    if (const Method* m = method_named(cls, name)) return m;
  return nullptr;
}

inline bool is_device_parameter(const Parameter& p) {
  return p.kind != ParamKind::VarArgs && p.kind != ParamKind::VarKwargs && (p.name == "device" || p.name == "devices");
}

// A test method takes the device the framework injects, as upstream's
// linter reads it: it has a device parameter.
inline bool takes_device_parameter(const Method& m) {
  for (const Parameter& p : m.parameters)
    if (is_device_parameter(p)) return true;
  return false;
}

// A declaration written with the enum (`HardwareClassification.X`, any X):
// the module must bind HardwareClassification, or importing it fails.
inline bool names_classification_enum(const Declaration& d) {
  return d.state != DeclarationState::Absent && d.value_text.rfind("HardwareClassification.", 0) == 0;
}

// Library modules whose star import cannot bind a name of the test suite's
// own (rules' [classification] star_without_enum, but star_with_enum): by
// dotted prefix, "typing" matching typing and typing.x, "torch." any torch
// module.
struct StarImports {
  std::vector<std::string> without, with;
  static bool matches(const std::string& module, const std::vector<std::string>& prefixes) {
    for (const std::string& p : prefixes)
      if (module == p || (module.rfind(p, 0) == 0 && (p.back() == '.' || module[p.size()] == '.'))) return true;
    return false;
  }
  bool may_bind(const std::string& module) const { return !matches(module, without) || matches(module, with); }
};

// Whether the module binds `name` at its top level: an import of it, a class
// of that name, or a star import, which may bring anything (from
// `star_module` only, when one is given; not from a library module `stars`
// says binds none of the suite's names: 2.6.0's test_custom_ops.py's `from
// typing import *` leaves HardwareClassification unbound).
inline bool module_binds(const FileFacts& file, std::string_view name, std::string_view star_module = {},
                         const StarImports* stars = nullptr) {
  for (const Import& imp : file.imports) {
    if (imp.name == "*" ? (star_module.empty() || imp.module == star_module) && (!stars || stars->may_bind(imp.module))
                        : imp.bound_name() == name)
      return true;
  }
  for (const ClassFact& cls : file.classes)
    if (cls.name == name) return true;
  return false;
}

// Upstream's instantiation link: the last statement-level
// instantiate_device_type_tests call whose first argument names the class;
// -1 when there is none.
inline int upstream_instantiation(const FileFacts& file, const std::string& class_name) {
  int link = -1;
  for (size_t i = 0; i < file.instantiations.size(); ++i) {
    const Instantiation& inst = file.instantiations[i];
    if (inst.kind == InstantiateKind::DeviceType && inst.statement_level && inst.target == class_name)
      link = static_cast<int>(i);
  }
  return link;
}

// The line where instantiate_parametrized_tests expands the class's
// @parametrize tests (a call naming it, or its class decorator); 0 when
// nothing does.
inline uint32_t parametrized_expansion_line(const FileFacts& file, const ClassFact& cls) {
  for (const Instantiation& inst : file.instantiations)
    if (inst.kind == InstantiateKind::Parametrized && inst.target == cls.name) return inst.line;
  for (const Decorator& d : cls.decorators)
    if (d.name == "instantiate_parametrized_tests") return d.line;
  return 0;
}

// Whether the module adds tests to the class at run time
// (`setattr(TestX, "test_" + name, f)`, `TestX.test_y = f`).
inline bool gets_tests_at_run_time(const FileFacts& file, std::string_view class_name) {
  return std::find(file.extended_classes.begin(), file.extended_classes.end(), class_name) !=
         file.extended_classes.end();
}

// The first name a declaration evaluates at import that the module never
// binds, or "": the head of its value (`HardwareClassification` of
// `HardwareClassification.GENERIC`, `common_utils` of a qualified one), and
// of its annotation, which a class body evaluates unless the module has
// `from __future__ import annotations`.
inline std::string unbound_declaration_name(const FileFacts& file, const Declaration& d,
                                            const StarImports* stars = nullptr) {
  if (d.state == DeclarationState::Absent) return "";
  auto head = [](const std::string& dotted) {
    size_t end = 0;
    while (end < dotted.size() && (std::isalnum(static_cast<unsigned char>(dotted[end])) || dotted[end] == '_')) ++end;
    return end < dotted.size() && dotted[end] != '.' ? std::string() : dotted.substr(0, end);
  };
  std::string value = head(d.value_text);
  if (!value.empty() && !module_binds(file, value, {}, stars)) return value;
  bool lazy_annotations = false;
  for (const Import& imp : file.imports) lazy_annotations |= imp.module == "__future__" && imp.name == "annotations";
  std::string annotation = head(d.annotation_text);
  if (!lazy_annotations && !annotation.empty() && !module_binds(file, annotation, {}, stars)) return annotation;
  return "";
}

// What the runtime filter reads from a declaration lint calls invalid: a
// qualified name whose head the module binds
// (`common_utils.HardwareClassification.CUDA` after `from
// torch.testing._internal import common_utils`, 2.6.0's seeded
// inductor/test_flex_attention.py) evaluates to its member, which the
// runtime then filters by; "" for every other invalid form. The caller
// checks the member is the enum's.
inline std::string runtime_member_of_invalid(const FileFacts& file, const Declaration& d,
                                             const StarImports* stars = nullptr) {
  if (d.state != DeclarationState::Invalid || d.reason != InvalidReason::QualifiedName) return "";
  return unbound_declaration_name(file, d, stars).empty() ? d.member : "";
}

// Why importing the module raises before any test is collected, read from
// its declarations (class bodies run at import): a member the enum lacks
// raises AttributeError (DEVICE_GENERIC too: it was renamed ACCELERATOR with
// no alias), a name the module never binds raises NameError. pytest then
// reports a collection error for the whole file.
struct ImportFailure {
  uint32_t line = 0;
  std::string why;
};

inline std::optional<ImportFailure> declaration_import_failure(const FileFacts& file,
                                                               const StarImports* stars = nullptr) {
  for (const ClassFact& cls : file.classes) {
    const Declaration& d = cls.declaration;
    const uint32_t line = d.location.line ? d.location.line : cls.line;
    if (std::string name = unbound_declaration_name(file, d, stars); !name.empty())
      return ImportFailure{line, "class " + cls.name + "'s hw_classification names " + name +
                                     ", which the file never imports or defines: importing it raises NameError"};
    if (names_classification_enum(d) &&
        (d.reason == InvalidReason::UnknownMember || d.reason == InvalidReason::AliasMember))
      return ImportFailure{line, "class " + cls.name + " declares " + d.value_text +
                                     ", which the enum lacks: importing the file raises AttributeError"};
  }
  return std::nullopt;
}

}  // namespace hwclass
