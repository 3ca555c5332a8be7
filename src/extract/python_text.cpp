#include "extract/python_text.h"

#include <vector>

#include "parse/grammar.h"

namespace hwclass {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\\'; }

void decode_escapes(std::string_view raw, std::string& out) {
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c != '\\' || i + 1 == raw.size()) {
      out.push_back(c);
      continue;
    }
    char e = raw[++i];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case '\\': out.push_back('\\'); break;
      case '\'': out.push_back('\''); break;
      case '"': out.push_back('"'); break;
      case '\n': break;  // line continuation inside the literal
      default: out.push_back('\\'); out.push_back(e); break;
    }
  }
}

bool append_string_node(TSNode node, std::string_view source, StringLiteral& lit) {
  const Grammar& g = Grammar::get();
  uint32_t count = ts::child_count(node);
  bool raw = false;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = ts::child(node, i);
    switch (g.kind(child)) {
      case NodeKind::StringStart: {
        for (char c : node_text(child, source)) {
          if (c == 'b' || c == 'B') lit.is_bytes = true;
          if (c == 'f' || c == 'F') lit.is_fstring = true;
          if (c == 'r' || c == 'R') raw = true;
        }
        break;
      }
      case NodeKind::StringContent:
        if (raw) lit.value.append(node_text(child, source));
        else decode_escapes(node_text(child, source), lit.value);
        break;
      case NodeKind::Interpolation:
        return false;  // the rest of an f-string is not known statically
      default:
        break;
    }
  }
  return true;
}

}  // namespace

std::string fold_whitespace(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) {
      char prev = out.back();
      bool after_open = prev == '(' || prev == '[' || prev == '{';
      bool before_close = c == ')' || c == ']' || c == '}' || c == ',';
      if (!after_open && !before_close) out.push_back(' ');
      pending_space = false;
    }
    out.push_back(c);
  }
  return out;
}

std::optional<StringLiteral> string_literal(TSNode node, std::string_view source) {
  const Grammar& g = Grammar::get();
  NodeKind kind = g.kind(node);
  StringLiteral lit;
  if (kind == NodeKind::String) {
    append_string_node(node, source, lit);
    return lit;
  }
  if (kind == NodeKind::ConcatenatedString) {
    uint32_t count = ts::named_child_count(node);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode part = ts::named_child(node, i);
      if (g.kind(part) != NodeKind::String) continue;
      if (!append_string_node(part, source, lit)) break;
    }
    return lit;
  }
  if (kind == NodeKind::ParenthesizedExpression && ts::named_child_count(node) == 1)
    return string_literal(ts::named_child(node, 0), source);
  return std::nullopt;
}

std::optional<std::string> plain_string(TSNode node, std::string_view source) {
  auto lit = string_literal(node, source);
  if (!lit || lit->is_bytes || lit->is_fstring) return std::nullopt;
  return std::move(lit->value);
}

std::string python_repr(std::string_view value) {
  bool has_single = value.find('\'') != std::string_view::npos;
  bool has_double = value.find('"') != std::string_view::npos;
  char quote = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, quote);
  for (char c : value) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c == quote) out.push_back('\\');
        out.push_back(c);
    }
  }
  out.push_back(quote);
  return out;
}

namespace {

void unparse_into(TSNode node, std::string_view source, std::string& out);

void unparse_arguments(TSNode args, std::string_view source, std::string& out) {
  const Grammar& g = Grammar::get();
  out.push_back('(');
  if (g.kind(args) != NodeKind::ArgumentList) {
    // A lone generator argument: f(x for x in y)
    out += fold_whitespace(node_text(args, source));
    out.push_back(')');
    return;
  }
  // ast.unparse prints positional (and starred) arguments before keywords.
  bool first = true;
  for (int pass = 0; pass < 2; ++pass) {
    uint32_t count = ts::named_child_count(args);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode arg = ts::named_child(args, i);
      NodeKind k = g.kind(arg);
      if (k == NodeKind::Comment) continue;
      bool keyword = k == NodeKind::KeywordArgument || k == NodeKind::DictionarySplat;
      if (keyword != (pass == 1)) continue;
      if (!first) out += ", ";
      first = false;
      unparse_into(arg, source, out);
    }
  }
  out.push_back(')');
}

void unparse_sequence(TSNode node, std::string_view source, std::string& out, char open, char close, bool tuple) {
  const Grammar& g = Grammar::get();
  out.push_back(open);
  uint32_t count = ts::named_child_count(node), items = 0;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode item = ts::named_child(node, i);
    if (g.kind(item) == NodeKind::Comment) continue;
    if (items++) out += ", ";
    unparse_into(item, source, out);
  }
  if (tuple && items == 1) out.push_back(',');
  out.push_back(close);
}

// Parentheses around atoms vanish in ast.unparse; elsewhere they stay (false).
bool unparse_parenthesized(TSNode node, std::string_view source, std::string& out) {
  if (ts::named_child_count(node) != 1) return false;
  TSNode inner = ts::named_child(node, 0);
  NodeKind k = Grammar::get().kind(inner);
  if (k != NodeKind::Identifier && k != NodeKind::Attribute && k != NodeKind::Call && k != NodeKind::String &&
      k != NodeKind::Integer && k != NodeKind::Subscript)
    return false;
  unparse_into(inner, source, out);
  return true;
}

// a.b(c)[d].e: walked as a loop, not one recursion per link, so chains of
// any length cannot exhaust the stack.
void unparse_chain(TSNode node, std::string_view source, std::string& out) {
  const Grammar& g = Grammar::get();
  std::vector<TSNode> links;
  for (;;) {
    NodeKind k = g.kind(node);
    if (k == NodeKind::Attribute) {
      links.push_back(node);
      node = ts::child_by_field_id(node, g.f_object);
    } else if (k == NodeKind::Call) {
      links.push_back(node);
      node = ts::child_by_field_id(node, g.f_function);
    } else if (k == NodeKind::Subscript) {
      links.push_back(node);
      node = ts::child_by_field_id(node, g.f_value);
    } else {
      break;
    }
  }
  unparse_into(node, source, out);
  for (auto it = links.rbegin(); it != links.rend(); ++it) {
    TSNode link = *it;
    switch (g.kind(link)) {
      case NodeKind::Attribute:
        out.push_back('.');
        out += node_text(ts::child_by_field_id(link, g.f_attribute), source);
        break;
      case NodeKind::Call:
        unparse_arguments(ts::child_by_field_id(link, g.f_arguments), source, out);
        break;
      default: {
        out.push_back('[');
        uint32_t count = ts::named_child_count(link), items = 0;
        for (uint32_t i = 1; i < count; ++i) {
          if (items++) out += ", ";
          unparse_into(ts::named_child(link, i), source, out);
        }
        out.push_back(']');
      }
    }
  }
}

void unparse_into(TSNode node, std::string_view source, std::string& out) {
  const Grammar& g = Grammar::get();
  switch (g.kind(node)) {
    case NodeKind::Identifier:
    case NodeKind::Integer:
    case NodeKind::Float:
      out += node_text(node, source);
      return;
    case NodeKind::True: out += "True"; return;
    case NodeKind::False: out += "False"; return;
    case NodeKind::None: out += "None"; return;
    case NodeKind::Attribute:
    case NodeKind::Call:
    case NodeKind::Subscript:
      unparse_chain(node, source, out);
      return;
    case NodeKind::KeywordArgument:
      out += node_text(ts::child_by_field_id(node, g.f_name), source);
      out.push_back('=');
      unparse_into(ts::child_by_field_id(node, g.f_value), source, out);
      return;
    case NodeKind::ListSplat:
      out.push_back('*');
      if (ts::named_child_count(node)) unparse_into(ts::named_child(node, 0), source, out);
      return;
    case NodeKind::DictionarySplat:
      out += "**";
      if (ts::named_child_count(node)) unparse_into(ts::named_child(node, 0), source, out);
      return;
    case NodeKind::String:
    case NodeKind::ConcatenatedString: {
      auto lit = string_literal(node, source);
      if (lit && !lit->is_bytes && !lit->is_fstring) {
        out += python_repr(lit->value);
        return;
      }
      break;
    }
    case NodeKind::ParenthesizedExpression:
      if (unparse_parenthesized(node, source, out)) return;
      break;
    case NodeKind::List: unparse_sequence(node, source, out, '[', ']', false); return;
    case NodeKind::Tuple: unparse_sequence(node, source, out, '(', ')', true); return;
    case NodeKind::UnaryOperator: {
      std::string_view text = node_text(node, source);
      if (!text.empty() && ts::named_child_count(node) == 1) {
        out.push_back(text[0]);
        unparse_into(ts::named_child(node, 0), source, out);
        return;
      }
      break;
    }
    default:
      break;
  }
  out += fold_whitespace(node_text(node, source));
}

}  // namespace

std::string unparse(TSNode node, std::string_view source) {
  std::string out;
  unparse_into(node, source, out);
  return out;
}

uint32_t code_point_column(std::string_view source, uint32_t byte, uint32_t byte_column) {
  uint32_t start = byte >= byte_column ? byte - byte_column : 0;
  uint32_t column = 1;
  for (uint32_t i = start; i < byte && i < source.size(); ++i)
    if ((static_cast<unsigned char>(source[i]) & 0xC0) != 0x80) ++column;
  return column;
}

}  // namespace hwclass
