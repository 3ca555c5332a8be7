#include "select/shards.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace hwclass {

namespace {

// A sibling variant's time: the same template under another device suffix
// (all upper case, as instantiate_device_type_tests builds it), CUDA first,
// then the others but CPU by name, CPU last.
const std::pair<const DurationKey, double>* sibling_time(const SelectedClass& c, const Durations& durations) {
  if (c.device.empty()) return nullptr;
  const std::pair<const DurationKey, double>* best = nullptr;
  auto rank = [](const std::string& suffix) { return suffix == "CUDA" ? 0 : suffix == "CPU" ? 2 : 1; };
  for (auto it = durations.lower_bound({c.module, c.source_class});
       it != durations.end() && it->first.first == c.module && it->first.second.rfind(c.source_class, 0) == 0; ++it) {
    const std::string suffix = it->first.second.substr(c.source_class.size());
    if (suffix.empty() || it->first.second == c.name ||
        !std::all_of(suffix.begin(), suffix.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }))
      continue;
    if (!best || rank(suffix) < rank(best->first.second.substr(c.source_class.size()))) best = &*it;
  }
  return best;
}

size_t test_count(const TimedClass& t) { return t.collected ? t.collected : std::max<size_t>(t.cls->tests, 1); }

}  // namespace

std::vector<TimedClass> time_classes(const std::vector<SelectedClass>& classes, const Durations& durations,
                                     const TestCounts& counts) {
  std::vector<TimedClass> out;
  double known_seconds = 0, known_tests = 0;
  for (const SelectedClass& c : classes) {
    auto count = counts.find({c.module, c.name});
    TimedClass t{&c, 0.0, false, count != counts.end() ? count->second : 0, ""};
    if (auto it = durations.find({c.module, c.name}); it != durations.end()) {
      t.seconds = it->second, t.known = true;
    } else if (const auto* sibling = sibling_time(c, durations)) {
      t.seconds = sibling->second, t.known = true, t.basis = sibling->first.second;
    }
    // The rate per test comes from classes timed under their own name only.
    if (t.known && t.basis.empty()) known_seconds += t.seconds, known_tests += static_cast<double>(test_count(t));
    out.push_back(t);
  }
  const double per_test = known_tests > 0 ? known_seconds / known_tests : 1.0;
  for (TimedClass& t : out)
    if (!t.known) t.seconds = static_cast<double>(test_count(t)) * per_test, t.basis = "tests";
  return out;
}

std::vector<std::string> untimed_notes(const std::vector<TimedClass>& timed) {
  size_t siblings = 0, counted = 0, own = 0;
  const TimedClass *first_sibling = nullptr, *first_counted = nullptr;
  for (const TimedClass& t : timed) {
    if (t.basis.empty()) ++own;
    else if (t.basis == "tests") ++counted, first_counted = first_counted ? first_counted : &t;
    else ++siblings, first_sibling = first_sibling ? first_sibling : &t;
  }
  auto classes = [](size_t n) { return std::to_string(n) + (n == 1 ? " class" : " classes"); };
  std::vector<std::string> notes;
  if (siblings)
    notes.push_back(classes(siblings) + " took a sibling variant's time (the first: " + first_sibling->cls->module +
                    "::" + first_sibling->cls->name + " as " + first_sibling->basis + ")");
  if (counted) {
    std::string rate;
    if (own) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.3g", first_counted->seconds / static_cast<double>(test_count(*first_counted)));
      rate = std::string(buffer) + " s a test, the mean of the " + classes(own) + " with a time";
    } else {
      rate = "1 s a test, as no class has a time";
    }
    notes.push_back("no duration for " + classes(counted) + " (the first: " + first_counted->cls->module + "::" +
                    first_counted->cls->name + "); each weighs its test count (collected, else its test defs) at " +
                    rate);
  }
  return notes;
}

std::vector<Shard> plan_shards(const std::vector<TimedClass>& classes, int count) {
  std::vector<const TimedClass*> order;
  for (const TimedClass& c : classes) order.push_back(&c);
  std::sort(order.begin(), order.end(), [](const TimedClass* a, const TimedClass* b) {
    return std::make_tuple(-a->seconds, std::cref(a->cls->module), std::cref(a->cls->name)) <
           std::make_tuple(-b->seconds, std::cref(b->cls->module), std::cref(b->cls->name));
  });
  std::vector<Shard> shards(static_cast<size_t>(std::max(count, 1)));
  for (size_t i = 0; i < shards.size(); ++i) shards[i].number = static_cast<int>(i) + 1;
  for (const TimedClass* c : order) {
    Shard* lightest = &shards[0];
    for (Shard& s : shards)
      if (s.seconds < lightest->seconds) lightest = &s;  // the first of equals: the lower number
    lightest->seconds += c->seconds;
    lightest->classes.push_back(c->cls);
  }
  for (Shard& s : shards)
    std::sort(s.classes.begin(), s.classes.end(), [](const SelectedClass* a, const SelectedClass* b) {
      return std::tie(a->module, a->name) < std::tie(b->module, b->name);
    });
  std::erase_if(shards, [](const Shard& s) { return s.classes.empty(); });
  return shards;
}

}  // namespace hwclass
