// A module-level function that returns a device: `def get_device(): return
// torch.device(DEVICE)` after `DEVICE = "npu"`. A vendor's tests take their
// device from such a helper, in their own file or a sibling module (issue
// 29: common_npu.py), so its call counts as the device it returns, as a
// device global's read does.
#include "extract/extractor_impl.h"

namespace hwclass {

// X of `torch.device(X)` ([device] device_value_callees), when it is
// positional; null for any other expression.
TSNode Extractor::device_call_argument(TSNode expr) const {
  if (g_.kind(expr) != NodeKind::Call ||
      !vocab_.is_device_value_callee(callee_name(ts::child_by_field_id(expr, g_.f_function))))
    return TSNode{};
  TSNode args = ts::child_by_field_id(expr, g_.f_arguments);
  TSNode first = g_.kind(args) == NodeKind::ArgumentList ? ts::named_child(args, 0) : TSNode{};
  return !ts::is_null(first) && g_.kind(first) != NodeKind::KeywordArgument ? first : TSNode{};
}

// The device EXPR stands for: a device string, a device global read before,
// `torch.device(X)` of one, or `a if cond else b` of two (RunTime when they
// differ); nothing for anything else.
std::optional<DeviceName> Extractor::device_value_of(TSNode expr, int depth) const {
  if (ts::is_null(expr) || depth > 8) return std::nullopt;
  switch (g_.kind(expr)) {
    case NodeKind::ParenthesizedExpression:
      return device_value_of(ts::named_child(expr, 0), depth + 1);
    case NodeKind::String: {
      auto lit = string_literal(expr, source_);
      auto key = lit && !lit->is_bytes && !lit->is_fstring ? vocab_.device_of_string(lit->value) : std::nullopt;
      if (key) return DeviceName::one(std::string(*key));
      return std::nullopt;
    }
    case NodeKind::Identifier: {
      // Bound in several branches (common_fsdp.py's DEVICE_TYPE: "cuda",
      // "hpu:0" or "cpu" by what is available): one device only when all agree.
      std::optional<DeviceName> device;
      for (const DeviceGlobal& g : facts_.device_globals)
        if (!g.function && g.name == text(expr))
          device = device ? device->either(g.device) : g.device;
      return device;
    }
    case NodeKind::Call: {
      TSNode argument = device_call_argument(expr);
      return ts::is_null(argument) ? std::nullopt : device_value_of(argument, depth + 1);
    }
    case NodeKind::ConditionalExpression: {  // a if cond else b
      auto a = device_value_of(ts::named_child(expr, 0), depth + 1);
      auto b = device_value_of(ts::named_child(expr, 2), depth + 1);
      if (!a || !b) return std::nullopt;
      return a->either(*b);
    }
    default:
      return std::nullopt;
  }
}

// Only a function of no parameters whose body, a docstring aside, is one
// `return`: what any call of it gives is then that one expression.
void Extractor::read_device_function(TSNode function) {
  TSNode parameters = ts::child_by_field_id(function, g_.f_parameters);
  if (ts::is_null(parameters) || ts::named_child_count(parameters) != 0) return;
  TSNode body = ts::child_by_field_id(function, g_.f_body);
  TSNode only{};
  for (uint32_t i = 0, count = ts::named_child_count(body); i < count; ++i) {
    TSNode statement = ts::named_child(body, i);
    NodeKind kind = g_.kind(statement);
    if (kind == NodeKind::Comment) continue;
    if (ts::is_null(only) && kind == NodeKind::ExpressionStatement &&
        g_.kind(ts::named_child(statement, 0)) == NodeKind::String)
      continue;  // the docstring
    if (!ts::is_null(only)) return;
    only = statement;
  }
  if (ts::is_null(only) || g_.kind(only) != NodeKind::ReturnStatement) return;
  TSNode value = ts::named_child(only, 0);
  std::string name(text(ts::child_by_field_id(function, g_.f_name)));
  const uint32_t line = ts::start_point(function).row + 1;
  if (std::optional<DeviceName> device = device_value_of(value)) {
    facts_.device_globals.push_back(DeviceGlobal{name, *device, line, true, ""});
    device_helpers_[name] = DeviceHelper{*device, "", -1, name + "()"};
    return;
  }
  // `return DEVICE` or `return torch.device(DEVICE)` of an imported DEVICE.
  if (g_.kind(value) == NodeKind::Call) value = device_call_argument(value);
  if (!ts::is_null(value) && g_.kind(value) == NodeKind::Identifier && from_imported_.count(text(value)))
    facts_.device_globals.push_back(
        DeviceGlobal{name, DeviceName::of(DeviceNaming::Unknown), line, true, std::string(text(value))});
}

}  // namespace hwclass
