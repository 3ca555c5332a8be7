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
  bool known;  // from a report, under its own name or a sibling variant's
  size_t collected = 0;  // the tests a JUnit report ran it as; 0 when none says
  // Where `seconds` comes from when not its own time: a sibling variant's
  // name ("TestFooCUDA" for TestFooPRIVATEUSE1), or "tests" (its test count
  // times the mean time per test). "" for its own time.
  std::string basis;
};

struct Shard {
  int number = 0;  // 1-based
  double seconds = 0;
  std::vector<const SelectedClass*> classes;  // in (module, name) order
};

// Each class's duration under the name it runs as (the timing files key
// instantiated names); else, for a device variant, a sibling variant's time
// (the CUDA one first: a new device's variant has no history yet); else its
// test count (collected, else its test defs) times the mean time per test
// of the timed classes (1 s when none is timed): TestDecomp's 8,962 tests
// must not count as much as a class of 2.
std::vector<TimedClass> time_classes(const std::vector<SelectedClass>& classes, const Durations& durations,
                                     const TestCounts& counts = {});

// What stderr says about the classes without their own time ("" when every
// class has one): how many took a sibling's time, how many weigh their test
// count and at what rate.
std::vector<std::string> untimed_notes(const std::vector<TimedClass>& timed);

// LPT: sort by (-seconds, module, name), give each to the lightest shard,
// ties to the lower number. Shards left empty are dropped.
std::vector<Shard> plan_shards(const std::vector<TimedClass>& classes, int count);

}  // namespace hwclass
