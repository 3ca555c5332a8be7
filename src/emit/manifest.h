// `hwclass select` output: the manifest (hwclass.manifest/v1, whose test
// entries are PyTorch TestRun JSON), pytest node ids, run_test.py arguments
// and a GitHub Actions job matrix.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "select/selection.h"
#include "select/shards.h"

namespace hwclass {

struct ManifestInputs {
  std::vector<std::string> members;
  std::string use;     // declared, inferred, declared-or-inferred
  std::string device;  // "" for every device
  std::vector<std::string> paths, junit, times;
  std::string rules_hash;  // of the device rules the selection used
};

// The environment a runner of `device` needs, e.g. PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda.
std::vector<std::string> runner_environment(const std::string& device);

// One command line per file: pytest with the node ids, run from the repository root.
std::vector<std::string> pytest_commands(const std::vector<const SelectedClass*>& classes, const std::string& device);

std::string manifest_json(const ManifestInputs& inputs, const std::vector<TimedClass>& classes,
                          const std::vector<Shard>& shards, int num_shards);
std::string pytest_nodeids(const std::vector<const SelectedClass*>& classes);
// run_test.py arguments; `warnings` gets the classes, among `runnable` (every
// class name that runs, by module), that -k's substring matching would pull in.
std::string run_test_args(const std::vector<const SelectedClass*>& classes,
                          const std::map<std::string, std::vector<std::string>>& runnable,
                          std::vector<std::string>& warnings);
std::string github_matrix(const std::vector<Shard>& shards, int num_shards, const std::string& device);

}  // namespace hwclass
