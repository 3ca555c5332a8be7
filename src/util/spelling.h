// "Did you mean ...?": the closest of some known names to a misspelt one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hwclass {

// The candidate with the smallest edit distance to `word` (case-insensitive,
// Levenshtein), if it is close enough to be a likely typo (at most a third
// of the word's length, and at least 1; in words of three letters or fewer,
// with the same first letter); "" otherwise. Ties go to the first.
std::string closest_name(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace hwclass
