#include "select/coverage.h"

#include <algorithm>
#include <map>
#include <set>

#include "discover/test_file.h"
#include "resolve/resolver.h"
#include "select/test_module.h"
#include "util/error.h"

namespace hwclass {

CoverageJob parse_coverage_job(const std::string& text, const Vocabulary& vocabulary) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size())
    throw UsageError("--coverage: expected MEMBER/DEVICE (GENERIC/cpu, ACCELERATOR/cuda), got '" + text + "'");
  CoverageJob job{parse_members({text.substr(0, slash)}, vocabulary).front(), text.substr(slash + 1)};
  if (!vocabulary.device(job.device) && !is_privateuse1(job.device, vocabulary))
    throw UsageError("--coverage " + text + ": '" + job.device + "' is no device in the rules");
  return job;
}

namespace {

using UnitKey = std::pair<std::string, std::string>;  // module, name as it runs

// The ACCELERATOR templates a runner of `device` never gets a variant of,
// only for want of the call's opt-in keyword: with it set, the call's device
// lists would give one.
std::vector<NeverRuns> lacking_opt_in(const std::vector<FileFacts>& files, const Resolution& resolution,
                                      const std::vector<Verdict>& verdicts, const std::string& device,
                                      TrustedClassification use, const Vocabulary& vocabulary) {
  std::vector<NeverRuns> out;
  auto keyword = vocabulary.opt_in_devices.find(device);
  if (keyword == vocabulary.opt_in_devices.end()) return out;
  // Only templates the runtime collects somewhere (not in a file that
  // cannot be imported, not rebound to NoTest).
  std::set<std::pair<std::string, std::string>> collected;
  for (const SelectedClass& c : select_classes(files, resolution, verdicts, {{vocabulary.members.accelerator()}, use, ""}, vocabulary))
    collected.insert({c.defined_in, c.source_class});
  for (const Verdict& v : verdicts) {
    std::string member = use != TrustedClassification::Inferred ? v.declared : "";
    bool inferred = false;
    if (member.empty() && use != TrustedClassification::Declared) member = v.inferred, inferred = true;
    const ResolvedClass& r = resolution.of(v.ref);
    if (!vocabulary.members.is_accelerator(member) || r.instantiation < 0 || r.tests.empty() || !is_test_file_v8(r.invoking_file()))
      continue;
    const FileFacts& file = files[v.ref.file];
    const ClassFact& cls = file.classes[v.ref.cls];
    const Instantiation& inst = file.instantiations[static_cast<size_t>(r.instantiation)];
    if (inst.flag(keyword->second) == Tristate::True || !collected.count({file.relative_path, cls.name})) continue;
    Instantiation opted = inst;
    std::erase_if(opted.keyword_flags, [&](const auto& kv) { return kv.first == keyword->second; });
    opted.keyword_flags.push_back({keyword->second, Tristate::True});
    bool exact = true;
    auto has = [&](const std::vector<DeviceVariant>& vs) {
      return std::any_of(vs.begin(), vs.end(), [&](const DeviceVariant& d) { return d.device == device; });
    };
    if (has(r.variants) || !has(device_variants(cls.name, opted, vocabulary, exact))) continue;
    SelectedClass c = listed_class(r.invoking_file(), file.relative_path, cls, member, inferred, r.tests.size());
    out.push_back({c, device, keyword->second});
  }
  std::sort(out.begin(), out.end(), [](const NeverRuns& a, const NeverRuns& b) {
    return std::tie(a.cls.module, a.cls.name) < std::tie(b.cls.module, b.cls.name);
  });
  return out;
}

}  // namespace

Coverage coverage(const std::vector<FileFacts>& files, const Resolution& resolution,
                  const std::vector<Verdict>& verdicts, const std::vector<CoverageJob>& jobs,
                  TrustedClassification use, const Vocabulary& vocabulary) {
  std::vector<std::string> devices;
  for (const DeviceInfo& d : vocabulary.devices)
    if (!d.member.empty() && (d.kind == DeviceKind::Accelerator || d.kind == DeviceKind::Host))
      devices.push_back(d.key);
  for (const CoverageJob& job : jobs)
    if (std::find(devices.begin(), devices.end(), job.device) == devices.end()) devices.push_back(job.device);

  // A class select leaves out where it cannot decide whether the runtime
  // collects it (a module-level condition, a device list that is no
  // literal) is a unit too: no job's selection holds it, yet a runner may
  // collect it.
  std::map<UnitKey, SelectedClass> units, undecided;
  for (const std::string& device : devices) {
    std::vector<SelectedClass> left_out;
    for (SelectedClass& c : select_classes(files, resolution, verdicts, {vocabulary.members.names(), use, device},
                                           vocabulary, &left_out))
      units.try_emplace({c.module, c.name}, std::move(c));
    for (SelectedClass& c : left_out)
      if (may_be_collected(c.left_out) && !c.source_class.empty())
        undecided.try_emplace({c.module, c.name}, std::move(c));
  }
  for (auto& [key, c] : undecided) units.try_emplace(key, std::move(c));
  for (const CoverageJob& job : jobs)
    for (const SelectedClass& c : select_classes(files, resolution, verdicts, {{job.member}, use, job.device}, vocabulary))
      units.erase({c.module, c.name});

  Coverage out;
  for (auto& [key, c] : units) out.uncovered.push_back(std::move(c));
  std::set<std::string> checked;
  for (const CoverageJob& job : jobs)
    if (vocabulary.members.is_accelerator(job.member) && checked.insert(job.device).second)
      for (NeverRuns& n : lacking_opt_in(files, resolution, verdicts, job.device, use, vocabulary))
        out.never.push_back(std::move(n));
  return out;
}

}  // namespace hwclass
