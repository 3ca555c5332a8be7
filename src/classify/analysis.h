// The analysis every stage after classify reads: the scanned files, their
// resolution across files, and classify's verdict on each class, computed
// once per run. Lint's fix marks and classification-mismatch, fix's plans,
// explain and report read these verdicts; none of them classifies again
// (issue 31).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

class RunStats;

struct Analysis {
  const std::vector<FileFacts>& files;
  const Resolution& resolution;
  const Vocabulary& vocabulary;
  // classify_class's verdict on each class a later stage asks about (a
  // class lint checks, or one whose tests run) in the files the run reports
  // on, by file, then class index; empty when the run needs no verdicts
  // (upstream's rules alone).
  std::vector<std::vector<std::optional<Verdict>>> by_class = {};
  // Counts the lint passes and fix plans later stages run on these files
  // (util/run_stats.h); null when nothing counts.
  RunStats* stats = nullptr;

  // The class's verdict; null when it was not classified.
  const Verdict* verdict(ClassRef ref) const;
};

// Classifies every class a later stage may ask about in the first `reported`
// files, the ones the run reports on; the files after them are context
// (bases and helpers they import, or their importers), read but not judged.
// On `jobs` threads; the verdicts are the same for any number.
Analysis analyze(const std::vector<FileFacts>& files, const Resolution& resolution, const Vocabulary& vocabulary,
                 size_t reported = SIZE_MAX, int jobs = 1);

// The same for the files `judged` marks (a hook's changed files and what
// they affect): no other file's classes are classified.
Analysis analyze(const std::vector<FileFacts>& files, const Resolution& resolution, const Vocabulary& vocabulary,
                 const std::vector<bool>& judged, int jobs = 1);

// The files and resolution with no verdicts, for runs of upstream's rules.
Analysis analyze_without_verdicts(const std::vector<FileFacts>& files, const Resolution& resolution,
                                  const Vocabulary& vocabulary);

// What `hwclass classify` lists: the verdict of every class whose tests run
// (its own, inherited or added at run time) in the judged files, then the
// test-less bases that declare for their subclasses (classify/bases.h), in
// class order.
std::vector<Verdict> listed_verdicts(const Analysis& analysis);

}  // namespace hwclass
