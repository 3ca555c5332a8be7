// Device counts in the source: a decorator's first argument
// (`skip_if_lt_x_gpu(2)`) and a class's `world_size`, folded to numbers
// here so resolve decides a class's device need from facts alone
// (resolve/device_need.cpp, contract 5.8).
#include <cstring>

#include "extract/extractor_impl.h"

namespace hwclass {
namespace {

bool is_type(TSNode node, const char* type) { return std::strcmp(ts::type(node), type) == 0; }

}  // namespace

DeviceCount Extractor::fold_count(TSNode expression) const {
  DeviceCount out;
  out.text = fold_whitespace(text(expression));
  auto unknown = [&] {
    out.state = DeviceCount::State::Unknown;
    out.value = 0;
    return out;
  };
  auto known = [&](int64_t value) {
    out.state = DeviceCount::State::Known;
    out.value = value;
    return out;
  };
  switch (g_.kind(expression)) {
    case NodeKind::Integer: {
      std::string digits;
      for (char ch : text(expression))
        if (ch != '_') digits += ch;
      try {
        size_t used = 0;
        int64_t value = std::stoll(digits, &used, 0);
        return used == digits.size() ? known(value) : unknown();
      } catch (const std::exception&) {
        return unknown();
      }
    }
    case NodeKind::ParenthesizedExpression: {
      DeviceCount inner = fold_count(ts::named_child(expression, 0));
      inner.text = out.text;
      return inner;
    }
    case NodeKind::UnaryOperator: {
      DeviceCount inner = fold_count(ts::named_child(expression, 0));
      if (inner.state != DeviceCount::State::Known || out.text.empty()) return unknown();
      if (out.text[0] == '-') return known(-inner.value);
      return out.text[0] == '+' ? known(inner.value) : unknown();
    }
    case NodeKind::Call: {
      TSNode function = ts::child_by_field_id(expression, g_.f_function);
      std::string_view name = callee_name(function);
      TSNode args = ts::child_by_field_id(expression, g_.f_arguments);
      // torch.cuda.device_count(), torch.accelerator.device_count(), dm.device_count():
      // no device where the count is read statically.
      if (name == "device_count" && ts::named_child_count(args) == 0) return known(0);
      bool min = name == "min", max = name == "max";
      if (g_.kind(function) != NodeKind::Identifier || !(min || max) || g_.kind(args) != NodeKind::ArgumentList)
        return unknown();
      bool any = false;
      int64_t value = 0;
      for (uint32_t i = 0; i < ts::named_child_count(args); ++i) {
        TSNode arg = ts::named_child(args, i);
        if (g_.kind(arg) == NodeKind::Comment) continue;
        DeviceCount term = fold_count(arg);
        if (term.state != DeviceCount::State::Known) return unknown();
        value = !any ? term.value : min ? std::min(value, term.value) : std::max(value, term.value);
        any = true;
      }
      return any ? known(value) : unknown();
    }
    default:
      return unknown();
  }
}

DeviceCount Extractor::first_argument_count(TSNode call) const {
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  for (uint32_t i = 0; i < ts::named_child_count(args); ++i) {
    TSNode arg = ts::named_child(args, i);
    NodeKind kind = g_.kind(arg);
    if (kind == NodeKind::Comment) continue;
    if (kind == NodeKind::KeywordArgument || kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat)
      return DeviceCount{};
    return fold_count(arg);
  }
  return DeviceCount{};
}

void Extractor::read_world_size(TSNode statement, ClassFact& c) const {
  // Each binding replaces the one before, as in Python's class body.
  NodeKind kind = g_.kind(statement);
  if (kind == NodeKind::ExpressionStatement) {
    // world_size = 2, world_size: int = 2
    TSNode assignment = ts::named_child(statement, 0);
    if (g_.kind(assignment) != NodeKind::Assignment) return;
    TSNode left = ts::child_by_field_id(assignment, g_.f_left);
    TSNode right = ts::child_by_field_id(assignment, g_.f_right);
    if (g_.kind(left) != NodeKind::Identifier || text(left) != "world_size" || ts::is_null(right)) return;
    c.world_size = fold_count(right);
    return;
  }
  TSNode function = statement;
  if (kind == NodeKind::DecoratedDefinition) function = ts::child_by_field_id(statement, g_.f_definition);
  if (g_.kind(function) != NodeKind::FunctionDefinition) return;
  if (text(ts::child_by_field_id(function, g_.f_name)) != "world_size") return;
  // The first `return` among the body's statements: what upstream reads
  // through cls.__new__ when nothing before it branches.
  TSNode body = ts::child_by_field_id(function, g_.f_body);
  for (uint32_t i = 0; i < ts::named_child_count(body); ++i) {
    TSNode s = ts::named_child(body, i);
    if (g_.kind(s) == NodeKind::Comment || g_.kind(s) == NodeKind::ExpressionStatement) continue;
    if (!is_type(s, "return_statement")) break;
    TSNode value = ts::named_child(s, 0);
    if (ts::is_null(value)) break;
    std::string value_text = fold_whitespace(text(value));
    if (value_text == "super().world_size") {  // inherits
      c.world_size = DeviceCount{};
      return;
    }
    c.world_size = fold_count(value);
    return;
  }
  c.world_size.state = DeviceCount::State::Unknown;
  c.world_size.text = "def world_size";
}

}  // namespace hwclass
