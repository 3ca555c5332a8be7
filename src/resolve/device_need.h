// How many devices each class and test needs: the multi-GPU axis as
// upstream computes it (contract 5.8), decided once here and read by
// select and lint (ResolvedClass::multi_process, test_min_devices,
// min_devices).
#pragma once

#include <cstdint>
#include <vector>

#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// What upstream counts when it cannot read a need (contract 5.8): 2**30.
inline constexpr int64_t kUnreadableNeed = int64_t{1} << 30;

// A multi-process test (upstream's `multigpu` marker: the class derives from
// a [multi_process] base) needs the largest of its stamped decorators'
// counts ([device_count] stamped) and the class's world_size (inherited
// through the MRO, a library base's from [multi_process] world_size; -2 is
// the runner's device count, 0 here), world_size left out in a file on a CPU
// backend; 0 when nothing asks. Any other test needs one device, or more
// when a [device_count] decorator on it or its class asks. A count that
// cannot be read is kUnreadableNeed.
void decide_device_needs(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, Resolution& resolution);

}  // namespace hwclass
