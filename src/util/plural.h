#pragma once
// English counts for messages: "1 test", "3 tests".
#include <cstddef>
#include <string>

namespace hwclass {

inline std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace hwclass
