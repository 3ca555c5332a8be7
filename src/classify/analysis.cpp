#include "classify/analysis.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "classify/bases.h"
#include "classify/classifier.h"
#include "facts/queries.h"

namespace hwclass {
namespace {

// A class whose tests run: its own, inherited, or added at run time, which
// the runtime filters as much as the others: by setattr, or by a class
// decorator on a class instantiate_device_type_tests is given (the
// instantiate call is then the evidence).
bool tests_run(const Analysis& a, ClassRef ref) {
  const FileFacts& file = a.files[static_cast<size_t>(ref.file)];
  const ClassFact& cls = file.classes[static_cast<size_t>(ref.cls)];
  const ResolvedClass& resolved = a.resolution.of(ref);
  const bool injected =
      gets_tests_at_run_time(file, cls.name) || (!cls.decorators.empty() && resolved.instantiation >= 0);
  return !resolved.tests.empty() || injected;
}

}  // namespace

const Verdict* Analysis::verdict(ClassRef ref) const {
  if (!ref.valid() || static_cast<size_t>(ref.file) >= by_class.size()) return nullptr;
  const auto& file = by_class[static_cast<size_t>(ref.file)];
  if (static_cast<size_t>(ref.cls) >= file.size() || !file[static_cast<size_t>(ref.cls)]) return nullptr;
  return &*file[static_cast<size_t>(ref.cls)];
}

Analysis analyze_without_verdicts(const std::vector<FileFacts>& files, const Resolution& resolution,
                                  const Vocabulary& vocabulary) {
  return Analysis{files, resolution, vocabulary};
}

Analysis analyze(const std::vector<FileFacts>& files, const Resolution& resolution, const Vocabulary& vocabulary,
                 size_t reported, int jobs) {
  std::vector<bool> judged(files.size(), false);
  std::fill_n(judged.begin(), std::min(reported, files.size()), true);
  return analyze(files, resolution, vocabulary, judged, jobs);
}

Analysis analyze(const std::vector<FileFacts>& files, const Resolution& resolution, const Vocabulary& vocabulary,
                 const std::vector<bool>& judged, int jobs) {
  Analysis a{files, resolution, vocabulary};
  a.by_class.resize(std::min(judged.size(), files.size()));
  std::vector<ClassRef> asked;
  for (size_t f = 0; f < a.by_class.size(); ++f) {
    a.by_class[f].resize(files[f].classes.size());
    if (!judged[f]) continue;
    for (size_t k = 0; k < files[f].classes.size(); ++k) {
      ClassRef ref{static_cast<int>(f), static_cast<int>(k)};
      if (files[f].classes[k].is_test_class || tests_run(a, ref)) asked.push_back(ref);
    }
  }
  // Each verdict reads only the facts and the resolution, and lands in its
  // own slot, so the threads share nothing they write.
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < asked.size();) {
      const ClassRef ref = asked[i];
      a.by_class[static_cast<size_t>(ref.file)][static_cast<size_t>(ref.cls)] =
          classify_class(files, resolution, vocabulary, ref);
    }
  };
  std::vector<std::thread> pool;
  const size_t threads = std::min(asked.size() / 64 + 1, static_cast<size_t>(std::max(jobs, 1)));
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return a;
}

std::vector<Verdict> listed_verdicts(const Analysis& a) {
  std::vector<Verdict> out;
  for (size_t f = 0; f < a.by_class.size(); ++f)
    for (size_t k = 0; k < a.by_class[f].size(); ++k) {
      ClassRef ref{static_cast<int>(f), static_cast<int>(k)};
      // Context files were read, not judged: they have no verdicts to list.
      const Verdict* v = a.verdict(ref);
      if (v && tests_run(a, ref)) out.push_back(*v);
    }
  add_base_verdicts(a, out);
  return out;
}

}  // namespace hwclass
