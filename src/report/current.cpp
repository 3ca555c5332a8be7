#include "report/current.h"

#include <algorithm>

#include "facts/queries.h"
#include "lint/advice.h"

namespace hwclass {
namespace {

// Which files not passing `hwclass fix` alone makes pass, decided (by
// running the fixes in memory, fix/fix_alone.h) for as many files as the
// two "next up" lists need: the most classes first until `top` pass, ties
// included; then, by fewest blocking errors, until `top` need a decision.
// aggregate() then picks the same files it would with every file decided.
void decide_fix_alone(Report& report, const Analysis& world, const std::vector<SourceFile>& sources,
                      const Vocabulary& vocabulary, const FixTargets& targets, int jobs, size_t top) {
  std::vector<FileRow>& rows = report.files;  // in the order of world.files
  std::vector<size_t> candidates;
  for (size_t i = 0; i < rows.size(); ++i)
    if (next_up_candidate(rows[i])) candidates.push_back(i);
  // In path order first, as aggregate() sees the rows, so ties fall the same way.
  std::sort(candidates.begin(), candidates.end(), [&](size_t a, size_t b) { return rows[a].path < rows[b].path; });
  std::vector<bool> decided(rows.size(), false);
  auto decide = [&](const std::vector<size_t>& files) {
    std::vector<bool> wanted(rows.size(), false);
    for (size_t i : files) wanted[i] = !decided[i];
    std::vector<std::string> why_not;
    std::vector<FixClears> fix = fix_alone(world, sources, wanted, vocabulary, targets, jobs, &why_not);
    for (size_t i : files)
      if (wanted[i]) rows[i].fix = fix[i], rows[i].why_not_fix_alone = why_not[i], decided[i] = true;
  };
  // Walks the candidates in `before` order, a batch decided at a time, until
  // `enough` says the file at position k completes the list.
  auto walk = [&](bool (*before)(const FileRow&, const FileRow&), auto enough) {
    std::vector<size_t> order = candidates;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return before(rows[a], rows[b]); });
    const size_t batch = std::max<size_t>(2 * top, 16);
    for (size_t at = 0; at < order.size(); at += batch) {
      const size_t end = std::min(order.size(), at + batch);
      decide(std::vector<size_t>(order.begin() + at, order.begin() + end));
      for (size_t k = at; k < end; ++k)
        if (enough(order, k)) return;
    }
  };
  size_t found = 0;
  walk(more_classes, [&](const std::vector<size_t>& order, size_t k) {
    found += rows[order[k]].fix != FixClears::No;
    // Past `top` found, and past the last file with as many classes as the top-th.
    return found >= top &&
           (k + 1 == order.size() || rows[order[k + 1]].counts.test_classes < rows[order[k]].counts.test_classes);
  });
  size_t needing = 0;
  walk(closer_to_passing, [&](const std::vector<size_t>& order, size_t k) {
    needing += rows[order[k]].fix == FixClears::No;
    return needing >= top;
  });
}

}  // namespace

Report build_report(const Analysis& world, const std::vector<Verdict>& verdicts, const std::vector<SourceFile>& sources,
                    const std::set<std::string>& allowlist, const Vocabulary& vocabulary, const FixTargets& targets,
                    int jobs, size_t top) {
  // One denominator: the classes the report counts are upstream's test
  // classes (summarize_file), so only their verdicts are counted, and a
  // declaration inherited from a base is the base's, not a second one.
  std::vector<std::vector<JudgedClass>> by_file(world.files.size());
  std::vector<std::set<int>> counted(world.files.size());
  for (size_t i = 0; i < world.files.size(); ++i)
    for (int c : counted_test_classes(world.files[i])) counted[i].insert(c);
  // Blockers are what stands between an undeclared class and its
  // recommendation; a declared class's are not counted.
  std::vector<Advice> advice(verdicts.size());
  for (size_t k = 0; k < verdicts.size(); ++k) {
    const Verdict& v = verdicts[k];
    size_t file = static_cast<size_t>(v.ref.file);
    if (!counted[file].count(v.ref.cls) || v.declaration_inherited) continue;
    if (v.declared.empty()) advice[k] = advise(v, world);
    by_file[file].push_back({&v, v.declared.empty() ? &advice[k] : nullptr});
  }
  Report report;
  report.members = vocabulary.members.names();
  for (size_t i = 0; i < world.files.size(); ++i) {
    FileSummary summary = summarize_file(world.files[i], vocabulary, world.stats);
    FileStatus status = file_status(summary, allowlist);
    report.files.push_back({summary.path, status, file_counts(summary, status, by_file[i]), summary.parses,
                            status == FileStatus::Failing ? summary.first_error : std::string(), summary.owners});
  }
  decide_fix_alone(report, world, sources, vocabulary, targets, jobs, top);
  aggregate(report, top);
  return report;
}

}  // namespace hwclass
