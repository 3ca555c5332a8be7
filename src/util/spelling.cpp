#include "util/spelling.h"

#include <algorithm>

#include "util/ascii.h"

namespace hwclass {
namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string closest_name(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string lowered = ascii_lower(std::string(word));
  const size_t limit = std::max<size_t>(1, word.size() / 3);
  std::string best;
  size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    // In a word of three letters one edit is a third of it: ask for the
    // same first letter too (lnt -> lint, but not GPU -> CPU).
    if (word.size() <= 3 && (c.empty() || ascii_lower(c.substr(0, 1))[0] != lowered[0])) continue;
    size_t d = edit_distance(lowered, ascii_lower(c));
    if (d < best_distance) best_distance = d, best = c;
  }
  return best;
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string unknown_name_message(const std::string& where, const std::string& what, const std::string& word,
                                 const std::vector<std::string>& known) {
  std::string guess = closest_name(word, known);
  return where + ": unknown " + what + " '" + word + "'" + (guess.empty() ? "" : "; did you mean " + guess + "?") +
         " (" + what + "s: " + join_names(known) + ")";
}

}  // namespace hwclass
