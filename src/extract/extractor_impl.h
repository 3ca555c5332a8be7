// The extractor's internals, shared by the files that implement its parts:
// extractor.cpp (the upstream statement scan: classes, methods, parameters,
// decorators), declaration.cpp (hw_classification), instantiation.cpp
// (instantiate calls, device globals), imports.cpp, evidence.cpp (device
// evidence in every expression) and syntax_issues.cpp (error regions).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "extract/python_text.h"
#include "facts/facts.h"
#include "parse/grammar.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Where the walk is: which class and method own the code, and where the
// current node sits in Python's ast.walk order.
struct Scope {
  int class_index = -1;
  const Method* method = nullptr;
  uint32_t walk_statement = 0;
  uint32_t depth = 0;    // depth in Python's AST below the class-body statement
  uint32_t nesting = 0;  // syntax-tree levels walked, which bounds the recursion
  bool in_decorator = false;
  bool in_condition = false;
  bool skips_test = false;  // in the test of an if whose branch skips the test
  bool guarded = false;
  // Inside the condition of a skip decorator: +1 where a device check skips
  // the test when the device is there (`@skipIf(TEST_CUDA)`), -1 where it
  // skips when the device is missing (`not`, skipUnless); 0 elsewhere, and
  // inside comparisons, whose sense is not read.
  int skip_polarity = 0;
  // Inside a device value constructor (torch.device(...)) whose value is not
  // put where a device is allocated (see Extractor::makes_device_value).
  bool value_only = false;
  // Inside a def's body: it runs when called, not where it is defined.
  bool in_function = false;
};

class Extractor {
 public:
  Extractor(const TSTree* tree, std::string_view source, const Vocabulary& vocabulary, FileFacts& facts)
      : tree_(tree),
        source_(source),
        vocab_(vocabulary),
        g_(Grammar::get()),
        facts_(facts),
        cursor_(ts_tree_cursor_new(ts_tree_root_node(tree))) {}
  ~Extractor() { ts_tree_cursor_delete(&cursor_); }
  Extractor(const Extractor&) = delete;
  Extractor& operator=(const Extractor&) = delete;
  void run();
  void run_syntax_only();  // the syntax issues alone (fix's check of its output)

 private:
  // extractor.cpp: the statement scan upstream's linter performs.
  void scan_block(TSNode block);
  void scan_statement(TSNode statement);
  void scan_clause_bodies(TSNode clause);
  void scan_guarded_block(TSNode clause, TSNode block);
  void scan_class(TSNode class_node, TSNode decorated);
  void scan_class_statement(TSNode statement, size_t class_index, uint32_t statement_index);
  void note_host_gate(TSNode class_node, const Scope& scope);
  Method read_method(TSNode function, TSNode decorated) const;
  void read_parameters(TSNode parameters, Method& method) const;
  Decorator read_decorator(TSNode decorator) const;
  // device_count.cpp: counts of devices (facts.h DeviceCount).
  DeviceCount fold_count(TSNode expression) const;
  std::vector<DeviceCount> positional_counts(TSNode call) const;
  void read_world_size(TSNode statement, ClassFact& c) const;
  struct CountArms;  // device_count.cpp: what a world_size property can return
  void fold_arms(TSNode value, CountArms& arms) const;
  bool collect_returns(TSNode block, CountArms& arms) const;
  bool read_declaration(TSNode statement, Declaration& declaration) const;
  void read_instantiation(TSNode call, bool statement_level);
  void read_device_global(TSNode assignment, size_t sites_before);
  void read_notest_rebinding(TSNode assignment);
  void read_module_binding(TSNode statement);
  const ModuleBinding* literal_binding(std::string_view name) const;
  void read_module_function(TSNode function);
  // count_stamper.cpp: a decorator of the file's own that stamps a need.
  void read_count_stamper(TSNode function);
  void read_device_helper(TSNode function);
  // device_function.cpp: `def get_device(): return torch.device(DEVICE)`.
  void read_device_function(TSNode function);
  std::optional<DeviceName> device_value_of(TSNode expr, int depth = 0) const;
  TSNode device_call_argument(TSNode expr) const;
  void on_device_helper_call(TSNode call, std::string_view name, const Scope& scope);
  void read_import(TSNode statement);
  void note_device_module_alias(const Import& import);

  // evidence.cpp: every expression, for device evidence. walk() starts the
  // shared cursor at `node`; visit() and visit_children() expect it there.
  void walk(TSNode node, const Scope& scope);
  void visit(TSNode node, const Scope& scope);
  void visit_children(TSNode node, const Scope& scope);
  void on_call(TSNode call, const Scope& scope);
  void on_attribute_call(TSNode call, TSNode function, std::string_view name, TSNode args, const Scope& scope);
  void on_keyword_argument(TSNode keyword, const Scope& scope);
  void on_assignment(TSNode assignment, const Scope& scope);
  // PARENT is the identifier's parent when the walk knows it, else null:
  // ts_node_parent walks down from the root, and most identifiers never
  // need it.
  void on_identifier(TSNode identifier, TSNode parent, TSFieldId field, const Scope& scope);
  void note_imported_use(TSNode identifier, TSNode parent, std::string_view name, const Scope& scope);
  bool in_device_position(TSNode node, TSNode parent) const;
  void on_decorator(TSNode decorator, const Scope& scope);
  void note_self_ref(TSNode attribute, const Scope& scope);
  void note_super(TSNode call, const Scope& scope);
  bool flag_is_value(TSNode identifier, TSNode parent) const;
  void collect_device_strings(TSNode value, const Scope& scope, int depth = 0);
  bool makes_device_value(TSNode call) const;
  DeviceSite& add_site(SiteKind kind, DeviceName device, std::string text, TSNode node, const Scope& scope);
  std::string_view callee_name(TSNode function) const;  // last part of a name or dotted callee
  bool is_fstring(TSNode string) const;
  bool mentions_device(TSNode condition, int depth = 0) const;
  bool names_other_flag(TSNode node, const std::string& device, int depth = 0) const;
  bool names_device_choice(TSNode condition) const;
  bool opens_fake_mode(TSNode with_statement) const;
  // skip_branch.cpp: a branch that skips the test (`self.skipTest`, `raise SkipTest`).
  bool branch_skips_test(TSNode if_or_elif) const;
  bool block_skips_test(TSNode block) const;
  bool statement_skips_test(TSNode statement) const;
  int comparison_polarity(TSNode comparison, int polarity) const;  // the skip polarity inside `X is [not] None`  // a flag or device API in a test

  // syntax_issues.cpp
  void collect_syntax_issues();

  Location location(TSNode node) const;
  std::string_view text(TSNode node) const { return node_text(node, source_); }

  const TSTree* tree_;
  std::string_view source_;
  const Vocabulary& vocab_;
  const Grammar& g_;
  FileFacts& facts_;
  // One cursor for every expression walk: a cursor per node would allocate
  // its stack millions of times.
  TSTreeCursor cursor_;
  uint32_t statement_call_byte_ = UINT32_MAX;
  bool nesting_noted_ = false;  // start of the instantiate call read as a statement
  // What the module-level statement being scanned runs under: the `try:`
  // whose body holds it, and the `if` condition guarding it.
  uint32_t try_line_ = 0;
  struct Guard {
    bool guarded = false;   // under any compound statement's clause but a try body or with
    bool known = true;      // the guard is one `if` condition, read as written
    std::string condition;
    uint32_t line = 0;      // the clause's first line
  } guard_;
  // guard_ as the fact model keeps it (facts.h ModuleGate).
  ModuleGate module_gate() const;
  // Where a name read sits (facts.h NameRead): the top-level statement's
  // end, the module-level function being walked. Every identifier read is
  // kept until the walk ends, then only those of the module's own classes
  // and functions.
  struct RawRead {
    std::string_view name, function;
    uint32_t line, statement_end;
    bool run_time;
  };
  void note_read(TSNode identifier, TSFieldId field, const Scope& scope);
  void keep_own_reads();
  uint32_t statement_depth_ = 0;
  uint32_t top_statement_end_ = 0;
  std::string_view module_function_;
  std::vector<RawRead> raw_reads_;
  std::vector<std::string_view> module_functions_;
  // Module-level functions that call a [collection] module_loaders name,
  // and the module-level calls of them with a literal module name (loads).
  std::vector<std::string_view> loader_functions_;
  void note_load(TSNode call, std::string_view name, const Scope& scope);
  // Module-level functions whose device parameter defaults to one
  // accelerator (read_device_helper): name -> that parameter and device.
  struct DeviceHelper {
    DeviceName device;
    std::string parameter;
    int position = -1;  // among the positional parameters; -1 when keyword-only
    std::string shown;  // `T(device=DEVICE)`
  };
  NameMap<DeviceHelper> device_helpers_;
  // Names bound by imports of a device's API module: name -> (module path, device).
  NameMap<std::pair<std::string, std::string>> device_module_aliases_;
  // Names a from-import binds (`from m import n as a`: a), as the scan has
  // met them: note_imported_use asks of every identifier in a class.
  NameMap<bool> from_imported_;
};

bool starts_with(std::string_view text, std::string_view prefix);

}  // namespace hwclass
