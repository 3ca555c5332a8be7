// A plan check (select --coverage): given the jobs a CI runs, as
// (member, device) pairs, what runs in none of them. Two lists: the
// runnable units (a class as it runs: plain, or one device variant) that no
// job selects, and the ACCELERATOR classes a listed device can never run,
// because their instantiate_device_type_tests call lacks the device's
// opt-in keyword (allow_mps, allow_xpu).
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "select/selection.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct CoverageJob {
  std::string member;  // upper case
  std::string device;  // a device of the rules, or a PrivateUse1 backend
};

// "GENERIC/cpu" -> {GENERIC, cpu}; UsageError naming the job otherwise.
CoverageJob parse_coverage_job(const std::string& text, const Vocabulary& vocabulary);

struct NeverRuns {
  SelectedClass cls;    // the template as declared (name = source class)
  std::string device;   // the job's device it has no variant for
  std::string keyword;  // the opt-in keyword its call lacks
};

struct Coverage {
  std::vector<SelectedClass> uncovered;  // in (module, name) order
  std::vector<NeverRuns> never;          // by device, then (module, class)
};

// The units are what a runner of each device of the rules with a member
// (cpu, cuda, mps, xpu) and of each job's device collects, every member
// selected under `use`; a job covers what select_classes gives it.
Coverage coverage(const std::vector<FileFacts>& files, const Resolution& resolution,
                  const std::vector<Verdict>& verdicts, const std::vector<CoverageJob>& jobs,
                  TrustedClassification use, const Vocabulary& vocabulary);

}  // namespace hwclass
