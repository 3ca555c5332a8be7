// Balanced shards: deterministic longest-processing-time-first over the
// selected classes, so every runner that computes the plan from the same
// inputs gets the same one (the ecosystem's 6.3).
#pragma once

#include <string>
#include <vector>

#include "select/durations.h"
#include "select/selection.h"

namespace hwclass {

struct TimedClass {
  const SelectedClass* cls;
  double seconds;
  bool known;  // from a report; else the mean of the known ones
  size_t collected = 0;  // the tests a JUnit report ran it as; 0 when none says
};

struct Shard {
  int number = 0;  // 1-based
  double seconds = 0;
  std::vector<const SelectedClass*> classes;  // in (module, name) order
};

// Each class's duration under the name it runs as (the timing files key
// instantiated names), else the mean of the known ones (1 s when none is).
std::vector<TimedClass> time_classes(const std::vector<SelectedClass>& classes, const Durations& durations,
                                     const TestCounts& counts = {});

// LPT: sort by (-seconds, module, name), give each to the lightest shard,
// ties to the lower number. Shards left empty are dropped.
std::vector<Shard> plan_shards(const std::vector<TimedClass>& classes, int count);

}  // namespace hwclass
