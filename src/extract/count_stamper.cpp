// A test file's own decorator that stamps a device need (contract 5.8):
// upstream's conftest reads `_min_gpus_required` (and the other
// [device_count] stamp_attributes) on a test function and along its
// __wrapped__ chain, whoever set it, so
//
//     def _requires_multi_gpu(fn):
//         @functools.wraps(fn)
//         def wrapper(*args, **kwargs): ...
//         wrapper._min_gpus_required = 4
//         return wrapper
//
// makes `@_requires_multi_gpu` a stamped decorator asking for 4.
#include <algorithm>
#include <vector>

#include "extract/extractor_impl.h"

namespace hwclass {
namespace {

// Deep enough for any decorator's body; a deeper tree is not a decorator.
constexpr size_t kMaxStamperNodes = 20000;

}  // namespace

void Extractor::read_count_stamper(TSNode function) {
  if (vocab_.count_stamp_attributes.empty()) return;
  Method outer;
  read_parameters(ts::child_by_field_id(function, g_.f_parameters), outer);
  const std::string name(text(ts::child_by_field_id(function, g_.f_name)));
  std::vector<TSNode> todo{ts::child_by_field_id(function, g_.f_body)};
  for (size_t seen = 0; !todo.empty() && seen < kMaxStamperNodes; ++seen) {
    TSNode node = todo.back();
    todo.pop_back();
    if (ts::is_null(node)) continue;
    for (uint32_t i = ts::named_child_count(node); i > 0; --i) todo.push_back(ts::named_child(node, i - 1));
    if (g_.kind(node) != NodeKind::Assignment) continue;
    TSNode target = ts::child_by_field_id(node, g_.f_left);
    TSNode value = ts::child_by_field_id(node, g_.f_right);
    if (g_.kind(target) != NodeKind::Attribute || ts::is_null(value)) continue;
    std::string attribute(text(ts::child_by_field_id(target, g_.f_attribute)));
    if (std::find(vocab_.count_stamp_attributes.begin(), vocab_.count_stamp_attributes.end(), attribute) ==
        vocab_.count_stamp_attributes.end())
      continue;
    CountStamper stamper{name, fold_count(value), 0, ts::start_point(node).row + 1};
    // A factory's parameter: the count is the decorator's argument there.
    if (g_.kind(value) == NodeKind::Identifier)
      for (size_t p = 0; p < outer.parameters.size(); ++p)
        if (outer.parameters[p].name == text(value) && outer.parameters[p].kind != ParamKind::KeywordOnly &&
            outer.parameters[p].kind != ParamKind::VarArgs && outer.parameters[p].kind != ParamKind::VarKwargs)
          stamper.argument = static_cast<uint32_t>(p + 1);
    facts_.count_stampers.push_back(std::move(stamper));
  }
}

}  // namespace hwclass
