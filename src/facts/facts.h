// The fact model: what the scanner knows about one Python test file.
//
// Plain data, filled once by the extractor in a single walk of the syntax
// tree and only read afterwards: resolve, classify, lint and emit never look
// at the tree or the source again. Lines are 1-based; columns are 1-based
// code points; byte offsets are 0-based and half-open.
//
// Every struct compares field by field (a defaulted operator==), so a test
// can check that the cache gives back exactly what it was given: a field the
// encoder forgets then fails the comparison instead of passing unnoticed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hwclass {

inline constexpr int kFactsSchemaVersion = 21;

struct Location {
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t start_byte = 0;
  uint32_t end_byte = 0;
  bool operator==(const Location&) const = default;
};

// A whole number the code gives for a device count: `skip_if_lt_x_gpu(2)`'s
// argument, a class's `world_size`. Folded without running anything:
// integer literals (a leading minus kept), min()/max() of foldable terms,
// and a call of `device_count()` read as 0, the count where no device is
// (what the 2.6.0 runtime's CPU build reports): a size that adapts to the
// runner asks for none of its own. Anything else is Unknown, with its text.
struct DeviceCount {
  enum class State : uint8_t { Absent, Known, Unknown };
  State state = State::Absent;
  int64_t value = 0;  // Known only
  std::string text;   // the expression as written, whitespace folded
  bool operator==(const DeviceCount&) const = default;
};

// A module-level function of the file that stamps a device need on the
// function it decorates, as upstream's conftest reads it (contract 5.8):
// `fn._min_gpus_required = 4` ([device_count] stamp_attributes) anywhere in
// its body. The count is `count` (a literal, or a name the file or the
// rules bind), or, for a decorator factory, the factory's positional
// parameter at `argument` (from 1; 0: not a parameter), as in
// `def needs(n): ... fn._min_gpus_required = n`.
struct CountStamper {
  std::string name;
  DeviceCount count;
  uint32_t argument = 0;
  uint32_t line = 0;
  bool operator==(const CountStamper&) const = default;
};

// The module-level clause a statement runs under, when it may not run at
// import: `if TEST_Z3:` around a class, `if "cutlass" in BACKENDS:` around
// an instantiate call. Python defines the class (makes the variants) only
// where the condition holds, so what pytest collects depends on it. A `try:`
// body or a `with` is no gate (it runs).
struct ModuleGate {
  bool gated = false;   // under an if/elif/else/for/while/except clause at module level
  bool known = true;    // one `if` condition, read as written; false under else, elif, loops, except, nesting
  std::string condition;  // the `if` condition, whitespace folded; "" when not known
  uint32_t line = 0;      // the clause's first line
  bool operator==(const ModuleGate&) const = default;
};

// A decorator as written: `@x`, `@a.x`, `@x(...)`, `@a.x(...)`.
struct Decorator {
  std::string name;  // as upstream reads it: the last dotted part of the callee
  std::string text;  // the expression after '@', whitespace folded
  uint32_t line = 0;
  // The leading positional arguments folded as counts, up to the first
  // keyword or splat: a count may be any of them
  // (nccl_skip_if_lt_x_gpu(backend, n)); empty when none.
  std::vector<DeviceCount> count_arguments;
  uint32_t column = 0;  // of its '@', where a finding about it points
  bool operator==(const Decorator&) const = default;
};

enum class ParamKind { PositionalOnly, Regular, KeywordOnly, VarArgs, VarKwargs };

struct Parameter {
  std::string name;
  ParamKind kind = ParamKind::Regular;
  bool has_default = false;  // `device="mps"`: the test picks its own device
  bool operator==(const Parameter&) const = default;
};

struct Method {
  std::string name;
  uint32_t line = 0;  // the `def` line (the `async` line for `async def`)
  uint32_t column = 0;  // of that `def` (or `async`), where a finding about the method points
  bool is_async = false;
  bool is_test = false;  // the name starts with "test", as upstream decides
  std::vector<Parameter> parameters;
  std::vector<Decorator> decorators;
  uint32_t self_end_byte = 0;  // just after a first parameter named `self` (where `device` goes); 0 if none
  // The whole definition, decorators included: what `fix --split` moves.
  uint32_t start_byte = 0, end_byte = 0;
  // Where its body starts: code before it (a parameter's default) runs when
  // the class is defined, not when the test does.
  uint32_t body_start_byte = 0;
  // Attributes of `self`/`cls` its body reads (`self._helper(...)`,
  // `fn=self._check`), in first-use order, each once: which helper methods a
  // test reaches, so a helper's device code counts only for its callers.
  std::vector<std::string> self_refs;
  // The first line calling `super()` with no arguments, or `super(C, ...)`
  // naming its own class C; 0 when none. instantiate_device_type_tests's
  // variants copy the method but do not derive from C, so that call raises
  // TypeError in them (collecting test_expanded_weights.py's migrated
  // ContextManagerTests, whose __init__ calls super().__init__()).
  uint32_t super_line = 0;
  bool operator==(const Method&) const = default;
};

enum class DeclarationState { Absent, Valid, Invalid };

enum class InvalidReason {
  None,
  StringValue,             // hw_classification = a string naming a member
  QualifiedName,           // common_utils.HardwareClassification.GENERIC
  UnknownMember,           // HardwareClassification.SOMETHING
  AliasMember,             // HardwareClassification.DEVICE_GENERIC (an old name)
  AnnotationWithoutValue,  // hw_classification: HardwareClassification
  WrongAnnotation,         // hw_classification: str = HardwareClassification.X
  OtherExpression,         // anything else
};

// The first statement in a class body that assigns `hw_classification`.
struct Declaration {
  DeclarationState state = DeclarationState::Absent;
  std::string member;       // member name as written (valid, unknown or alias)
  std::string alias_of;     // for AliasMember: the member it stands for now
  InvalidReason reason = InvalidReason::None;
  bool annotated = false;
  std::string value_text;   // the right-hand side, whitespace folded
  std::string annotation_text;  // the annotation, whitespace folded ("" when none)
  Location location;        // the assignment statement
  bool operator==(const Declaration&) const = default;
};

struct ClassFact {
  std::string name;
  uint32_t line = 0;              // the `class` keyword line
  uint32_t column = 0;            // of the `class` keyword, where a finding about the class points
  std::vector<std::string> bases;  // dotted text of positional bases
  std::vector<Decorator> decorators;
  uint32_t body_start_byte = 0;
  uint32_t body_end_byte = 0;
  uint32_t docstring_end_byte = 0;  // end of the class docstring statement, 0 when it has none
  bool is_test_class = false;  // own body has a def/async def named test*
  bool damaged = false;        // a syntax-error region touches its header or direct body
  Declaration declaration;
  std::vector<Method> methods;  // direct defs of the body, in source order
  // `world_size = N` / `world_size: int = N` in the body, or a `def
  // world_size(self)` (a property) whose body returns one expression; the
  // last in the body, as Python binds it. Absent when the body has neither, or returns
  // `super().world_size` (it inherits). How many processes, one device each,
  // a multi-process class starts (contract 5.8).
  DeviceCount world_size;
  ModuleGate gate;  // the module-level condition its definition runs under
  // Names bound in the body by an assignment that start with "test"
  // (`test_ns = "_test_bisector"`), with their lines: instantiate_device_type_tests
  // takes every test* member for a test and raises TypeError on one that is
  // not callable.
  std::vector<std::pair<std::string, uint32_t>> test_named_values;
  bool operator==(const ClassFact&) const = default;
};

// only_for / except_for as upstream parses them.
struct DeviceList {
  enum class State { Absent, Literal, Unknown };
  State state = State::Absent;
  std::vector<std::string> values;
  std::string text;  // source text when Unknown
  bool operator==(const DeviceList&) const = default;
};

enum class Tristate { Absent, True, False, Unknown };

enum class InstantiateKind { DeviceType, Parametrized };

struct Instantiation {
  InstantiateKind kind = InstantiateKind::DeviceType;
  std::string target;       // the first positional argument when it is a bare name
  std::string target_text;  // that argument as written (also when not a name)
  uint32_t line = 0;
  uint32_t column = 0;      // where the call starts
  bool statement_level = true;  // an expression statement the upstream scan sees
  bool attribute_form = false;  // called as x.instantiate_device_type_tests(...)
  DeviceList only_for;
  DeviceList except_for;
  // The other keyword arguments, read as flags (allow_mps=True, include_lazy=x),
  // in source order; which of them opt a device in is data ([instantiate] opt_in).
  std::vector<std::pair<std::string, Tristate>> keyword_flags;
  ModuleGate gate;  // the module-level condition the call runs under

  Tristate flag(std::string_view keyword) const {
    for (const auto& [name, value] : keyword_flags)
      if (name == keyword) return value;
    return Tristate::Absent;
  }
  bool operator==(const Instantiation&) const = default;
};

// What a piece of code says about its device: one device key from rules/
// ("cuda", "gpu", "accelerator"), or, when it names none, why not.
enum class DeviceNaming : uint8_t {
  One,      // `key` is the device
  Unknown,  // a device-restricting decorator that does not say which (@onlyOn(x))
  Several,  // more than one (@onlyNativeDeviceTypes, @onlyOn(["cuda", "xpu"]))
  RunTime,  // chosen when the test runs: `"cuda" if TEST_CUDA else "cpu"`
};

struct DeviceName {
  DeviceNaming naming = DeviceNaming::Unknown;
  std::string key;  // DeviceNaming::One only

  static DeviceName one(std::string key) { return DeviceName{DeviceNaming::One, std::move(key)}; }
  static DeviceName of(DeviceNaming naming) { return DeviceName{naming, {}}; }
  bool names_one() const { return naming == DeviceNaming::One; }
  bool is(std::string_view device) const { return naming == DeviceNaming::One && key == device; }
  // What a name bound to this or to OTHER stands for (two branches, two
  // bindings): this when they agree, a run-time choice otherwise.
  DeviceName either(const DeviceName& other) const { return *this == other ? *this : of(DeviceNaming::RunTime); }
  // The key, or the word the output formats use for the others.
  std::string label() const;
  bool operator==(const DeviceName&) const = default;
};

enum class SiteKind {
  DeviceString,     // "cuda" in a device position
  TensorMethod,     // x.cuda()
  AcceleratorApi,   // torch.cuda.synchronize(), torch.accelerator.current_accelerator()
  OnlyDecorator,    // @onlyCUDA, @onlyOn("cuda")
  DeviceDecorator,  // @skipCUDAIf, @dtypesIfCUDA, @expectedFailureMPS, @requires_cuda
  DeviceFlag,       // TEST_CUDA, HAS_GPU, GPU_TYPE in code
  DeviceGlobal,     // module level: device_type = "cuda"
  DeviceGlobalUse,  // a use of such a global inside a class
};

enum class DecoratorRole { None, Only, Skip, Xfail, Dtypes, Requires };

inline constexpr uint32_t kOutsideClassBody = UINT32_MAX;

struct DeviceSite {
  SiteKind kind = SiteKind::DeviceString;
  DeviceName device;
  std::string text;     // the matched code; for AcceleratorApi the canonical callee text + "()"
  Location location;
  int class_index = -1;  // index into FileFacts::classes, -1 at module level
  std::string method;    // enclosing method of that class, "" for class-level code
  DecoratorRole role = DecoratorRole::None;
  bool in_decorator = false;  // inside a decorator expression
  bool in_condition = false;  // inside an if/while/assert test
  // In the test of an `if` whose branch skips the test (`self.skipTest(...)`,
  // `raise unittest.SkipTest`): the test guards itself, as upstream's runtime
  // skip does. A check whose branch runs device code, or returns and so
  // passes, leaves the test running on a CPU (contract 14).
  bool skips_test = false;
  bool guarded = false;       // in a branch of an if/while/conditional expression whose test checks a device
  bool skip_when_present = false;  // in a skip condition that skips where the device is: @skipIf(TEST_CUDA)
  bool value_only = false;  // names a device only as a value: `meta["device"] = torch.device("cuda")`
  // An API call through a name an import bound to a device module
  // (`gpu_trace.x()` after `import torch.cuda._gpu_trace as gpu_trace`); its
  // text is spelt from the module. Upstream's text match does not see these.
  bool via_alias = false;
  bool bare_call = false;  // a call with an empty argument list: `x.cuda()`, not `x.cuda(0)`
  // A DeviceGlobalUse where a device goes (`device=DEVICE`, `.to(DEVICE)`,
  // `torch.device(DEVICE)`): the test's `device` can stand in for it there.
  bool device_position = false;
  // The device part is in an inner call, itself a site: the outer call of
  // `torch.cuda.current_stream().synchronize()`. Upstream's text match
  // reports both; as hardcoded code it is one.
  bool chained = false;
  // Breadth-first position inside the enclosing class-body statement, as
  // Python's ast.walk visits it: (statement, depth, source order).
  // kOutsideClassBody for code of the class that its body does not hold (bases).
  uint32_t walk_statement = 0;
  uint32_t walk_depth = 0;
  bool operator==(const DeviceSite&) const = default;
};

// A module-level import the statement scan sees. `from m import n as a`:
// {m, n, a}; `from m import *`: {m, "*", ""}; `import m.x as a`: {m.x, "", a};
// `import m.x`: {m.x, "", ""} (binds `m`). Relative modules keep their dots.
struct Import {
  std::string module;
  std::string name;
  std::string alias;
  uint32_t line = 0;
  uint32_t start_byte = 0, end_byte = 0;  // the whole import statement
  // The line of the `try:` whose body holds the import, 0 outside one: an
  // ImportError there skips the rest of that body, not the module.
  uint32_t try_line = 0;
  // The name this import binds in the module's namespace.
  std::string bound_name() const {
    if (!alias.empty()) return alias;
    if (!name.empty()) return name;
    return module.substr(0, module.find('.'));
  }
  bool operator==(const Import&) const = default;
};

struct DeviceGlobal {
  std::string name;
  DeviceName device;  // one device, or RunTime
  uint32_t line = 0;
  // `def get_device(): return torch.device(DEVICE)`: a function of no
  // parameters whose one statement returns a device; its call is the device
  // (a vendor's helper module, issue 29), the name alone is not.
  bool function = false;
  // Such a function's return of a name an import binds (`return DEVICE`
  // after `from config import DEVICE`): the device is that module's to say
  // (resolve/imported_devices.cpp), and `device` is Unknown here.
  std::string returns;
  bool operator==(const DeviceGlobal&) const = default;
};

// `JitTestCase = NoTest` at module level (test/jit/test_cuda.py's
// `if not TEST_CUDA:`): NoTest sets __test__ = False, so pytest collects no
// class defined on that base after it while the condition holds.
struct NoTestRebinding {
  std::string name;       // the base name rebound
  std::string condition;  // the enclosing `if` condition as written; "" when unconditional
  bool known_condition = true;  // false under else/except/loops, whose condition is not read
  uint32_t line = 0;
  bool operator==(const NoTestRebinding&) const = default;
};

// A module-level statement that binds or unbinds a name: `X = value` or
// `del X` (a class deleted after use as a base, test_ordered_set.py's
// `del TestBasicOps`; a device list bound once, `devices = ("cuda", "hpu")`).
// What the module's namespace holds after import, for resolve and select.
struct ModuleBinding {
  enum class Literal : uint8_t { None, Strings, True, False };
  std::string name;
  uint32_t line = 0;
  bool deleted = false;      // `del X`
  bool conditional = false;  // under an if/for/while/try clause: may not run
  Literal literal = Literal::None;  // the value, when a literal string, tuple/list of strings, or bool
  std::vector<std::string> values;  // Literal::Strings
  // The value folded as a device count (`WORLD_SIZE = min(4, max(2,
  // torch.cuda.device_count()))` is 2), for a world_size that names it;
  // Absent when it is none.
  DeviceCount count;
  // `functools.partial(F, ...)` or `partial(F, ...)`: F as written (a name or
  // dotted name), so `@X` calls F with the class last (torch_np's `skip =
  // functools.partial(skipif, True)`, which replaces the class it decorates).
  std::string partial_of;
  bool operator==(const ModuleBinding&) const = default;
};

// A read of a name the module itself defines (a class or a module-level
// function), and when it runs: at import, in the top-level statement ending
// at `statement_end`; inside the body of module-level function `function`
// (it runs where that function is called); or when a test runs (a method
// body). instantiate_device_type_tests deletes its template from the
// module's globals, so `fix` puts its call after every import-time read and
// leaves a template read when a test runs (issue 30).
struct NameRead {
  std::string name;
  std::string function;        // the module-level function holding it, "" elsewhere
  uint32_t line = 0;
  uint32_t statement_end = 0;  // end byte of the top-level statement holding it
  bool run_time = false;       // in a def's body (a method's, a nested class's), not its decorators
  bool operator==(const NameRead&) const = default;
};

enum class IssueSeverity { Note, Warning, Error };

// Something about the file that limits what the facts can say.
struct FileIssue {
  IssueSeverity severity = IssueSeverity::Error;
  std::string code;     // read-error, not-utf8, bad-encoding, nul-byte, too-large, empty, syntax-error, grammar-gap,
                        // encoding-gap (CPython reads an encoding iconv does not),
                        // python-syntax-error (CPython's message, with --python-check)
  std::string message;  // one line
  uint32_t line = 0;    // 0 when the issue has no line
  uint32_t column = 0;
  bool scan_level = false;  // an error region among module-scan or class-body statements

  // The file is not valid Python (upstream's [parse_error]).
  bool is_syntax_error() const {
    return code == "syntax-error" || code == "python-syntax-error" || code == "not-utf8" || code == "bad-encoding" ||
           code == "nul-byte";
  }
  bool operator==(const FileIssue&) const = default;
};

// A statement of the module's own block, with, for a class, where its
// header ends and its body's statements. fix checks the statements its edits
// touch, not the whole file (fix/check_units.h): a module-level statement
// parses and compiles in no other statement's context, and a class-body
// statement in its class header's alone.
struct TopStatement {
  uint32_t start_byte = 0, end_byte = 0;
  uint32_t header_end_byte = 0;  // a class's: just past its header's ':'; 0 for any other statement
  std::vector<std::pair<uint32_t, uint32_t>> body;  // a class's body statements, [start, end) bytes
  bool future_import = false;    // `from __future__ import ...`, which must come first
  bool operator==(const TopStatement&) const = default;
};

struct FileFacts {
  std::string path;           // as given or discovered, for display
  std::string relative_path;  // repo-relative, '/'-separated
  bool is_test_file = false;  // upstream's test-file patterns (v8)
  bool is_test_file_v7 = false;
  bool readable = false;
  uint64_t size_bytes = 0;
  uint64_t content_hash = 0;  // XXH3 64 of the file's bytes: a later write checks the file is unchanged
  // The encoding a PEP 263 coding cookie declares when it is not UTF-8
  // ("iso-8859-1"), "" for UTF-8: the text was decoded to UTF-8 before it
  // was parsed, so byte offsets count in the decoded text, not the file.
  std::string encoding;
  std::vector<FileIssue> issues;
  std::vector<ClassFact> classes;  // found by upstream's statement scan, in scan order
  std::vector<Instantiation> instantiations;
  bool calls_run_tests = false;
  // Classes that get members at run time: `setattr(TestX, "test_" + name, f)`
  // or `TestX.test_y = f`, anywhere in the module, in source order.
  std::vector<std::string> extended_classes;
  // `copy_tests(Template, TestX, "cpu")` ([classify] test_copiers) with
  // both named by a plain name: (template, target), in source order. The
  // copies carry the template tests' decorators (their __dict__).
  std::vector<std::pair<std::string, std::string>> test_copies;
  // Reads of the module's own classes and functions, in source order, and
  // where the first top-level `if __name__ == ...:` starts (0 when none):
  // module-level code after it does not run under pytest.
  std::vector<NameRead> name_reads;
  uint32_t main_guard_byte = 0;
  // The first `globals()[...] = ...` outside a class body (2.6.0's
  // dynamo/test_dynamic_shapes.py: `globals()[test_class.__name__] =
  // test_class` for each class a helper copies at import); 0 when none. The
  // module then holds classes no class statement defines, which select
  // cannot list.
  uint32_t globals_write_line = 0;
  // The first module-level statement that skips the whole module under a
  // condition (2.6.0's inductor/test_triton_heuristics.py raises
  // unittest.SkipTest in `except ImportError:` when triton is missing);
  // 0 when none. Where it runs, pytest collects the module as skipped, and
  // nothing after it runs.
  uint32_t module_skip_line = 0;
  std::vector<Import> imports;
  // Modules loaded at import by a call, not an import statement: a
  // module-level function that calls a [collection] module_loaders name
  // (2.6.0's inductor/test_compiled_autograd.py: `load_test_module(name)`
  // runs `SourceFileLoader(name, ...).load_module()`), called outside any
  // def with a literal module name, `test_autograd =
  // load_test_module("test_autograd")`. `module` is that name, from test/
  // as the helper joins it; `name` and `alias` are empty. The loaded
  // module's import failure is this module's.
  std::vector<Import> loads;
  std::vector<DeviceGlobal> device_globals;
  std::vector<NoTestRebinding> notest_rebindings;
  std::vector<ModuleBinding> module_bindings;  // in source order
  std::vector<CountStamper> count_stampers;    // in source order
  // Module-level `def test*` functions: pytest collects them, but they have
  // no class to declare a classification, so no --hw-classification run has them.
  std::vector<std::pair<std::string, uint32_t>> module_tests;  // name, line
  std::vector<DeviceSite> sites;  // in source order
  // Reads inside classes of names a from-import binds, where a device goes
  // (`device=DEVICE`, `.to(get_device())`) or spelled as a device variable:
  // DeviceGlobalUse sites whose device (Unknown here) the imported module
  // decides (resolve/imported_devices.h). Not in `sites`: lint's rules see
  // only what this file spells.
  std::vector<DeviceSite> imported_uses;
  std::vector<std::string> owners;  // `# Owner(s): [...]` labels (report --by owner)
  std::vector<TopStatement> statements;  // the module's block, in source order

  bool has_syntax_error() const {
    for (const auto& i : issues)
      if (i.is_syntax_error()) return true;
    return false;
  }
  bool operator==(const FileFacts&) const = default;
};

const char* to_string(ParamKind);
const char* to_string(DeclarationState);
const char* to_string(InvalidReason);
const char* to_string(DeviceList::State);
const char* to_string(Tristate);
const char* to_string(InstantiateKind);
const char* to_string(SiteKind);
const char* to_string(DecoratorRole);
const char* to_string(IssueSeverity);

}  // namespace hwclass
