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

// What classify lists (analysis.h's listed_verdicts), for a run that reads
// nothing else of the analysis: every class whose tests run, in file order.
std::vector<Verdict> classify(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const Vocabulary& vocabulary, int jobs = 1);

Verdict classify_class(const std::vector<FileFacts>& files, const Resolution& resolution,
                       const Vocabulary& vocabulary, ClassRef ref);

}  // namespace hwclass
