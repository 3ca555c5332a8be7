// Device counts in the source: a decorator's first argument
// (`skip_if_lt_x_gpu(2)`) and a class's `world_size`, folded to numbers
// here so resolve decides a class's device need from facts alone
// (resolve/device_need.cpp, contract 5.8).
#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

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

std::vector<DeviceCount> Extractor::positional_counts(TSNode call) const {
  // A decorator's count is among its first few arguments.
  constexpr size_t kRead = 4;
  std::vector<DeviceCount> counts;
  TSNode args = ts::child_by_field_id(call, g_.f_arguments);
  for (uint32_t i = 0; i < ts::named_child_count(args) && counts.size() < kRead; ++i) {
    TSNode arg = ts::named_child(args, i);
    NodeKind kind = g_.kind(arg);
    if (kind == NodeKind::Comment) continue;
    if (kind == NodeKind::KeywordArgument || kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat) break;
    counts.push_back(fold_count(arg));
  }
  return counts;
}

// What a world_size property can return: each arm folded (Absent for
// `super().world_size`), with locals bound to counts substituted;
// `readable` false when a statement or arm is beyond this reading.
struct Extractor::CountArms {
  std::vector<DeviceCount> values;
  std::map<std::string, DeviceCount, std::less<>> locals;
  bool readable = true;
};

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
  CountArms arms;
  bool returns = collect_returns(ts::child_by_field_id(function, g_.f_body), arms);
  DeviceCount unknown{DeviceCount::State::Unknown, 0, "def world_size"};
  if (!returns || !arms.readable || arms.values.empty()) {
    c.world_size = unknown;
    return;
  }
  // One arm: as written (`return WORLD_SIZE` keeps its name for resolve).
  if (arms.values.size() == 1) {
    c.world_size = arms.values[0];
    return;
  }
  // Several arms (an `if`, a conditional expression): upstream reads the
  // one the runner takes (5.8: world_size through cls.__new__, on the
  // runner). The conditions are not evaluated; the need is the largest
  // count an arm returns, an arm that adapts to the runner (device_count(),
  // -2) asking for none of its own, as fold_count reads it. The branching
  // properties of 2.6.0 return a fixed count on a runner with too few
  // devices for the adaptive arm (`gpu_num if gpu_num % 2 == 0 and gpu_num
  // > 4 else 4` in test_parallelize_api.py; `device_count()` under NCCL,
  // else `super().world_size`, in test_c10d_object_collectives.py), which
  // is what the runtime gives on a CPU runner and the fewest devices the
  // class runs with anywhere; for other conditions it is the most any
  // runner is asked for, so a class is never planned on too few.
  int64_t most = 0;
  for (const DeviceCount& v : arms.values) {
    if (v.state == DeviceCount::State::Absent) continue;  // super().world_size
    if (v.state != DeviceCount::State::Known) {
      c.world_size = unknown;
      return;
    }
    most = std::max(most, v.value);
  }
  bool inherits = std::any_of(arms.values.begin(), arms.values.end(),
                              [](const DeviceCount& v) { return v.state == DeviceCount::State::Absent; });
  // Beside the inherited size only adaptive arms fold here: the inherited
  // value is resolve's (the MRO), so max(8, inherited) is not known yet.
  if (inherits) c.world_size = most > 0 ? unknown : DeviceCount{};
  else c.world_size = DeviceCount{DeviceCount::State::Known, most, "def world_size"};
}

void Extractor::fold_arms(TSNode value, CountArms& arms) const {
  NodeKind kind = g_.kind(value);
  if (kind == NodeKind::ParenthesizedExpression) return fold_arms(ts::named_child(value, 0), arms);
  if (kind == NodeKind::ConditionalExpression) {  // a if cond else b: arms a and b
    fold_arms(ts::named_child(value, 0), arms);
    fold_arms(ts::named_child(value, 2), arms);
    return;
  }
  if (kind == NodeKind::Identifier) {
    auto it = arms.locals.find(text(value));
    if (it != arms.locals.end()) {
      arms.values.push_back(it->second);
      return;
    }
  }
  if (fold_whitespace(text(value)) == "super().world_size") {
    arms.values.push_back(DeviceCount{});
    return;
  }
  arms.values.push_back(fold_count(value));
}

// Collects the returns of BLOCK and the blocks of its `if` statements;
// true when every path through it returns (a property that may fall off its
// end returns None, which no runner reads as a count).
bool Extractor::collect_returns(TSNode block, CountArms& arms) const {
  for (uint32_t i = 0; i < ts::named_child_count(block); ++i) {
    TSNode s = ts::named_child(block, i);
    NodeKind kind = g_.kind(s);
    if (kind == NodeKind::Comment) continue;
    if (kind == NodeKind::ExpressionStatement) {
      // `n = torch.cuda.device_count()`: a local the returns may name (a
      // second binding of the name makes it unreadable); a docstring or a
      // call changes no count.
      TSNode e = ts::named_child(s, 0);
      if (g_.kind(e) == NodeKind::AugmentedAssignment) arms.readable = false;
      if (g_.kind(e) != NodeKind::Assignment) continue;
      TSNode left = ts::child_by_field_id(e, g_.f_left), right = ts::child_by_field_id(e, g_.f_right);
      if (g_.kind(left) != NodeKind::Identifier || ts::is_null(right)) continue;
      std::string name(text(left));
      DeviceCount folded = fold_count(right);
      auto [it, fresh] = arms.locals.emplace(name, folded);
      if (!fresh) it->second = DeviceCount{DeviceCount::State::Unknown, 0, name};
      continue;
    }
    if (is_type(s, "return_statement")) {
      TSNode value = ts::named_child(s, 0);
      if (ts::is_null(value)) arms.readable = false;
      else fold_arms(value, arms);
      return true;  // what follows does not run
    }
    if (kind != NodeKind::IfStatement) {
      arms.readable = false;  // a loop, a try, a nested def: beyond this reading
      return false;
    }
    bool every = collect_returns(ts::child_by_field_id(s, g_.f_consequence), arms), has_else = false;
    for (uint32_t k = 0; k < ts::named_child_count(s); ++k) {
      TSNode clause = ts::named_child(s, k);
      NodeKind ck = g_.kind(clause);
      if (ck == NodeKind::ElifClause) every = collect_returns(ts::child_by_field_id(clause, g_.f_consequence), arms) && every;
      if (ck == NodeKind::ElseClause) {
        has_else = true;
        every = collect_returns(ts::child_by_field_id(clause, g_.f_body), arms) && every;
      }
    }
    if (every && has_else) return true;
  }
  return false;
}

}  // namespace hwclass
