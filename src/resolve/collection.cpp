#include "resolve/collection.h"
#include "util/listed.h"

#include <algorithm>
#include <string>

namespace hwclass {
namespace {

// A base as written, qualified through the file's imports:
// `TestCase` after `from torch.testing._internal.common_utils import
// TestCase` is torch.testing._internal.common_utils.TestCase; `ut.TestCase`
// after `import unittest as ut` is unittest.TestCase. A name no import binds
// stays as written (a builtin, or a module-level assignment).
std::string qualified(const FileFacts& file, const std::string& base) {
  const size_t dot = base.find('.');
  const std::string head = base.substr(0, dot), rest = dot == std::string::npos ? "" : base.substr(dot);
  std::string out = base;
  for (const Import& imp : file.imports) {  // the last import binding the name wins, as at run time
    if (imp.name == "*" || imp.bound_name() != head) continue;
    if (!imp.name.empty()) out = imp.module + (imp.module.back() == '.' ? "" : ".") + imp.name + rest;
    else if (!imp.alias.empty()) out = imp.module + rest;
    else out = base;  // `import torch.testing` binds torch: the text is the full name
  }
  return out;
}

bool starts_with_any(const std::string& name, const std::vector<std::string>& prefixes) {
  for (const std::string& p : prefixes) {
    if (name == p) return true;
    // "enum." matches enum.Enum; "unittest.TestCase" does not match unittest.TestCaseX.
    if (!p.empty() && p.back() == '.' && name.rfind(p, 0) == 0) return true;
  }
  return false;
}

enum class Ancestry { TestCase, Plain, Unknown };

// Whether the class is a unittest.TestCase, from the bases resolve could
// not link, of every class in its MRO. `unknown` gets the first base that
// is neither known a TestCase nor known plain.
Ancestry ancestry(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, const Resolution& resolution,
                  const ResolvedClass& r, std::string& unknown) {
  Ancestry out = Ancestry::Plain;
  for (ClassRef ref : r.mro)
    for (const std::string& base : resolution.of(ref).unresolved_bases) {
      const std::string name = qualified(files[ref.file], base);
      if (starts_with_any(name, vocabulary.testcase_bases)) return Ancestry::TestCase;
      if (starts_with_any(name, vocabulary.plain_bases)) continue;
      if (out == Ancestry::Plain) unknown = base;
      out = Ancestry::Unknown;
    }
  return out;
}

bool defines_init(const std::vector<FileFacts>& files, const ResolvedClass& r) {
  for (ClassRef ref : r.mro)
    for (const Method& m : files[ref.file].classes[ref.cls].methods)
      if (m.name == "__init__") return true;
  return false;
}

// The module-level `del NAME` that removes the class from its module's
// namespace after it is defined, unconditionally; null when none does.
const ModuleBinding* deleted_after(const FileFacts& file, const ClassFact& cls) {
  for (const ModuleBinding& b : file.module_bindings)
    if (b.name == cls.name && b.line > cls.line && !b.conditional &&
        (b.deleted || b.literal != ModuleBinding::Literal::None))
      return &b;
  return nullptr;
}

// Whether decorator `d` is a call whose callee, qualified, is one of
// `callees`.
bool calls_one_of(const FileFacts& file, const Decorator& d, const std::vector<std::string>& callees) {
  const size_t paren = d.text.find('(');
  return paren != std::string::npos && listed(callees, qualified(file, d.text.substr(0, paren)));
}

// The class decorator that replaces the class by a function: a bare one
// ([collection] class_replacing), directly or through a module-level
// `NAME = functools.partial(F, ...)` bound once before the class, or a call
// of a factory of such decorators (class_replacing_calls); null when none
// does. Other decorators written as calls (`@unittest.skip("why")`) return
// a decorator that keeps the class.
const Decorator* replacing_decorator(const FileFacts& file, const ClassFact& cls, const Vocabulary& vocabulary) {
  for (const Decorator& d : cls.decorators) {
    if (d.text.find('(') != std::string::npos) {
      if (calls_one_of(file, d, vocabulary.class_replacing_calls)) return &d;
      continue;
    }
    std::string callee = d.text;
    const ModuleBinding* binding = nullptr;
    for (const ModuleBinding& b : file.module_bindings)
      if (b.name == d.text && b.line < cls.line) binding = b.conditional || b.deleted ? nullptr : &b;
    if (binding && !binding->partial_of.empty()) callee = binding->partial_of;
    else if (binding) continue;  // bound to something else
    if (listed(vocabulary.class_replacing, qualified(file, callee))) return &d;
  }
  return nullptr;
}

// The class decorator that hands the module a subclass of the class
// ([collection] class_subclassing_calls: `@config.patch(...)`); null when
// none does.
const Decorator* subclassing_decorator(const FileFacts& file, const ClassFact& cls, const Vocabulary& vocabulary) {
  for (const Decorator& d : cls.decorators)
    if (calls_one_of(file, d, vocabulary.class_subclassing_calls)) return &d;
  return nullptr;
}

}  // namespace

void decide_collection(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, Resolution& resolution) {
  for (size_t f = 0; f < files.size(); ++f)
    for (size_t c = 0; c < files[f].classes.size(); ++c) {
      ResolvedClass& r = resolution.classes[f][c];
      const ClassFact& cls = files[f].classes[c];
      if (const Decorator* d = subclassing_decorator(files[f], cls, vocabulary)) r.subclassed_by = d->text;
      if (const Decorator* d = replacing_decorator(files[f], cls, vocabulary)) {
        r.not_collected = "its decorator @" + d->text + " (line " + std::to_string(d->line) +
                          ") returns a function in its place, so its module holds no such class";
        continue;
      }
      if (r.instantiation >= 0) continue;  // instantiate_device_type_tests replaced it by its variants
      if (const ModuleBinding* b = deleted_after(files[f], cls)) {
        r.not_collected = "line " + std::to_string(b->line) + (b->deleted ? " deletes " : " rebinds ") + cls.name +
                          " at import, so its module holds no such class";
        continue;
      }
      std::string unknown;
      switch (ancestry(files, vocabulary, resolution, r, unknown)) {
        case Ancestry::TestCase: break;
        case Ancestry::Unknown: r.collection_unknown = unknown; break;
        case Ancestry::Plain:
          if (cls.name.rfind("Test", 0) != 0)
            r.not_collected = "no unittest.TestCase among its bases, and its name does not start with Test: "
                              "pytest collects neither";
          else if (defines_init(files, r))
            r.not_collected = "no unittest.TestCase among its bases, and it defines __init__: pytest collects no "
                              "such class";
          break;
      }
    }
}

}  // namespace hwclass
