// instantiate_device_type_tests / instantiate_parametrized_tests calls and
// module-level device globals (docs/upstream.md 2.8, 2.9, 7.1).
#include "extract/extractor_impl.h"

namespace hwclass {
namespace {

DeviceList read_device_list(TSNode value, std::string_view source, const Grammar& g) {
  DeviceList list;
  while (g.kind(value) == NodeKind::ParenthesizedExpression && ts::named_child_count(value) == 1)
    value = ts::named_child(value, 0);
  NodeKind kind = g.kind(value);
  if (kind == NodeKind::None) return list;  // only_for=None means absent
  list.state = DeviceList::State::Literal;
  if (auto s = plain_string(value, source)) {
    list.values.push_back(*s);
    return list;
  }
  if (kind == NodeKind::List || kind == NodeKind::Tuple) {
    uint32_t count = ts::named_child_count(value);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode item = ts::named_child(value, i);
      if (g.kind(item) == NodeKind::Comment) continue;
      auto s = plain_string(item, source);
      if (!s) {
        list.values.clear();
        list.state = DeviceList::State::Unknown;
        break;
      }
      list.values.push_back(*s);
    }
    if (list.state == DeviceList::State::Literal) return list;
  }
  list.state = DeviceList::State::Unknown;
  list.text = fold_whitespace(node_text(value, source));
  return list;
}

Tristate read_flag(TSNode value, const Grammar& g) {
  switch (g.kind(value)) {
    case NodeKind::True: return Tristate::True;
    case NodeKind::False: return Tristate::False;
    default: return Tristate::Unknown;
  }
}

}  // namespace

// The module-level literal `name` holds where it is read: bound once
// before, unconditionally, to a literal (`devices = ("cuda", "hpu")`), and
// by no import after it. Null otherwise: the value is the runtime's to know.
const ModuleBinding* Extractor::literal_binding(std::string_view name) const {
  const ModuleBinding* found = nullptr;
  for (const ModuleBinding& b : facts_.module_bindings) {
    if (b.name != name) continue;
    if (found || b.conditional || b.deleted || b.literal == ModuleBinding::Literal::None) return nullptr;
    found = &b;
  }
  if (!found) return nullptr;
  for (const Import& imp : facts_.imports)  // an import after it may bind the name again
    if (imp.line > found->line && (imp.bound_name() == name || imp.name == "*")) return nullptr;
  return found;
}

void Extractor::read_instantiation(TSNode call, bool statement_level) {
  TSNode function = ts::child_by_field_id(call, g_.f_function);
  std::string_view name = callee_name(function);
  Instantiation inst;
  if (name == "instantiate_device_type_tests") {
    inst.kind = InstantiateKind::DeviceType;
  } else if (name == "instantiate_parametrized_tests") {
    inst.kind = InstantiateKind::Parametrized;
  } else {
    return;
  }
  if (statement_level) statement_call_byte_ = ts::start_byte(call);
  inst.statement_level = statement_level;
  inst.attribute_form = g_.kind(function) == NodeKind::Attribute;
  inst.line = ts::start_point(call).row + 1;
  inst.column = location(call).column;
  inst.gate = module_gate();
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  bool have_target = false;
  uint32_t count = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child_count(args) : 0;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode arg = ts::named_child(args, i);
    NodeKind kind = g_.kind(arg);
    if (kind == NodeKind::Comment) continue;
    if (kind == NodeKind::KeywordArgument) {
      std::string_view key = text(ts::child_by_field_id(arg, g_.f_name));
      TSNode value = ts::child_by_field_id(arg, g_.f_value);
      const ModuleBinding* bound = g_.kind(value) == NodeKind::Identifier ? literal_binding(text(value)) : nullptr;
      if (key == "only_for" || key == "except_for") {
        DeviceList list = read_device_list(value, source_, g_);
        if (bound && bound->literal == ModuleBinding::Literal::Strings) list = DeviceList{DeviceList::State::Literal, bound->values, ""};
        (key == "only_for" ? inst.only_for : inst.except_for) = std::move(list);
      } else {
        Tristate flag = read_flag(value, g_);
        if (bound && bound->literal == ModuleBinding::Literal::True) flag = Tristate::True;
        if (bound && bound->literal == ModuleBinding::Literal::False) flag = Tristate::False;
        inst.keyword_flags.emplace_back(std::string(key), flag);
      }
      continue;
    }
    if (have_target || kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat) continue;
    have_target = true;
    inst.target_text = fold_whitespace(text(arg));
    if (kind == NodeKind::Identifier) inst.target = inst.target_text;
  }
  facts_.instantiations.push_back(std::move(inst));
}

// A module-level `NAME = ...` is a device global when NAME is a
// conventional device variable or its value holds device evidence.
void Extractor::read_device_global(TSNode assignment, size_t sites_before) {
  TSNode left = ts::child_by_field_id(assignment, g_.f_left);
  if (g_.kind(left) != NodeKind::Identifier) return;
  std::string name(text(left));
  std::optional<DeviceName> device;
  for (size_t i = sites_before; i < facts_.sites.size(); ++i) {
    const DeviceName& d = facts_.sites[i].device;
    if (d.naming == DeviceNaming::Unknown) continue;
    device = device ? device->either(d) : d;
  }
  if (!device) {
    if (!vocab_.is_device_global_name(name)) return;
    device = DeviceName::of(DeviceNaming::RunTime);
  }
  uint32_t line = ts::start_point(assignment).row + 1;
  facts_.device_globals.push_back(DeviceGlobal{name, *device, line, false, ""});
  add_site(SiteKind::DeviceGlobal, *device, name, left, Scope{});
}

// `JitTestCase = NoTest` (or `common_utils.NoTest`) at module level.
void Extractor::read_notest_rebinding(TSNode assignment) {
  TSNode left = ts::child_by_field_id(assignment, g_.f_left);
  TSNode right = ts::child_by_field_id(assignment, g_.f_right);
  // callee_name: the name itself, or an attribute's last part.
  if (g_.kind(left) != NodeKind::Identifier || callee_name(right) != "NoTest") return;
  facts_.notest_rebindings.push_back(NoTestRebinding{std::string(text(left)), guard_.known ? guard_.condition : "",
                                                     guard_.known, ts::start_point(assignment).row + 1});
}

// A module-level `X = value`, `X += value` or `del X, Y` (facts.h
// ModuleBinding). Only plain names: `a.b = ...` binds no module name.
void Extractor::read_module_binding(TSNode statement) {
  const bool conditional = guard_.guarded || try_line_ != 0;
  const uint32_t line = ts::start_point(statement).row + 1;
  auto bind = [&](TSNode name, bool deleted) -> ModuleBinding* {
    if (g_.kind(name) != NodeKind::Identifier) return nullptr;
    facts_.module_bindings.push_back(ModuleBinding{std::string(text(name)), line, deleted, conditional, {}, {}, {}, {}});
    return &facts_.module_bindings.back();
  };
  auto each_name = [&](TSNode target, bool deleted) {
    NodeKind kind = g_.kind(target);
    if (kind == NodeKind::PatternList || kind == NodeKind::Tuple || kind == NodeKind::ExpressionList ||
        kind == NodeKind::List) {
      for (uint32_t i = 0; i < ts::named_child_count(target); ++i) bind(ts::named_child(target, i), deleted);
      return;
    }
    bind(target, deleted);
  };
  if (g_.kind(statement) == NodeKind::DeleteStatement) {
    for (uint32_t i = 0; i < ts::named_child_count(statement); ++i) each_name(ts::named_child(statement, i), true);
    return;
  }
  TSNode left = ts::child_by_field_id(statement, g_.f_left);
  TSNode right = ts::child_by_field_id(statement, g_.f_right);
  if (g_.kind(statement) != NodeKind::Assignment || g_.kind(left) != NodeKind::Identifier) {
    each_name(left, false);  // x += ..., a, b = ...: bound again, to no literal
    return;
  }
  ModuleBinding* b = bind(left, false);
  if (!b || ts::is_null(right)) return;  // an annotation without a value binds nothing
  if (DeviceCount count = fold_count(right); count.state == DeviceCount::State::Known) b->count = count;
  if (g_.kind(right) == NodeKind::Call) {
    TSNode args = ts::child_by_field_id(right, g_.f_arguments);
    const std::string_view callee = text(ts::child_by_field_id(right, g_.f_function));
    TSNode first = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child(args, 0) : TSNode{};
    if ((callee == "functools.partial" || callee == "partial") && !ts::is_null(first) &&
        (g_.kind(first) == NodeKind::Identifier || g_.kind(first) == NodeKind::Attribute))
      b->partial_of = fold_whitespace(text(first));
  }
  if (g_.kind(right) == NodeKind::True) b->literal = ModuleBinding::Literal::True;
  if (g_.kind(right) == NodeKind::False) b->literal = ModuleBinding::Literal::False;
  DeviceList list = read_device_list(right, source_, g_);
  if (list.state == DeviceList::State::Literal && g_.kind(right) != NodeKind::None) {
    b->literal = ModuleBinding::Literal::Strings;
    b->values = std::move(list.values);
  }
}

// A module-level helper whose device parameter defaults to one accelerator
// (`def T(*size, device=DEVICE)` after `DEVICE = "cuda"`, or
// `device="cuda"`): a test that calls it without a device runs there
// (inductor's test_perf.py). Helpers are known from their def on, as device
// globals are.
void Extractor::read_device_helper(TSNode function) {
  TSNode parameters = ts::child_by_field_id(function, g_.f_parameters);
  Method signature;
  read_parameters(parameters, signature);
  int position = 0;
  for (const Parameter& p : signature.parameters) {
    if (!vocab_.is_device_variable(p.name) || !p.has_default) {
      position += p.kind == ParamKind::Regular || p.kind == ParamKind::PositionalOnly;
      continue;
    }
    TSNode value{};
    for (uint32_t i = 0; i < ts::named_child_count(parameters) && ts::is_null(value); ++i) {
      TSNode node = ts::named_child(parameters, i);
      NodeKind kind = g_.kind(node);
      if ((kind == NodeKind::DefaultParameter || kind == NodeKind::TypedDefaultParameter) &&
          text(ts::child_by_field_id(node, g_.f_name)) == p.name)
        value = ts::child_by_field_id(node, g_.f_value);
    }
    std::optional<DeviceName> device;
    if (g_.kind(value) == NodeKind::String) {
      auto lit = string_literal(value, source_);
      auto key = lit && !lit->is_bytes && !lit->is_fstring ? vocab_.device_of_string(lit->value) : std::nullopt;
      if (key) device = DeviceName::one(std::string(*key));
    } else if (g_.kind(value) == NodeKind::Identifier) {
      for (const DeviceGlobal& global : facts_.device_globals)
        if (!global.function && global.name == text(value)) device = global.device;
    }
    if (!device || !device->names_one() || vocab_.kind_of(*device) != DeviceKind::Accelerator) return;
    std::string name(text(ts::child_by_field_id(function, g_.f_name)));
    device_helpers_[name] = DeviceHelper{*device, p.name, p.kind == ParamKind::KeywordOnly ? -1 : position,
                                         name + "(" + p.name + "=" + std::string(text(value)) + ")"};
    return;
  }
}

// A module-level `def test*` (pytest's default python_functions pattern).
void Extractor::read_module_function(TSNode function) {
  read_device_helper(function);
  read_device_function(function);
  read_count_stamper(function);
  std::string_view name = text(ts::child_by_field_id(function, g_.f_name));
  if (guard_.condition.find("__name__") != std::string::npos) return;  // not defined under pytest
  if (name.rfind("test", 0) == 0) facts_.module_tests.emplace_back(std::string(name), ts::start_point(function).row + 1);
}

}  // namespace hwclass
