// The burn-down figures a maintainer reads off the history: what moved
// this week, and when the allowlist reaches zero at the recent pace.
#include <ctime>

#include "report/report.h"

namespace hwclass {
namespace {

constexpr int64_t kDay = 24 * 3600;
constexpr int64_t kWeek = 7 * kDay;
constexpr int kWindowDays = 28;

std::string utc_date(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
  return date;
}

// The newest point at least `span` older than the last one, else the first.
const HistoryPoint& back_from_last(const std::vector<HistoryPoint>& history, int64_t span) {
  const HistoryPoint* found = &history.front();
  for (const HistoryPoint& p : history)
    if (p.time <= history.back().time - span) found = &p;
  return *found;
}

long change(size_t now, size_t then) { return static_cast<long>(now) - static_cast<long>(then); }

}  // namespace

Trend compute_trend(const std::vector<HistoryPoint>& history) {
  Trend t;
  if (history.empty()) return t;
  t.known = true;
  const HistoryPoint& last = history.back();
  const HistoryPoint& week = back_from_last(history, kWeek);
  t.week_from = week.date;
  t.week_allowlist = change(last.allowlist, week.allowlist);
  t.week_unclassified = change(last.unclassified, week.unclassified);
  t.week_failing = change(last.failing, week.failing);
  // The window starts at the oldest point inside it, so that its pace is
  // measured over the days the points span, not over the nominal 28.
  const HistoryPoint* start = &history.front();
  for (const HistoryPoint& p : history)
    if (p.time >= last.time - kWindowDays * kDay) {
      start = &p;
      break;
    }
  double days = static_cast<double>(last.time - start->time) / kDay;
  t.window_days = static_cast<int>(days + 0.5);
  if (days < 1) return t;  // less than a day of history has no pace
  t.pace_per_day = static_cast<double>(change(start->allowlist, last.allowlist)) / days;
  if (t.pace_per_day <= 0) return t;
  if (last.allowlist == 0) {
    t.zero_date = last.date;
    return t;
  }
  double to_zero = static_cast<double>(last.allowlist) / t.pace_per_day;
  t.zero_date = utc_date(last.time + static_cast<int64_t>(to_zero * kDay + 0.5));
  return t;
}

}  // namespace hwclass
