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

// "a, b, c".
std::string join_names(const std::vector<std::string>& names);

// "WHERE: unknown WHAT 'word'; did you mean X? (WHATs: a, b, c)", the did-you-mean
// only when closest_name has one: the one message for any misspelt id.
std::string unknown_name_message(const std::string& where, const std::string& what, const std::string& word,
                                 const std::vector<std::string>& known);

}  // namespace hwclass
