// Whether an `if` guards the test it sits in: a branch that skips the test
// when the condition says the device is missing. Contract 14 counts such a
// test as guarding itself (`if not TEST_CUDA: self.skipTest(...)`); the
// runtime reports it skipped on a CPU, which classify's never_runs must match.
#include "extract/extractor_impl.h"

namespace hwclass {

namespace {

// unittest's and pytest's ways to skip from inside a test: the method
// `self.skipTest(...)`, `pytest.skip(...)`, and raising unittest.SkipTest
// (or a subclass spelt *SkipTest). An early `return` is not a skip: the test
// passes on the CPU, so its device code must be judged as running there.
bool is_skip_callee(std::string_view name) { return name == "skipTest" || name == "skip"; }

}  // namespace

bool Extractor::statement_skips_test(TSNode statement) const {
  TSNode expression = ts::named_child(statement, 0);
  switch (g_.kind(statement)) {
    case NodeKind::ExpressionStatement:
      return g_.kind(expression) == NodeKind::Call &&
             is_skip_callee(callee_name(ts::child_by_field_id(expression, g_.f_function)));
    case NodeKind::RaiseStatement: {
      if (g_.kind(expression) == NodeKind::Call) expression = ts::child_by_field_id(expression, g_.f_function);
      return std::string_view(callee_name(expression)).ends_with("SkipTest");
    }
    default: return false;
  }
}

bool Extractor::block_skips_test(TSNode block) const {
  if (g_.kind(block) != NodeKind::Block) return false;
  for (uint32_t i = 0; i < ts::named_child_count(block); ++i)
    if (statement_skips_test(ts::named_child(block, i))) return true;
  return false;
}

// `if not TEST_CUDA: self.skipTest(...)`, and `if TEST_CUDA: ... else:
// self.skipTest(...)`: either branch of an if or elif may hold the skip.
bool Extractor::branch_skips_test(TSNode if_or_elif) const {
  if (block_skips_test(ts::child_by_field_id(if_or_elif, g_.f_consequence))) return true;
  for (uint32_t i = 0; i < ts::named_child_count(if_or_elif); ++i) {
    TSNode clause = ts::named_child(if_or_elif, i);
    if (g_.kind(clause) == NodeKind::ElseClause && block_skips_test(ts::child_by_field_id(clause, g_.f_body))) return true;
  }
  return false;
}

}  // namespace hwclass
