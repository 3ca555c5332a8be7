// The burn-down figures a maintainer reads off the history: what moved
// this week, and when the allowlist reaches zero at the recent pace.
#include <algorithm>
#include <set>

#include "report/report.h"
#include "util/utc_date.h"

namespace hwclass {
namespace {

constexpr int64_t kDay = 24 * 3600;
constexpr int64_t kWeek = 7 * kDay;
constexpr int kWindowDays = 28;

// The newest point at least `span` older than the last one, else the first.
const HistoryPoint& back_from_last(const std::vector<HistoryPoint>& history, int64_t span) {
  const HistoryPoint* found = &history.front();
  for (const HistoryPoint& p : history)
    if (p.time <= history.back().time - span) found = &p;
  return *found;
}

long change(size_t now, size_t then) { return static_cast<long>(now) - static_cast<long>(then); }

// The pace from `from` to `now` over `days`, and the date (from `last`) it
// reaches zero; no date when not shrinking.
void project(size_t from, size_t now, double days, int64_t last, const std::string& last_date, double& pace,
             std::string& zero_date) {
  pace = static_cast<double>(change(from, now)) / days;
  if (pace <= 0) return;
  if (now == 0) {
    zero_date = last_date;
    return;
  }
  zero_date = utc_date(last + static_cast<int64_t>(static_cast<double>(now) / pace * kDay + 0.5));
}

size_t owned(const HistoryPoint& p, const std::string& owner) {
  auto it = p.allowlist_by_owner.find(owner);
  return it == p.allowlist_by_owner.end() ? 0 : it->second;
}

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
  // The window starts at the oldest point inside the last 28 days, so that
  // its pace is measured over the days the points span, not over the
  // nominal 28; and not before the allowlist's baseline, since its growth
  // from nothing there is no pace (the sentence states the span).
  const HistoryPoint* start = nullptr;
  for (const HistoryPoint& p : history)
    if (p.time >= last.time - kWindowDays * kDay && (!start || p.baseline)) start = &p;
  double days = static_cast<double>(last.time - start->time) / kDay;
  t.window_from = start->date;
  t.window_to = last.date;
  t.window_days = static_cast<int>(days + 0.5);
  if (days < 1) return t;  // less than a day of history has no pace
  project(start->allowlist, last.allowlist, days, last.time, last.date, t.pace_per_day, t.zero_date);
  std::set<std::string> owners;
  for (const HistoryPoint* p : {start, &last})
    for (const auto& [owner, n] : p->allowlist_by_owner) owners.insert(owner);
  for (const std::string& owner : owners) {
    OwnerTrend o{owner, owned(*start, owner), owned(last, owner), 0, ""};
    project(o.from, o.now, days, last.time, last.date, o.pace_per_day, o.zero_date);
    t.owners.push_back(std::move(o));
  }
  std::stable_sort(t.owners.begin(), t.owners.end(),
                   [](const OwnerTrend& a, const OwnerTrend& b) { return a.now > b.now; });
  return t;
}

}  // namespace hwclass
