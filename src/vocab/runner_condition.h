// What a condition on devices, as written in a test file, is on one runner:
// the one place hwclass reads `not torch.backends.mps.is_available()`,
// `TEST_CUDA and not TEST_WITH_ROCM` or `torch.cuda.device_count() > 0`.
//
// The atoms are data (rules/devices.toml):
// - a device's `runner_flags` (TEST_MPS, torch.backends.mps.is_available(),
//   torch.cuda.device_count()) are true exactly on a runner of that device,
//   and a device count compared with a number is read as such a flag
//   (`> 0`, `>= 1`, `!= 0` hold exactly there; `== 0`, `< 1` everywhere else);
// - a device's other `flags` and a call of its API module (SM80OrLater,
//   torch.backends.cudnn.is_available(), a count `>= 2`) only say the
//   device is needed: false on any other runner, unknown on its own;
// - anything else (IS_WINDOWS, HAS_TORCHREC) is unknown.
// `not`, `and`, `or` and parentheses combine them in three-valued logic, so
// `not TEST_MPS or IS_WINDOWS` is true on a cpu runner.
#pragma once

#include <string>
#include <string_view>

#include "vocab/vocabulary.h"

namespace hwclass {

enum class Truth { False, True, Unknown };

// `condition` on a runner of `device` (a device key, or a PrivateUse1
// backend's name); Unknown for every condition when `device` is empty.
Truth truth_on_runner(std::string_view condition, const std::string& device, const Vocabulary& vocabulary);

// The one accelerator whose runner alone can make `condition` false: a
// NoTest rebinding under it leaves a class collected only there (`not
// TEST_CUDA` -> "cuda"). Null when it is false on the host, or on several
// devices, or nowhere.
const std::string* device_where_false(std::string_view condition, const Vocabulary& vocabulary);

// How `count OP n` reads for a device count (0 without the device, at
// least 1 with it): +1 true exactly where the device is (> 0, >= 1, != 0),
// -1 exactly where it is not (== 0, < 1), 0 neither (>= 2, or an operator
// that is no comparison). extract reads a skip condition's direction with it.
int count_comparison_sense(std::string_view op, long n);

// Whether a runner's device is the PrivateUse1 slot: "privateuse1" or a
// backend [instantiate] privateuse1 names.
bool is_privateuse1_runner(std::string_view device, const Vocabulary& vocabulary);

// Whether two device names are one runner: equal, or both PrivateUse1
// backends (TEST_PRIVATEUSE1 holds on any of them).
bool same_runner(const std::string& a, const std::string& b, const Vocabulary& vocabulary);

}  // namespace hwclass
