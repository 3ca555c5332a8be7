// What resolution adds to the facts: links between classes across files,
// what each class inherits, and the device variants it runs as. Plain data,
// read by classify, lint and emit.
#pragma once

#include <algorithm>
#include <compare>
#include <optional>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "resolve/imported_devices.h"

namespace hwclass {

struct ClassRef {
  int file = -1;
  int cls = -1;
  bool valid() const { return file >= 0; }
  bool operator==(const ClassRef&) const = default;
  auto operator<=>(const ClassRef&) const = default;
};

struct TestRef {
  std::string name;
  ClassRef defined_in;  // the class whose body has the def
  int method = -1;      // index into that class's methods
};

struct DeviceVariant {
  std::string device;  // "cuda"
  std::string name;    // "TestFooCUDA"
};

// A file pytest runs a class from, and the variants it imports by name
// (test_quantization.py's `from ...test_float8 import TestFloat8DtypeCPU`:
// only these run there); `runs_as` is empty when it runs every variant
// (its own class, a star import).
struct RunningFile {
  std::string file;
  std::vector<std::string> runs_as;
  bool runs_variant(const std::string& name) const {
    return runs_as.empty() || std::find(runs_as.begin(), runs_as.end(), name) != runs_as.end();
  }
};

struct ResolvedClass {
  std::vector<ClassRef> bases;              // resolved direct bases, in order
  std::vector<std::string> unresolved_bases;
  std::vector<ClassRef> mro;                // the class, then its resolved ancestors (depth-first, left to right)
  ClassRef declared_in;                     // the nearest class in the MRO with a valid declaration
  std::vector<TestRef> tests;               // own tests, then inherited ones not overridden
  int instantiation = -1;                   // the upstream link: last statement-level call naming the class
  ClassRef instantiated_subclass;           // the first instantiated class (in file order) that inherits from it
  // Other scanned files that import the class by name or subclass it, in
  // file order: instantiating it in place would delete what they import.
  std::vector<int> importers;
  std::vector<DeviceVariant> variants;      // empty when not instantiated
  bool variants_exact = true;               // false when only_for/except_for are not literals
  // The files pytest runs it from, never empty. First the one that invokes
  // it (an aggregator parent, or its own file); then the other top-level test
  // files whose namespace binds it, where pytest collects it again
  // (test_jit_profiling.py's `from test_jit import *` runs test_jit.py's
  // classes, and those test_jit.py imports from jit/, under another executor).
  std::vector<RunningFile> running_files;
  const std::string& invoking_file() const { return running_files.front().file; }
  // `Base = NoTest` before the class, on one of its bases or an ancestor's:
  // pytest collects it only where that rebinding does not run.
  std::optional<NoTestRebinding> notest;
  std::string notest_file;
  // Why pytest does not collect the class as a test class where its module
  // runs (resolve/collection.h); "" when it does.
  std::string not_collected;
  // The class is kept, but its TestCase ancestry rests on a base resolve
  // cannot judge (named here, as written): "" when known.
  std::string collection_unknown;
  // The class decorator that hands its module a subclass of the class body
  // ([collection] class_subclassing_calls), as written; "" when none does.
  std::string subclassed_by;
  // The devices it needs, decided once in resolve/device_need.cpp (contract
  // 5.8): whether it runs in several processes (upstream marks its tests
  // `multigpu`), each test's need, parallel to `tests`, and the largest of
  // them, what a runner must have to run all of it.
  bool multi_process = false;
  std::vector<int64_t> test_min_devices;
  int64_t min_devices = 1;
};

struct Resolution {
  std::vector<std::vector<ResolvedClass>> classes;  // [file][class], parallel to the facts
  // [file][use], parallel to FileFacts::imported_uses.
  std::vector<std::vector<ImportedDevice>> imported_devices;
  const ResolvedClass& of(ClassRef r) const { return classes[r.file][r.cls]; }
};

}  // namespace hwclass
