#include "select/shards.h"

#include <algorithm>
#include <tuple>

namespace hwclass {

std::vector<TimedClass> time_classes(const std::vector<SelectedClass>& classes, const Durations& durations,
                                     const TestCounts& counts) {
  std::vector<TimedClass> out;
  double known_total = 0;
  size_t known = 0;
  for (const SelectedClass& c : classes) {
    auto it = durations.find({c.module, c.name});
    bool found = it != durations.end();
    auto count = counts.find({c.module, c.name});
    out.push_back({&c, found ? it->second : 0.0, found, count != counts.end() ? count->second : 0});
    if (found) known_total += it->second, ++known;
  }
  const double mean = known ? known_total / static_cast<double>(known) : 1.0;
  for (TimedClass& t : out)
    if (!t.known) t.seconds = mean;
  return out;
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
