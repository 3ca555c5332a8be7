// Device evidence: every place in the code that names a device, matched by
// hand during the one walk (queries would cost ~9x; performance.md).
#include <algorithm>

#include "extract/extractor_impl.h"
#include "vocab/runner_condition.h"

namespace hwclass {
namespace {

// Node kinds that are not nodes of Python's own AST, so they do not add a
// level to ast.walk's breadth-first order.
bool adds_ast_level(NodeKind kind) {
  switch (kind) {
    case NodeKind::Block:
    case NodeKind::ArgumentList:
    case NodeKind::ParenthesizedExpression:
    case NodeKind::Decorator:
    case NodeKind::ElseClause:
    case NodeKind::FinallyClause:
    case NodeKind::WithClause:
    case NodeKind::Pair:
    case NodeKind::Type:
    case NodeKind::DefaultParameter:
    case NodeKind::TypedDefaultParameter:
    case NodeKind::Error:
      return false;
    default:
      return true;
  }
}

// Deep nesting (long operator chains, thousands of parentheses) must not
// exhaust the stack; code nested deeper than this holds no evidence we read.
constexpr uint32_t kMaxEvidenceDepth = 1000;

}  // namespace

bool Extractor::mentions_device(TSNode node, int depth) const {
  if (ts::is_null(node) || depth > 50) return false;
  NodeKind kind = g_.kind(node);
  if (kind == NodeKind::Identifier) {
    std::string_view name = text(node);
    return vocab_.flag_device(name) || vocab_.api_module_device(name);
  }
  if (kind == NodeKind::Attribute && vocab_.flag_device(text(node))) return true;  // torch.version.hip
  uint32_t count = ts::named_child_count(node);
  for (uint32_t i = 0; i < count; ++i)
    if (mentions_device(ts::named_child(node, i), depth + 1)) return true;
  return false;
}

// A condition that is a device choice by name (`if cuda:`, `if use_cuda:`,
// `if self.on_gpu:`, `if x.is_cuda:`): a branch taken where that device is
// used, as a device check is. The name, less a use_/is_/on_ prefix, is a
// device table's key.
bool Extractor::names_device_choice(TSNode condition) const {
  NodeKind kind = g_.kind(condition);
  // `if "cuda" in self._testMethodName:` (functorch/test_dims.py's setUp):
  // a comparison with a device's name chooses by device too.
  if (kind == NodeKind::ComparisonOperator) {
    for (uint32_t i = 0; i < ts::named_child_count(condition); ++i) {
      TSNode operand = ts::named_child(condition, i);
      if (g_.kind(operand) != NodeKind::String) continue;
      auto lit = string_literal(operand, source_);
      if (!lit || lit->is_bytes || lit->is_fstring) continue;
      auto device = vocab_.device_of_string(lit->value);
      const DeviceInfo* d = device ? vocab_.device(*device) : nullptr;
      if (d && (d->kind == DeviceKind::Accelerator || d->kind == DeviceKind::AcceleratorGroup)) return true;
    }
    return false;
  }
  TSNode name = kind == NodeKind::Attribute ? ts::child_by_field_id(condition, g_.f_attribute) : condition;
  if (g_.kind(name) != NodeKind::Identifier) return false;
  std::string_view text_of = text(name);
  for (std::string_view prefix : {"use_", "is_", "on_"})
    if (text_of.rfind(prefix, 0) == 0) text_of.remove_prefix(prefix.size());
  const DeviceInfo* d = vocab_.device(text_of);
  return d && (d->kind == DeviceKind::Accelerator || d->kind == DeviceKind::AcceleratorGroup);
}

// Whether a with statement enters one of the rules' fake-device contexts
// (`with FakeTensorMode():`, `with FakeTensorMode() as mode:`).
bool Extractor::opens_fake_mode(TSNode with_statement) const {
  const auto& contexts = vocab_.fake_device_contexts;
  TSNode clause = ts::named_child(with_statement, 0);
  if (contexts.empty() || g_.kind(clause) != NodeKind::WithClause) return false;
  for (uint32_t i = 0; i < ts::named_child_count(clause); ++i) {
    TSNode value = ts::child_by_field_id(ts::named_child(clause, i), g_.f_value);
    if (ts::type(value) == std::string_view("as_pattern")) value = ts::named_child(value, 0);
    if (g_.kind(value) != NodeKind::Call) continue;
    std::string_view callee = callee_name(ts::child_by_field_id(value, g_.f_function));
    if (std::find(contexts.begin(), contexts.end(), callee) != contexts.end()) return true;
  }
  return false;
}

bool Extractor::is_fstring(TSNode string) const {
  if (ts::child_count(string) == 0) return false;
  std::string_view prefix = text(ts::child(string, 0));  // string_start: the prefix and the quotes
  return prefix.find_first_of("fF") != std::string_view::npos;
}

std::string_view Extractor::callee_name(TSNode function) const {
  switch (g_.kind(function)) {
    case NodeKind::Identifier: return text(function);
    case NodeKind::Attribute: return text(ts::child_by_field_id(function, g_.f_attribute));
    default: return {};
  }
}

DeviceSite& Extractor::add_site(SiteKind kind, DeviceName device, std::string site_text, TSNode node,
                                const Scope& scope) {
  DeviceSite& site = facts_.sites.emplace_back();
  site.kind = kind;
  site.device = std::move(device);
  site.text = std::move(site_text);
  site.location = location(node);
  site.class_index = scope.class_index;
  if (scope.method) site.method = scope.method->name;
  site.in_decorator = scope.in_decorator;
  site.in_condition = scope.in_condition;
  site.skips_test = scope.skips_test;
  site.guarded = scope.guarded;
  // An absence flag (amp_definitely_not_available) holds where its device
  // is missing: a skip on it skips there, as `skipIf(not TEST_CUDA)` does.
  const bool absence = kind == SiteKind::DeviceFlag && vocab_.is_absence_flag(site.text);
  site.skip_when_present = absence ? scope.skip_polarity < 0 : scope.skip_polarity > 0;
  site.value_only = scope.value_only;
  site.walk_statement = scope.walk_statement;
  site.walk_depth = scope.depth;
  return site;
}

void Extractor::walk(TSNode node, const Scope& scope) {
  if (ts::is_null(node)) return;  // a cursor cannot stand on a null node
  ts_tree_cursor_reset(&cursor_, node);
  visit(node, scope);
}

void Extractor::visit(TSNode node, const Scope& scope) {
  switch (g_.kind(node)) {
    case NodeKind::ImportStatement:
    case NodeKind::ImportFromStatement:
    case NodeKind::FutureImportStatement:
    case NodeKind::Comment:
      return;
    case NodeKind::String:
      // Only an f-string's interpolations hold code (ast's FormattedValue):
      // f"cuda:{torch.cuda.device_count() - 1}" calls the CUDA API.
      if (is_fstring(node)) visit_children(node, scope);
      return;
    case NodeKind::Identifier:
      on_identifier(node, TSNode{}, 0, scope);
      return;
    case NodeKind::Call:
      on_call(node, scope);
      break;
    case NodeKind::KeywordArgument:
      on_keyword_argument(node, scope);
      break;
    case NodeKind::Attribute:
      if (scope.method) note_self_ref(node, scope);
      // A flag spelt as a dotted name (`torch.version.hip`, set on ROCm
      // builds alone): read as a flag name is.
      if (const std::string* device = vocab_.flag_device(text(node))) {
        DeviceSite& site = add_site(SiteKind::DeviceFlag, DeviceName::one(*device), std::string(text(node)), node, scope);
        if (!scope.in_condition && !scope.in_decorator && flag_is_value(node, TSNode{})) site.value_only = true;
        return;
      }
      break;
    case NodeKind::Assignment:
      on_assignment(node, scope);
      break;
    case NodeKind::Decorator: {
      on_decorator(node, scope);
      Scope inner = scope;
      inner.in_decorator = true;
      TSNode expression = ts::named_child(node, 0);
      if (g_.kind(expression) == NodeKind::Call) {
        std::string_view callee = callee_name(ts::child_by_field_id(expression, g_.f_function));
        inner.skip_polarity = vocab_.skip_polarity(callee);
        // @skipCUDAIf(not SM80OrLater): the condition is read on CUDA alone,
        // so its flags need nothing elsewhere (test_pattern_matcher.py).
        const DecoratorInfo* info = vocab_.decorator(callee);
        if (info && info->role == DecoratorRole::Skip) inner.value_only = true;
      }
      visit_children(node, inner);
      return;
    }
    case NodeKind::AssertStatement: {
      Scope inner = scope;
      inner.in_condition = true;
      visit_children(node, inner);
      return;
    }
    case NodeKind::NotOperator: {
      Scope inner = scope;
      inner.skip_polarity = -scope.skip_polarity;
      visit_children(node, inner);
      return;
    }
    case NodeKind::ComparisonOperator: {
      Scope inner = scope;
      inner.skip_polarity = comparison_polarity(node, scope.skip_polarity);
      visit_children(node, inner);
      return;
    }
    case NodeKind::DefaultParameter:
    case NodeKind::TypedDefaultParameter:
      // `def test_x(self, device="mps")` runs on that device.
      if (vocab_.is_device_variable(text(ts::child_by_field_id(node, g_.f_name))))
        collect_device_strings(ts::child_by_field_id(node, g_.f_value), scope);
      break;
    default:
      break;
  }
  visit_children(node, scope);
}

// `X is None` tests absence like `not X`; `X is not None` presence like
// `X`; a device count against a number as vocab/runner_condition.h reads it
// (`torch.cuda.device_count() == 0` like `not X`, `> 0` like `X`); other
// comparisons say nothing of which way a skip goes.
int Extractor::comparison_polarity(TSNode comparison, int polarity) const {
  if (ts::named_child_count(comparison) != 2) return 0;
  TSNode left = ts::named_child(comparison, 0), right = ts::named_child(comparison, 1);
  std::string_view op = text(comparison).substr(ts::end_byte(left) - ts::start_byte(comparison));
  op = op.substr(0, op.size() - text(right).size());
  std::string folded = fold_whitespace(op);
  if (g_.kind(right) == NodeKind::None) return folded == "is" ? -polarity : folded == "is not" ? polarity : 0;
  // `0 < n` is `n > 0`.
  const bool number_left = g_.kind(left) == NodeKind::Integer;
  TSNode number = number_left ? left : right;
  if (g_.kind(number) != NodeKind::Integer || text(number).size() > 8) return 0;
  const std::string digits(text(number));
  if (digits.find_first_not_of("0123456789") != std::string::npos) return 0;
  if (number_left) {
    for (auto [from, to] : {std::pair{"<", ">"}, {">", "<"}, {"<=", ">="}, {">=", "<="}})
      if (folded == from) {
        folded = to;
        break;
      }
  }
  return count_comparison_sense(folded, std::stol(digits)) * polarity;
}

void Extractor::visit_children(TSNode node, const Scope& scope) {
  if (scope.nesting > kMaxEvidenceDepth) {
    if (!nesting_noted_) {
      nesting_noted_ = true;
      facts_.issues.push_back({IssueSeverity::Note, "too-deep",
                               "code nested more than 1000 levels deep is not searched for device evidence",
                               ts::start_point(node).row + 1, 0, false});
    }
    return;
  }
  NodeKind parent_kind = g_.kind(node);
  bool conditional = parent_kind == NodeKind::IfStatement || parent_kind == NodeKind::ElifClause ||
                     parent_kind == NodeKind::WhileStatement;
  // The branches of a test that checks a device run only where it fits.
  bool guard = false;
  // `"cuda" if torch.cuda.is_available() else "cpu"` chooses at run time
  // too, but its test (the second named child) comes after the first
  // branch, so it is read before the walk.
  bool expression = parent_kind == NodeKind::ConditionalExpression;
  if (expression) guard = ts::named_child_count(node) == 3 && mentions_device(ts::named_child(node, 1));
  // The body of `with FakeTensorMode():` makes fakes: its devices are data.
  const bool fake_body = parent_kind == NodeKind::WithStatement && opens_fake_mode(node);
  uint32_t named_index = 0;
  if (ts_tree_cursor_goto_first_child(&cursor_)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor_);
      if (!ts::is_named(child)) continue;
      NodeKind kind = g_.kind(child);
      Scope inner = scope;
      ++inner.nesting;
      // A def/class under a decorator is the same AST node as the decorated_definition.
      bool same_node = parent_kind == NodeKind::DecoratedDefinition &&
                       (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition);
      // `x = 1` is one Assign statement, not Expr(Assign); "a" f"{b}" is one JoinedStr.
      bool statement_wrapper = (parent_kind == NodeKind::ExpressionStatement &&
                                (kind == NodeKind::Assignment || kind == NodeKind::AugmentedAssignment)) ||
                               (parent_kind == NodeKind::ConcatenatedString && kind == NodeKind::String);
      if (adds_ast_level(kind) && !same_node && !statement_wrapper) ++inner.depth;
      // The field costs a search of the parent's field map: asked only
      // where it is read (a condition's test, an identifier's role).
      TSFieldId field = conditional || kind == NodeKind::Identifier ? ts_tree_cursor_current_field_id(&cursor_) : 0;
      bool is_condition = conditional ? field == g_.f_condition : expression && named_index == 1;
      ++named_index;
      if (is_condition) inner.in_condition = true, inner.skips_test = conditional && branch_skips_test(node);
      else if (guard) inner.guarded = true;
      if (fake_body && kind == NodeKind::Block) inner.value_only = true;
      if (kind == NodeKind::Block && parent_kind == NodeKind::FunctionDefinition) inner.in_function = true;
      size_t sites_before = facts_.sites.size();
      // Identifiers have no children; everything else is walked, nested
      // functions keeping their enclosing method as owner.
      if (kind == NodeKind::Identifier) on_identifier(child, node, field, inner);
      else visit(child, inner);
      if (is_condition && conditional) guard = facts_.sites.size() > sites_before || names_device_choice(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor_));
    ts_tree_cursor_goto_parent(&cursor_);
  }
}

void Extractor::on_call(TSNode call, const Scope& scope) {
  TSNode function = ts::child_by_field_id(call, g_.f_function);
  std::string_view name = callee_name(function);
  if (name.empty()) return;
  if (name == "run_tests") facts_.calls_run_tests = true;
  note_load(call, name, scope);
  if (name == "super" && g_.kind(function) == NodeKind::Identifier && scope.method) note_super(call, scope);
  if (name == "setattr" && g_.kind(function) == NodeKind::Identifier) {
    TSNode args = ts::child_by_field_id(call, g_.f_arguments);
    TSNode target = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child(args, 0) : TSNode{};
    if (!ts::is_null(target) && g_.kind(target) == NodeKind::Identifier)
      facts_.extended_classes.emplace_back(text(target));
  }
  // copy_tests(Template, TestX, "cpu"): the helper setattr's the template's
  // tests onto its second argument ([classify] test_copiers).
  if (std::find(vocab_.test_copiers.begin(), vocab_.test_copiers.end(), name) != vocab_.test_copiers.end()) {
    TSNode args = ts::child_by_field_id(call, g_.f_arguments);
    TSNode target = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child(args, 1) : TSNode{};
    if (!ts::is_null(target) && g_.kind(target) == NodeKind::Identifier) {
      facts_.extended_classes.emplace_back(text(target));
      TSNode from = ts::named_child(args, 0);
      if (g_.kind(from) == NodeKind::Identifier) facts_.test_copies.emplace_back(text(from), text(target));
    }
  }
  if (scope.class_index >= 0 && !device_helpers_.empty() && g_.kind(function) == NodeKind::Identifier)
    on_device_helper_call(call, name, scope);
  // with override_quantized_engine("fbgemm"): code of a CPU-only backend
  // ([classify] host_only_calls), a need of the host as @skipIfNoFBGEMM is.
  if (scope.class_index >= 0 &&
      std::find(vocab_.host_only_calls.begin(), vocab_.host_only_calls.end(), name) != vocab_.host_only_calls.end())
    add_site(SiteKind::DeviceDecorator, DeviceName::one(vocab_.key_of_kind(DeviceKind::Host)),
             unparse(function, source_) + "()", call, scope)
        .role = DecoratorRole::Requires;
  if ((name == "instantiate_device_type_tests" || name == "instantiate_parametrized_tests") &&
      ts::start_byte(call) != statement_call_byte_) {
    read_instantiation(call, false);
  }

  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  if (vocab_.is_device_arg_callee(name) && g_.kind(args) == NodeKind::ArgumentList) {
    Scope arg_scope = scope;
    arg_scope.value_only = vocab_.is_device_value_callee(name) && makes_device_value(call);
    uint32_t count = ts::named_child_count(args);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode arg = ts::named_child(args, i);
      if (g_.kind(arg) != NodeKind::KeywordArgument) collect_device_strings(arg, arg_scope);
    }
  }

  if (g_.kind(function) == NodeKind::Attribute) on_attribute_call(call, function, name, args, scope);
}

// A module-level function calling SourceFileLoader is a loader; a call of
// one at import time with a literal first argument loads that module
// (FileFacts::loads). Python defines the function before the call runs, so
// source order finds it.
void Extractor::note_load(TSNode call, std::string_view name, const Scope& scope) {
  if (scope.class_index >= 0) return;
  if (scope.in_function) {
    if (!module_function_.empty() &&
        std::find(vocab_.module_loaders.begin(), vocab_.module_loaders.end(), name) != vocab_.module_loaders.end())
      loader_functions_.push_back(module_function_);
    return;
  }
  if (std::find(loader_functions_.begin(), loader_functions_.end(), name) == loader_functions_.end()) return;
  if (facts_.main_guard_byte && ts::start_byte(call) > facts_.main_guard_byte) return;  // not run under pytest
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  TSNode first = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child(args, 0) : TSNode{};
  std::optional<std::string> module = ts::is_null(first) ? std::nullopt : plain_string(first, source_);
  if (!module || module->empty()) return;
  Import load;
  load.module = *module;
  load.line = ts::start_point(call).row + 1;
  load.start_byte = ts::start_byte(call);
  load.end_byte = ts::end_byte(call);
  load.try_line = try_line_;
  facts_.loads.push_back(std::move(load));
}

// `T(10, 10)` in a class, where T's device parameter defaults to one
// accelerator (read_device_helper): the test runs there unless the call
// passes a device (by keyword, by position, or maybe through a splat).
void Extractor::on_device_helper_call(TSNode call, std::string_view name, const Scope& scope) {
  auto helper = device_helpers_.find(name);
  if (helper == device_helpers_.end()) return;
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  if (g_.kind(args) != NodeKind::ArgumentList) return;
  int positional = 0;
  for (uint32_t i = 0; i < ts::named_child_count(args); ++i) {
    TSNode arg = ts::named_child(args, i);
    NodeKind kind = g_.kind(arg);
    if (kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat) return;
    if (kind == NodeKind::KeywordArgument) {
      if (text(ts::child_by_field_id(arg, g_.f_name)) == helper->second.parameter) return;
    } else if (kind != NodeKind::Comment) {
      ++positional;
    }
  }
  if (helper->second.position >= 0 && positional > helper->second.position) return;
  add_site(SiteKind::DeviceGlobalUse, helper->second.device, helper->second.shown, call, scope);
}

// `torch.cuda.synchronize()`, `cuda_alias.synchronize()`, `x.cuda()`: a
// device API reached through a dotted chain, or a tensor method.
void Extractor::on_attribute_call(TSNode call, TSNode function, std::string_view name, TSNode args,
                                  const Scope& scope) {
  const bool bare = g_.kind(args) == NodeKind::ArgumentList && ts::named_child_count(args) == 0;
  // Find the start of the dotted chain and whether a part names a device API.
  const std::string* api_device = nullptr;
  bool crossed_call = false, chained = false;
  TSNode base = ts::child_by_field_id(function, g_.f_object);
  for (;;) {
    NodeKind k = g_.kind(base);
    if (k == NodeKind::Attribute) {
      if (!api_device) {
        api_device = vocab_.api_module_device(text(ts::child_by_field_id(base, g_.f_attribute)));
        chained = api_device && crossed_call;
      }
      base = ts::child_by_field_id(base, g_.f_object);
    } else if (k == NodeKind::Call) {
      crossed_call = true;
      base = ts::child_by_field_id(base, g_.f_function);
    } else if (k == NodeKind::Subscript) {
      base = ts::child_by_field_id(base, g_.f_value);
    } else {
      break;
    }
  }
  // A backend's own package (torch_npu.npu.synchronize()) is its torch.
  const std::string* package =
      g_.kind(base) == NodeKind::Identifier ? vocab_.package_device(text(base)) : nullptr;
  if (package && !api_device) api_device = package;
  bool from_torch = g_.kind(base) == NodeKind::Identifier && (text(base) == "torch" || package);
  if (!from_torch && !device_module_aliases_.empty() && g_.kind(base) == NodeKind::Identifier) {
    auto alias = device_module_aliases_.find(text(base));
    if (alias != device_module_aliases_.end()) {
      std::string spelt = alias->second.first + unparse(function, source_).substr(text(base).size()) + "()";
      DeviceSite& site = add_site(SiteKind::AcceleratorApi, DeviceName::one(alias->second.second), std::move(spelt), call, scope);
      site.via_alias = true;
      site.bare_call = bare;
      site.chained = crossed_call;
      return;
    }
  }
  if (from_torch && !api_device) api_device = vocab_.api_module_device(name);
  if (from_torch && api_device) {
    DeviceSite& site =
        add_site(SiteKind::AcceleratorApi, DeviceName::one(*api_device), unparse(function, source_) + "()", call, scope);
    site.bare_call = bare;
    site.chained = chained;
    return;
  }
  if (const std::string* device = vocab_.tensor_method_device(name)) {
    // `.cuda(device=torch.device(GPU_TYPE))` moves to the device its
    // argument names (a flag of another device, itself a site), not cuda.
    if (!bare && names_other_flag(args, *device)) return;
    add_site(SiteKind::TensorMethod, DeviceName::one(*device), unparse(function, source_) + "()", call, scope).bare_call =
        bare;
  }
}

// Whether code names a device flag (`GPU_TYPE`) of a device other than `device`.
bool Extractor::names_other_flag(TSNode node, const std::string& device, int depth) const {
  if (ts::is_null(node) || depth > 50) return false;
  if (g_.kind(node) == NodeKind::Identifier) {
    const std::string* flag = vocab_.flag_device(text(node));
    return flag && *flag != device;
  }
  for (uint32_t i = 0; i < ts::named_child_count(node); ++i)
    if (names_other_flag(ts::named_child(node, i), device, depth + 1)) return true;
  return false;
}

// Whether a torch.device(...) call makes a value that is only compared,
// printed or stored as data (a dict value, `meta["device"] = ...`). Passed to
// any other call or kept in a variable, code may allocate on it later, so it
// stays a need.
bool Extractor::makes_device_value(TSNode call) const {
  TSNode parent = ts::parent(call);
  switch (g_.kind(parent)) {
    case NodeKind::ComparisonOperator:
    case NodeKind::Pair:
      return true;
    case NodeKind::Assignment:
      return g_.kind(ts::child_by_field_id(parent, g_.f_left)) == NodeKind::Subscript;
    case NodeKind::ArgumentList:
      return vocab_.is_device_value_reader(callee_name(ts::child_by_field_id(ts::parent(parent), g_.f_function)));
    default:
      return false;
  }
}

void Extractor::on_keyword_argument(TSNode keyword, const Scope& scope) {
  std::string_view name = text(ts::child_by_field_id(keyword, g_.f_name));
  if (!vocab_.is_device_keyword(name)) return;
  // A call that only asks about the device it names (a device's autocast
  // dtype) needs no such device: the name is a value.
  Scope inner = scope;
  TSNode call = ts::parent(ts::parent(keyword));
  if (g_.kind(call) == NodeKind::Call &&
      vocab_.is_device_query_callee(callee_name(ts::child_by_field_id(call, g_.f_function))))
    inner.value_only = true;
  collect_device_strings(ts::child_by_field_id(keyword, g_.f_value), inner);
}

void Extractor::on_assignment(TSNode assignment, const Scope& scope) {
  TSNode left = ts::child_by_field_id(assignment, g_.f_left);
  NodeKind kind = g_.kind(left);
  std::string_view name;
  if (kind == NodeKind::Identifier) name = text(left);
  else if (kind == NodeKind::Attribute) name = text(ts::child_by_field_id(left, g_.f_attribute));
  if (!name.empty() && vocab_.is_device_variable(name))
    collect_device_strings(ts::child_by_field_id(assignment, g_.f_right), scope);
  if (kind == NodeKind::Subscript && scope.class_index < 0 && !facts_.globals_write_line) {
    TSNode value = ts::child_by_field_id(left, g_.f_value);
    if (g_.kind(value) == NodeKind::Call && text(value) == "globals()")
      facts_.globals_write_line = ts::start_point(assignment).row + 1;
  }
  if (kind == NodeKind::Attribute && starts_with(name, "test")) {  // TestX.test_y = f
    TSNode object = ts::child_by_field_id(left, g_.f_object);
    if (g_.kind(object) == NodeKind::Identifier) facts_.extended_classes.emplace_back(text(object));
  }
}

// String literals naming a device, looking through the shapes device values
// take: "cuda", "cuda:0", f"cuda:{i}", ["cuda", "xpu"], "cuda" if c else "cpu".
void Extractor::collect_device_strings(TSNode value, const Scope& scope, int depth) {
  if (ts::is_null(value) || depth > 200) return;  // bounded like CPython's nesting
  switch (g_.kind(value)) {
    case NodeKind::String:
    case NodeKind::ConcatenatedString: {
      auto lit = string_literal(value, source_);
      if (!lit || lit->is_bytes) return;
      std::string_view literal = lit->value;
      if (lit->is_fstring) {
        // Only f"cuda:{i}" tells its device; the rest is not known.
        if (literal.empty() || literal.back() != ':') return;
        literal.remove_suffix(1);
      }
      if (auto device = vocab_.device_of_string(literal))
        add_site(SiteKind::DeviceString, DeviceName::one(std::string(*device)), std::string(text(value)), value, scope);
      return;
    }
    case NodeKind::ConditionalExpression: {
      uint32_t count = ts::named_child_count(value);
      Scope branches = scope;
      branches.guarded |= count == 3 && mentions_device(ts::named_child(value, 1));
      for (uint32_t i = 0; i < count; ++i)
        collect_device_strings(ts::named_child(value, i), i == 1 ? scope : branches, depth + 1);
      return;
    }
    case NodeKind::List:
    case NodeKind::Tuple:
    case NodeKind::Set:
    case NodeKind::ParenthesizedExpression: {
      uint32_t count = ts::named_child_count(value);
      for (uint32_t i = 0; i < count; ++i) collect_device_strings(ts::named_child(value, i), scope, depth + 1);
      return;
    }
    default:
      return;
  }
}

// `self._helper(...)`, `fn=self._check`: the methods a method reaches.
// `super()`, or `super(C, self)` naming the class being defined (facts.h
// Method::super_line).
void Extractor::note_super(TSNode call, const Scope& scope) {
  ClassFact& cls = facts_.classes[static_cast<size_t>(scope.class_index)];
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  const bool no_args = g_.kind(args) == NodeKind::ArgumentList && ts::named_child_count(args) == 0;
  const bool names_own = g_.kind(args) == NodeKind::ArgumentList && ts::named_child_count(args) > 0 &&
                         text(ts::named_child(args, 0)) == cls.name;
  Method& m = cls.methods.back();
  if ((no_args || names_own) && !m.super_line) m.super_line = ts::start_point(call).row + 1;
}

void Extractor::note_self_ref(TSNode attribute, const Scope& scope) {
  // The object is an attribute's first named child; no field search.
  TSNode object = ts::named_child(attribute, 0);
  if (g_.kind(object) != NodeKind::Identifier) return;
  std::string_view owner = text(object);
  if (owner != "self" && owner != "cls") return;
  std::string_view name = text(ts::child_by_field_id(attribute, g_.f_attribute));
  auto& refs = facts_.classes[static_cast<size_t>(scope.class_index)].methods.back().self_refs;
  if (std::find(refs.begin(), refs.end(), name) == refs.end()) refs.emplace_back(name);
}

// Whether a flag outside any condition or decorator is only a value: an
// argument (`pin_memory=TEST_CUDA`, `f(TEST_CUDA)`), an assigned value, a
// comparison's operand, a returned or stored value. The test runs either
// way; a device keyword or device-taking callee (`device=GPU_TYPE`,
// `x.to(GPU_TYPE)`) or a device variable (`device = GPU_TYPE`) still puts
// code on the device.
bool Extractor::flag_is_value(TSNode identifier, TSNode parent) const {
  TSNode node = identifier;
  if (ts::is_null(parent)) parent = ts::parent(identifier);
  for (int hops = 0; hops < 16; ++hops) {
    NodeKind k = g_.kind(parent);
    if (k != NodeKind::NotOperator && k != NodeKind::BooleanOperator && k != NodeKind::ParenthesizedExpression &&
        k != NodeKind::ConditionalExpression)
      break;
    node = parent;
    parent = ts::parent(parent);
  }
  switch (g_.kind(parent)) {
    case NodeKind::KeywordArgument:
      return !vocab_.is_device_keyword(text(ts::child_by_field_id(parent, g_.f_name)));
    case NodeKind::ArgumentList:
      return !vocab_.is_device_arg_callee(callee_name(ts::child_by_field_id(ts::parent(parent), g_.f_function)));
    case NodeKind::Assignment: {
      // The flag is the assigned value, not the target (two siblings never start at one byte).
      if (ts::start_byte(ts::child_by_field_id(parent, g_.f_right)) != ts::start_byte(node)) return false;
      TSNode left = ts::child_by_field_id(parent, g_.f_left);
      if (g_.kind(left) == NodeKind::Attribute) left = ts::child_by_field_id(left, g_.f_attribute);
      return g_.kind(left) != NodeKind::Identifier || !vocab_.is_device_variable(text(left));
    }
    case NodeKind::ComparisonOperator:
    case NodeKind::Pair:
      return true;
    default:
      return ts::type(parent) == std::string_view("return_statement");
  }
}

void Extractor::on_identifier(TSNode identifier, TSNode parent, TSFieldId field, const Scope& scope) {
  std::string_view name = text(identifier);
  note_read(identifier, field, scope);
  if (const std::string* device = vocab_.flag_device(name)) {
    DeviceSite& site = add_site(SiteKind::DeviceFlag, DeviceName::one(*device), std::string(name), identifier, scope);
    if (!scope.in_condition && !scope.in_decorator && flag_is_value(identifier, parent)) site.value_only = true;
    return;
  }
  // Uses of module-level device globals inside classes; an attribute name
  // (x.device) or keyword name (device=...) is not a use, and a method
  // parameter of the same name shadows the global.
  if (scope.class_index < 0 || field == g_.f_attribute || field == g_.f_name) return;
  if (scope.method) {
    for (const Parameter& p : scope.method->parameters)
      if (p.name == name) return;
  }
  for (const DeviceGlobal& global : facts_.device_globals) {
    if (global.name != name) continue;
    if (global.function) return;  // its call is the device (on_device_helper_call), the name is not
    add_site(SiteKind::DeviceGlobalUse, global.device, std::string(name), identifier, scope).device_position =
        in_device_position(identifier, parent);
    return;
  }
  note_imported_use(identifier, parent, name, scope);
}

// A name a from-import binds, read where a device goes (`device=DEVICE`,
// `.to(get_device())`) or spelled as a device variable: the module it comes
// from chooses the device, and resolve reads it there (issue 29: a vendor's
// tests take their device from a sibling helper module). Kept apart from
// the sites until then, since its device is not known here.
void Extractor::note_imported_use(TSNode identifier, TSNode parent, std::string_view name, const Scope& scope) {
  if (!from_imported_.count(name) || (!vocab_.is_device_global_name(name) && !in_device_position(identifier, parent)))
    return;
  const size_t before = facts_.sites.size();
  add_site(SiteKind::DeviceGlobalUse, DeviceName::of(DeviceNaming::Unknown), std::string(name), identifier, scope);
  facts_.imported_uses.push_back(std::move(facts_.sites.back()));
  facts_.sites.resize(before);
}

// `device=X`, `.to(X)`, `torch.device(X)`, or X called in one of those
// places (`.to(get_device())`).
bool Extractor::in_device_position(TSNode node, TSNode parent) const {
  if (ts::is_null(parent)) parent = ts::parent(node);
  if (g_.kind(parent) == NodeKind::Call &&
      ts::start_byte(ts::child_by_field_id(parent, g_.f_function)) == ts::start_byte(node)) {
    node = parent;
    parent = ts::parent(node);
  }
  if (g_.kind(parent) == NodeKind::KeywordArgument)
    return text(ts::child_by_field_id(parent, g_.f_name)) == "device" &&
           ts::start_byte(ts::child_by_field_id(parent, g_.f_value)) == ts::start_byte(node);
  if (g_.kind(parent) != NodeKind::ArgumentList || ts::start_byte(ts::named_child(parent, 0)) != ts::start_byte(node))
    return false;
  TSNode callee = ts::child_by_field_id(ts::parent(parent), g_.f_function);
  const std::string_view called = text(callee);
  return called == "torch.device" || (g_.kind(callee) == NodeKind::Attribute && callee_name(callee) == "to");
}

void Extractor::on_decorator(TSNode decorator, const Scope& scope) {
  TSNode expression = ts::named_child(decorator, 0);
  TSNode callee = g_.kind(expression) == NodeKind::Call ? ts::child_by_field_id(expression, g_.f_function)
                                                         : expression;
  std::string_view name = callee_name(callee);
  const DecoratorInfo* info = vocab_.decorator(name);
  if (!info) return;
  DeviceName device = info->device;
  if (device.naming == DeviceNaming::Unknown && g_.kind(expression) == NodeKind::Call) {
    // onlyOn("cuda"), onlyOn(["cuda", "xpu"]): the device comes from the
    // arguments, which the walk below also records as device strings.
    size_t before = facts_.sites.size();
    Scope probe = scope;
    TSNode args = ts::child_by_field_id(expression, g_.f_arguments);
    if (g_.kind(args) == NodeKind::ArgumentList) {
      uint32_t count = ts::named_child_count(args);
      for (uint32_t i = 0; i < count; ++i) collect_device_strings(ts::named_child(args, i), probe);
    }
    for (size_t i = before; i < facts_.sites.size(); ++i)
      device = i == before || device == facts_.sites[i].device ? facts_.sites[i].device
                                                               : DeviceName::of(DeviceNaming::Several);
    facts_.sites.resize(before);  // the walk of the arguments records them once
  }
  SiteKind kind = info->role == DecoratorRole::Only ? SiteKind::OnlyDecorator : SiteKind::DeviceDecorator;
  std::string shown = "@";
  shown += fold_whitespace(text(expression));
  add_site(kind, device, std::move(shown), decorator, scope).role = info->role;
}

}  // namespace hwclass
