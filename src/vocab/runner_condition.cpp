#include "vocab/runner_condition.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace hwclass {

bool is_privateuse1_runner(std::string_view device, const Vocabulary& vocabulary) {
  return device == "privateuse1" || std::find(vocabulary.privateuse1_devices.begin(),
                                              vocabulary.privateuse1_devices.end(), device) !=
                                        vocabulary.privateuse1_devices.end();
}

bool same_runner(const std::string& a, const std::string& b, const Vocabulary& vocabulary) {
  return a == b || (is_privateuse1_runner(a, vocabulary) && is_privateuse1_runner(b, vocabulary));
}

namespace {

bool count_holds(std::string_view op, long count, long n) {
  if (op == ">") return count > n;
  if (op == ">=") return count >= n;
  if (op == "<") return count < n;
  if (op == "<=") return count <= n;
  if (op == "==") return count == n;
  return count != n;  // "!=", the only other operator read
}

// Counts standing for "at least one": the smallest, the one past n, a large one.
std::vector<long> present_counts(long n) { return {1, n + 1, 1L << 20}; }

}  // namespace

int count_comparison_sense(std::string_view op, long n) {
  if (op != ">" && op != ">=" && op != "<" && op != "<=" && op != "==" && op != "!=") return 0;
  bool all = true, none = true;
  for (long c : present_counts(n)) (count_holds(op, c, n) ? none : all) = false;
  const bool absent = count_holds(op, 0, n);
  return all && !absent ? 1 : none && absent ? -1 : 0;
}

namespace {

std::string without_spaces(std::string_view text) {
  std::string out;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

Truth negate(Truth t) { return t == Truth::Unknown ? t : t == Truth::True ? Truth::False : Truth::True; }
Truth both(Truth a, Truth b) {
  if (a == Truth::False || b == Truth::False) return Truth::False;
  return a == Truth::True && b == Truth::True ? Truth::True : Truth::Unknown;
}
Truth either(Truth a, Truth b) {
  if (a == Truth::True || b == Truth::True) return Truth::True;
  return a == Truth::False && b == Truth::False ? Truth::False : Truth::Unknown;
}

// What one operand says about devices (the header's three kinds of atom).
struct Atom {
  enum class Kind { Runner, Needs, Other } kind = Kind::Other;
  std::string device;
  std::optional<long> number;  // an integer literal
};

Atom read_atom(const std::string& text, const Vocabulary& vocabulary) {
  Atom a;
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    a.number = text.size() < 9 ? std::stol(text) : 999999999L;
    return a;
  }
  for (const DeviceInfo& d : vocabulary.devices)
    for (const std::string& flag : d.runner_flags)
      if (without_spaces(flag) == text) return Atom{Atom::Kind::Runner, d.key, {}};
  auto needs = [&](const std::string* device) {
    if (device && vocabulary.kind_of(*device) == DeviceKind::Accelerator) a = Atom{Atom::Kind::Needs, *device, {}};
    return a.kind == Atom::Kind::Needs;
  };
  if (needs(vocabulary.flag_device(text))) return a;
  for (const std::string& value : vocabulary.value_apis)
    if (text.rfind(value, 0) == 0) return a;  // torch.version.cuda reads the build, not the runner
  // A call or attribute of a device's API module: torch.backends.cudnn.x(),
  // torch_npu.npu.x(); the module's own name and what follows the first
  // call are not parts.
  std::string_view dotted = std::string_view(text).substr(0, text.find_first_of("(["));
  size_t dot = dotted.find('.');
  if (dot == std::string_view::npos) return a;
  std::string_view first = dotted.substr(0, dot);
  if (first != "torch" && needs(vocabulary.package_device(first))) return a;
  for (size_t at = dot + 1; at < dotted.size();) {
    size_t end = std::min(dotted.find('.', at), dotted.size());
    if (needs(vocabulary.api_module_device(dotted.substr(at, end - at)))) return a;
    at = end + 1;
  }
  return a;
}

// A recursive-descent reader of Python's boolean expressions over atoms,
// evaluated as it reads. Anything it does not know is an unknown atom; a
// condition it cannot read at all is Unknown.
class Evaluator {
 public:
  Evaluator(std::string_view text, const std::string& device, const Vocabulary& vocabulary)
      : text_(text), device_(device), vocabulary_(vocabulary) {}

  Truth run() {
    Truth t = disjunction();
    skip_spaces();
    return ok_ && at_ == text_.size() ? t : Truth::Unknown;
  }

 private:
  Truth disjunction() {
    Truth t = conjunction();
    while (keyword("or")) t = either(t, conjunction());
    return t;
  }
  Truth conjunction() {
    Truth t = inversion();
    while (keyword("and")) t = both(t, inversion());
    return t;
  }
  Truth inversion() {
    if (keyword("not")) return negate(inversion());
    return comparison();
  }
  Truth comparison() {
    skip_spaces();
    if (peek() == '(') {
      ++at_;
      Truth t = disjunction();
      skip_spaces();
      if (peek() != ')') return fail();
      ++at_;
      return t;
    }
    Atom left = read_atom(operand(), vocabulary_);
    std::string op = comparison_operator();
    if (op.empty()) return truth_of(left);
    Atom right = read_atom(operand(), vocabulary_);
    if (op == "?") return Truth::Unknown;  // is, in: not about a count
    // A count against a number: `torch.cuda.device_count() > 0`, `0 < n`.
    if (right.number && left.kind != Atom::Kind::Other) return count_truth(left, op, *right.number);
    if (left.number && right.kind != Atom::Kind::Other) return count_truth(right, mirrored(op), *left.number);
    return Truth::Unknown;
  }

  Truth truth_of(const Atom& a) const {
    if (a.kind == Atom::Kind::Other) return Truth::Unknown;
    if (!same_runner(a.device, device_, vocabulary_)) return Truth::False;
    return a.kind == Atom::Kind::Runner ? Truth::True : Truth::Unknown;
  }

  // A device's count is 0 on other runners; on its own, at least 1 for a
  // runner flag, any number for a device it only needs.
  Truth count_truth(const Atom& a, const std::string& op, long n) const {
    if (!same_runner(a.device, device_, vocabulary_)) return count_holds(op, 0, n) ? Truth::True : Truth::False;
    std::vector<long> counts = present_counts(n);
    if (a.kind == Atom::Kind::Needs) counts.push_back(0);
    bool all = true, none = true;
    for (long c : counts) (count_holds(op, c, n) ? none : all) = false;
    return all ? Truth::True : none ? Truth::False : Truth::Unknown;
  }

  static std::string mirrored(const std::string& op) {
    if (op == ">") return "<";
    if (op == "<") return ">";
    if (op == ">=") return "<=";
    if (op == "<=") return ">=";
    return op;
  }

  // The text of one operand, spaces removed: a dotted name with its calls,
  // subscripts and attributes, a number, or a string.
  std::string operand() {
    skip_spaces();
    size_t start = at_;
    if (peek() == '"' || peek() == '\'') {
      char quote = text_[at_++];
      while (at_ < text_.size() && text_[at_] != quote) at_ += text_[at_] == '\\' ? 2 : 1;
      if (at_ >= text_.size()) return fail(), "";
      ++at_;
      return std::string(text_.substr(start, at_ - start));
    }
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') {
        ++at_;
      } else if ((c == '(' || c == '[') && at_ > start) {
        int depth = 0;
        do {
          if (text_[at_] == '(' || text_[at_] == '[') ++depth;
          if (text_[at_] == ')' || text_[at_] == ']') --depth;
          ++at_;
        } while (at_ < text_.size() && depth > 0);
        if (depth) return fail(), "";
      } else {
        break;
      }
    }
    if (at_ == start) return fail(), "";
    std::string word = without_spaces(text_.substr(start, at_ - start));
    if (word == "not" || word == "and" || word == "or") return fail(), "";
    return word;
  }

  // "" when none follows; "?" for is/in, whose truth is no count's.
  std::string comparison_operator() {
    skip_spaces();
    for (const char* op : {">=", "<=", "==", "!=", ">", "<"}) {
      std::string_view o(op);
      if (text_.substr(at_, o.size()) == o) {
        at_ += o.size();
        return std::string(o);
      }
    }
    if (keyword("is")) {
      keyword("not");
      return "?";
    }
    if (keyword("in")) return "?";
    size_t saved = at_;
    if (keyword("not") && keyword("in")) return "?";
    at_ = saved;
    return "";
  }

  bool keyword(std::string_view word) {
    skip_spaces();
    if (text_.substr(at_, word.size()) != word) return false;
    size_t end = at_ + word.size();
    if (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_')) return false;
    at_ = end;
    return true;
  }
  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  Truth fail() {
    ok_ = false;
    at_ = text_.size();
    return Truth::Unknown;
  }

  std::string_view text_;
  const std::string& device_;
  const Vocabulary& vocabulary_;
  size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

Truth truth_on_runner(std::string_view condition, const std::string& device, const Vocabulary& vocabulary) {
  if (device.empty()) return Truth::Unknown;
  return Evaluator(condition, device, vocabulary).run();
}

const std::string* device_where_false(std::string_view condition, const Vocabulary& vocabulary) {
  const std::string host = vocabulary.key_of_kind(DeviceKind::Host);
  if (host.empty() || truth_on_runner(condition, host, vocabulary) != Truth::True) return nullptr;
  const std::string* found = nullptr;
  for (const DeviceInfo& d : vocabulary.devices) {
    if (d.kind != DeviceKind::Accelerator || truth_on_runner(condition, d.key, vocabulary) == Truth::True) continue;
    if (found && !same_runner(*found, d.key, vocabulary)) return nullptr;
    if (!found) found = &d.key;
  }
  return found;
}

}  // namespace hwclass
