// Classify: infer each test class's hw_classification from its facts and
// resolution, with the evidence, a migration target and split suggestions.
// Every decision is a rule documented in rules/classify.md.
#pragma once

#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Verdicts for every test class (own or inherited tests) in file order.
std::vector<Verdict> classify(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const Vocabulary& vocabulary);

Verdict classify_class(const std::vector<FileFacts>& files, const Resolution& resolution,
                       const Vocabulary& vocabulary, ClassRef ref);

}  // namespace hwclass
