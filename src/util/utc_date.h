// A commit time as the report prints it: its UTC calendar date, so the same
// history gives the same bytes in any time zone.
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

namespace hwclass {

inline std::string utc_date(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
  return date;
}

}  // namespace hwclass
