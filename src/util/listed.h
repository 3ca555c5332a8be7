#pragma once
// Whether a short list (a rules key's names, a call's arguments) holds a
// value. One definition, because two files' private copies collide in the
// ASan preset's unity build.
#include <algorithm>
#include <vector>

namespace hwclass {

template <typename T, typename U>
bool listed(const std::vector<T>& names, const U& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace hwclass
