// The statement scan upstream's TEST_LINTER performs (docs/upstream.md
// 2.6-2.9): module-level statements and the bodies of if/try/with/for/while,
// never function or class bodies, async with/for, match, or try with except*.
#include "extract/extractor.h"

#include <algorithm>

#include "extract/extractor_impl.h"
#include "parse/parallel_parse.h"
#include "parse/source_reader.h"

namespace hwclass {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

void extract_facts(const TSTree* tree, std::string_view source, const Vocabulary& vocabulary, FileFacts& facts) {
  Extractor(tree, source, vocabulary, facts).run();
}

void extract_syntax_issues(const TSTree* tree, std::string_view source, const Vocabulary& vocabulary,
                           FileFacts& facts) {
  Extractor(tree, source, vocabulary, facts).run_syntax_only();
}

void Extractor::run_syntax_only() {
  if (ts::has_error(ts_tree_root_node(tree_))) collect_syntax_issues();
}

FileFacts extract_source(std::string bytes, const SourceFile& file, const Vocabulary& vocabulary) {
  return std::move(parse_sources(
                       {file}, 1,
                       [&](size_t, std::string& text, FileFacts& facts) {
                         text.swap(bytes);
                         return check_source(text, facts);
                       },
                       [&](size_t, const TSTree* tree, std::string_view text, FileFacts& facts) {
                         extract_facts(tree, text, vocabulary, facts);
                       })
                       .front());
}

void Extractor::run() {
  TSNode root = ts_tree_root_node(tree_);
  scan_block(root);
  keep_own_reads();
  if (ts::has_error(root)) collect_syntax_issues();
  facts_.owners = read_owners(source_);
  facts_.statements = top_statements(root, g_);
  // Device globals are recorded after their value; a stable sort keeps
  // pre-order (outer call before inner) among sites starting together.
  std::stable_sort(facts_.sites.begin(), facts_.sites.end(), [](const DeviceSite& a, const DeviceSite& b) {
    return a.location.start_byte < b.location.start_byte;
  });
}

Location Extractor::location(TSNode node) const {
  TSPoint start = ts::start_point(node);
  uint32_t start_byte = ts::start_byte(node);
  return Location{start.row + 1, code_point_column(source_, start_byte, start.column), start_byte,
                  ts::end_byte(node)};
}

static bool has_async_token(TSNode node, const Grammar& g) {
  uint32_t count = ts::child_count(node);
  for (uint32_t i = 0; i < count && i < 2; ++i)
    if (g.kind(ts::child(node, i)) == NodeKind::Async) return true;
  return false;
}

void Extractor::scan_block(TSNode block) {
  TSTreeCursor cursor = ts_tree_cursor_new(block);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts::is_named(child)) scan_statement(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
}

// Scans a clause's body, noting what it runs under: a try body's line (an
// ImportError skips the rest of it), an `if` body's condition, or an
// unread guard (else, elif, except, loops).
void Extractor::scan_guarded_block(TSNode clause, TSNode block) {
  const uint32_t saved_try = try_line_;
  const Guard saved_guard = guard_;
  const NodeKind kind = g_.kind(clause);
  if (kind == NodeKind::TryStatement) {
    try_line_ = ts::start_point(clause).row + 1;
  } else if (kind != NodeKind::WithStatement && kind != NodeKind::FinallyClause) {  // these bodies always run
    try_line_ = 0;
    guard_.known = !guard_.guarded && kind == NodeKind::IfStatement;
    guard_.guarded = true;
    guard_.condition = kind == NodeKind::IfStatement
                           ? fold_whitespace(text(ts::child_by_field_id(clause, g_.f_condition)))
                           : "";
    guard_.line = ts::start_point(clause).row + 1;
  }
  scan_block(block);
  try_line_ = saved_try;
  guard_ = saved_guard;
}

// The bodies of a compound statement's clauses are scanned; their headers
// (conditions, context managers, iterables) are ordinary module-level code.
void Extractor::scan_clause_bodies(TSNode clause) {
  uint32_t count = ts::named_child_count(clause);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = ts::named_child(clause, i);
    switch (g_.kind(child)) {
      case NodeKind::Block: scan_guarded_block(clause, child); break;
      case NodeKind::ElifClause:
      case NodeKind::ElseClause:
      case NodeKind::ExceptClause:
      case NodeKind::FinallyClause: scan_clause_bodies(child); break;
      default: {
        Scope scope;
        scope.in_condition = g_.kind(clause) == NodeKind::IfStatement || g_.kind(clause) == NodeKind::ElifClause ||
                             g_.kind(clause) == NodeKind::WhileStatement;
        walk(child, scope);
      }
    }
  }
}

void Extractor::note_read(TSNode identifier, TSFieldId field, const Scope& scope) {
  if (field == g_.f_attribute || field == g_.f_name) return;  // x.T, T=..., def T: not reads of T
  raw_reads_.push_back(RawRead{text(identifier), module_function_, ts::start_point(identifier).row + 1,
                               top_statement_end_, scope.in_function});
}

void Extractor::keep_own_reads() {
  std::vector<std::string_view> own(module_functions_);
  for (const ClassFact& c : facts_.classes) own.push_back(c.name);
  std::sort(own.begin(), own.end());
  for (const RawRead& r : raw_reads_)
    if (std::binary_search(own.begin(), own.end(), r.name))
      facts_.name_reads.push_back(
          NameRead{std::string(r.name), std::string(r.function), r.line, r.statement_end, r.run_time});
  raw_reads_.clear();
}

void Extractor::scan_statement(TSNode statement) {
  // Where the reads in this statement run (NameRead): a top-level
  // statement's end, and the module-level function it defines.
  struct Restore {
    Extractor& e;
    std::string_view function;
    ~Restore() { --e.statement_depth_, e.module_function_ = function; }
  } restore{*this, module_function_};
  if (statement_depth_++ == 0) {
    top_statement_end_ = ts::end_byte(statement);
    if (g_.kind(statement) == NodeKind::IfStatement && !facts_.main_guard_byte &&
        text(ts::child_by_field_id(statement, g_.f_condition)).find("__name__") != std::string_view::npos)
      facts_.main_guard_byte = ts::start_byte(statement);
  }
  {
    TSNode definition = g_.kind(statement) == NodeKind::DecoratedDefinition
                            ? ts::child_by_field_id(statement, g_.f_definition)
                            : statement;
    if (g_.kind(definition) == NodeKind::FunctionDefinition) {
      module_function_ = text(ts::child_by_field_id(definition, g_.f_name));
      module_functions_.push_back(module_function_);
    }
  }
  // A module-level skip under a condition (not the main guard's, which
  // pytest never runs).
  if (guard_.guarded && !facts_.module_skip_line && guard_.condition.find("__name__") == std::string::npos &&
      statement_skips_test(statement))
    facts_.module_skip_line = ts::start_point(statement).row + 1;
  switch (g_.kind(statement)) {
    case NodeKind::ClassDefinition:
      scan_class(statement, TSNode{});
      return;
    case NodeKind::DecoratedDefinition: {
      TSNode definition = ts::child_by_field_id(statement, g_.f_definition);
      if (g_.kind(definition) == NodeKind::ClassDefinition) {
        scan_class(definition, statement);
        return;
      }
      if (g_.kind(definition) == NodeKind::FunctionDefinition) read_module_function(definition);
      break;
    }
    case NodeKind::FunctionDefinition:
      read_module_function(statement);
      break;
    case NodeKind::IfStatement:
    case NodeKind::WhileStatement:
      scan_clause_bodies(statement);
      return;
    case NodeKind::ForStatement:
    case NodeKind::WithStatement:
      if (has_async_token(statement, g_)) break;
      scan_clause_bodies(statement);
      return;
    case NodeKind::TryStatement: {
      uint32_t count = ts::named_child_count(statement);
      bool except_star = false;
      for (uint32_t i = 0; i < count; ++i)
        except_star |= g_.kind(ts::named_child(statement, i)) == NodeKind::ExceptGroupClause;
      if (except_star) break;
      scan_clause_bodies(statement);
      return;
    }
    case NodeKind::Error:
      // Error recovery can wrap whole statements; still find what they hold.
      scan_block(statement);
      return;
    case NodeKind::ExpressionStatement: {
      TSNode expression = ts::named_child(statement, 0);
      NodeKind kind = g_.kind(expression);
      if (kind == NodeKind::Call) {
        read_instantiation(expression, true);
      } else if (kind == NodeKind::Assignment) {
        size_t sites_before = facts_.sites.size();
        walk(statement, Scope{});
        read_device_global(expression, sites_before);
        read_notest_rebinding(expression);
        read_module_binding(expression);
        return;
      }
      if (kind == NodeKind::AugmentedAssignment) read_module_binding(expression);
      break;
    }
    case NodeKind::DeleteStatement:
      read_module_binding(statement);
      break;
    case NodeKind::ImportStatement:
    case NodeKind::ImportFromStatement:
    case NodeKind::FutureImportStatement:
      read_import(statement);
      return;
    case NodeKind::Comment:
      return;
    default:
      break;
  }
  walk(statement, Scope{});
}


ModuleGate Extractor::module_gate() const {
  if (!guard_.guarded) return {};
  return ModuleGate{true, guard_.known, guard_.known ? guard_.condition : "", guard_.line};
}

void Extractor::scan_class(TSNode class_node, TSNode decorated) {
  size_t index = facts_.classes.size();
  facts_.classes.emplace_back();
  {
    ClassFact& c = facts_.classes.back();
    c.gate = module_gate();
    c.name = std::string(text(ts::child_by_field_id(class_node, g_.f_name)));
    c.line = ts::start_point(class_node).row + 1;
    c.column = location(class_node).column;
    TSNode body = ts::child_by_field_id(class_node, g_.f_body);
    c.body_start_byte = ts::start_byte(body);
    c.body_end_byte = ts::end_byte(body);
    for (uint32_t i = 0; i < ts::named_child_count(body); ++i) {
      TSNode first = ts::named_child(body, i);
      if (g_.kind(first) == NodeKind::Comment) continue;
      TSNode value = ts::named_child(first, 0);
      bool docstring = g_.kind(first) == NodeKind::ExpressionStatement && ts::named_child_count(first) == 1 &&
                       (g_.kind(value) == NodeKind::String || g_.kind(value) == NodeKind::ConcatenatedString);
      if (docstring) c.docstring_end_byte = ts::end_byte(first);
      break;
    }
    TSNode superclasses = ts::child_by_field_id(class_node, g_.f_superclasses);
    if (!ts::is_null(superclasses)) {
      uint32_t count = ts::named_child_count(superclasses);
      for (uint32_t i = 0; i < count; ++i) {
        TSNode base = ts::named_child(superclasses, i);
        NodeKind k = g_.kind(base);
        if (k == NodeKind::KeywordArgument || k == NodeKind::Comment || k == NodeKind::DictionarySplat) continue;
        c.bases.push_back(fold_whitespace(text(base)));
      }
    }
  }

  Scope scope;
  scope.class_index = static_cast<int>(index);
  uint32_t statement_index = 0;
  if (!ts::is_null(decorated)) {
    uint32_t count = ts::named_child_count(decorated);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = ts::named_child(decorated, i);
      if (g_.kind(child) != NodeKind::Decorator) continue;
      facts_.classes[index].decorators.push_back(read_decorator(child));
      scope.walk_statement = statement_index++;
      walk(child, scope);
    }
  }
  if (guard_.guarded && guard_.known) {
    scope.walk_statement = statement_index;
    note_host_gate(class_node, scope);
  }
  TSNode superclasses = ts::child_by_field_id(class_node, g_.f_superclasses);
  if (!ts::is_null(superclasses)) {
    scope.walk_statement = kOutsideClassBody;
    walk(superclasses, scope);
  }

  TSNode body = ts::child_by_field_id(class_node, g_.f_body);
  TSTreeCursor cursor = ts_tree_cursor_new(body);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode statement = ts_tree_cursor_current_node(&cursor);
      if (!ts::is_named(statement) || g_.kind(statement) == NodeKind::Comment) continue;
      scan_class_statement(statement, index, statement_index++);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);

  ClassFact& c = facts_.classes[index];
  for (const Method& m : c.methods) c.is_test_class |= m.is_test;
}

// A class defined under `if HAS_CPU:` (or `if HAS_CPU and ...:`) exists
// only where a CPU-only feature does: HAS_CPU is inductor's C++ compiler,
// and such classes test that backend (contract 14 rule 2: CPU). Each
// conjunct of the gate that is a host flag is a need of every test, as
// @skipIfNoFBGEMM is; a gate with `or` is not read.
void Extractor::note_host_gate(TSNode class_node, const Scope& scope) {
  const std::string& condition = guard_.condition;
  if (condition.find(" or ") != std::string::npos) return;
  for (size_t start = 0; start <= condition.size();) {
    size_t end = condition.find(" and ", start);
    std::string_view part = std::string_view(condition).substr(start, end == std::string::npos ? end : end - start);
    start = end == std::string::npos ? condition.size() + 1 : end + 5;
    while (!part.empty() && (part.front() == '(' || part.front() == ' ')) part.remove_prefix(1);
    while (!part.empty() && (part.back() == ')' || part.back() == ' ')) part.remove_suffix(1);
    const std::string* device = vocab_.flag_device(part);
    if (!device || vocab_.kind_of(std::string_view(*device)) != DeviceKind::Host) continue;
    add_site(SiteKind::DeviceDecorator, DeviceName::one(*device), "if " + condition + ":", class_node, scope).role =
        DecoratorRole::Requires;
    return;
  }
}

void Extractor::scan_class_statement(TSNode statement, size_t class_index, uint32_t statement_index) {
  Scope scope;
  scope.class_index = static_cast<int>(class_index);
  scope.walk_statement = statement_index;
  NodeKind kind = g_.kind(statement);
  read_world_size(statement, facts_.classes[class_index]);
  TSNode function{};
  if (kind == NodeKind::FunctionDefinition) {
    function = statement;
  } else if (kind == NodeKind::DecoratedDefinition) {
    TSNode definition = ts::child_by_field_id(statement, g_.f_definition);
    if (g_.kind(definition) == NodeKind::FunctionDefinition) function = definition;
  } else if (kind == NodeKind::ExpressionStatement) {
    Declaration& declaration = facts_.classes[class_index].declaration;
    if (declaration.state == DeclarationState::Absent) read_declaration(statement, declaration);
    TSNode assignment = ts::named_child(statement, 0);
    TSNode target = g_.kind(assignment) == NodeKind::Assignment ? ts::child_by_field_id(assignment, g_.f_left) : TSNode{};
    if (g_.kind(target) == NodeKind::Identifier && starts_with(text(target), "test"))
      facts_.classes[class_index].test_named_values.emplace_back(text(target), ts::start_point(statement).row + 1);
  }
  if (!ts::is_null(function)) {
    auto& methods = facts_.classes[class_index].methods;
    methods.push_back(read_method(function, kind == NodeKind::DecoratedDefinition ? statement : TSNode{}));
    scope.method = &methods.back();
  }
  walk(statement, scope);
}

Method Extractor::read_method(TSNode function, TSNode decorated) const {
  Method m;
  m.name = std::string(text(ts::child_by_field_id(function, g_.f_name)));
  m.line = ts::start_point(function).row + 1;
  m.column = location(function).column;
  m.is_async = has_async_token(function, g_);
  m.is_test = starts_with(m.name, "test");
  TSNode whole = ts::is_null(decorated) ? function : decorated;
  m.start_byte = ts::start_byte(whole);
  m.end_byte = ts::end_byte(whole);
  m.body_start_byte = ts::start_byte(ts::child_by_field_id(function, g_.f_body));
  TSNode parameters = ts::child_by_field_id(function, g_.f_parameters);
  read_parameters(parameters, m);
  if (!ts::is_null(parameters) && ts::named_child_count(parameters) > 0) {
    TSNode first = ts::named_child(parameters, 0);
    if (g_.kind(first) == NodeKind::Identifier && text(first) == "self") m.self_end_byte = ts::end_byte(first);
  }
  if (!ts::is_null(decorated)) {
    uint32_t count = ts::named_child_count(decorated);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = ts::named_child(decorated, i);
      if (g_.kind(child) == NodeKind::Decorator) m.decorators.push_back(read_decorator(child));
    }
  }
  return m;
}

void Extractor::read_parameters(TSNode parameters, Method& method) const {
  if (ts::is_null(parameters)) return;
  bool keyword_only = false;
  uint32_t count = ts::named_child_count(parameters);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode p = ts::named_child(parameters, i);
    NodeKind kind = g_.kind(p);
    if (kind == NodeKind::TypedParameter && ts::named_child_count(p) > 0) {
      TSNode inner = ts::named_child(p, 0);
      if (g_.kind(inner) == NodeKind::ListSplatPattern || g_.kind(inner) == NodeKind::DictionarySplatPattern ||
          g_.kind(inner) == NodeKind::Identifier) {
        p = inner;
        kind = g_.kind(inner);
      }
    }
    Parameter param;
    switch (kind) {
      case NodeKind::Identifier:
        param.name = std::string(text(p));
        break;
      case NodeKind::DefaultParameter:
      case NodeKind::TypedDefaultParameter:
        param.name = std::string(text(ts::child_by_field_id(p, g_.f_name)));
        param.has_default = true;
        break;
      case NodeKind::ListSplatPattern:
        param.kind = ParamKind::VarArgs;
        if (ts::named_child_count(p)) param.name = std::string(text(ts::named_child(p, 0)));
        method.parameters.push_back(std::move(param));
        keyword_only = true;
        continue;
      case NodeKind::DictionarySplatPattern:
        param.kind = ParamKind::VarKwargs;
        if (ts::named_child_count(p)) param.name = std::string(text(ts::named_child(p, 0)));
        method.parameters.push_back(std::move(param));
        continue;
      case NodeKind::KeywordSeparator:
        keyword_only = true;
        continue;
      case NodeKind::PositionalSeparator:
        for (Parameter& earlier : method.parameters) earlier.kind = ParamKind::PositionalOnly;
        continue;
      default:
        continue;
    }
    param.kind = keyword_only ? ParamKind::KeywordOnly : ParamKind::Regular;
    method.parameters.push_back(std::move(param));
  }
}

Decorator Extractor::read_decorator(TSNode decorator) const {
  Decorator d;
  d.line = ts::start_point(decorator).row + 1;
  d.column = location(decorator).column;
  TSNode expression = ts::named_child(decorator, 0);
  for (uint32_t i = 0; g_.kind(expression) == NodeKind::Comment; ++i)
    expression = ts::named_child(decorator, i + 1);
  d.text = fold_whitespace(text(expression));
  if (g_.kind(expression) == NodeKind::Call) {
    d.count_arguments = positional_counts(expression);
    expression = ts::child_by_field_id(expression, g_.f_function);
  }
  d.name = std::string(callee_name(expression));
  return d;
}

}  // namespace hwclass
