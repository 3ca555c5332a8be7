// `hwclass select` output: the manifest (hwclass.manifest/v1, whose test
// entries are PyTorch TestRun JSON), pytest node ids, run_test.py arguments
// and a GitHub Actions job matrix.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "select/selection.h"
#include "select/shards.h"
#include "select/unassigned.h"

namespace hwclass {

struct ManifestInputs {
  std::vector<std::string> members;
  std::string use;     // declared, inferred, declared-or-inferred
  std::string device;  // "" for every device
  std::vector<std::string> paths, junit, times;
  std::string rules_hash;  // of the device rules the selection used
  std::vector<std::string> environment;  // the runner's (select/selection.h runner_environment)
  // What else the command line said, so the manifest can record it.
  std::string shards;  // "--shards 4" or "--shard 2/4"; "" for one shard
  std::string build_env = "default", test_config = "default";
  int64_t min_devices = -1, max_devices = -1;  // --min-devices/--max-devices, -1 when not given
};

// The select command line that makes this manifest, shell-quoted, options
// in a fixed order ("hwclass select --hw-classification ACCELERATOR ...").
std::string select_command_line(const ManifestInputs& inputs);

// One command line per file, to paste at the repository root: `cd test &&`
// then pytest with the node ids relative to test/, as run_test.py runs them.
std::vector<std::string> pytest_commands(const std::vector<const SelectedClass*>& classes,
                                         const std::vector<std::string>& environment);

// `left_out`: the classes of the selection's members the runtime would not
// collect (select_classes), listed under "not_selected" with the reason.
std::string manifest_json(const ManifestInputs& inputs, const std::vector<TimedClass>& classes,
                          const std::vector<Shard>& shards, int num_shards,
                          const std::vector<SelectedClass>& left_out = {});
std::string pytest_nodeids(const std::vector<const SelectedClass*>& classes);
// The run_test.py command line that runs `classes`, as a shell takes it,
// from the repository root: the runner's environment, `-i` with the modules
// and `-k` with the class names, shell-quoted. `warnings` gets each class,
// among `runnable` (every class name that runs, by module), that -k's
// substring matching would pull in, in any file -i names (once each).
std::string run_test_command(const std::vector<const SelectedClass*>& classes,
                             const std::map<std::string, std::vector<std::string>>& runnable,
                             const std::vector<std::string>& environment, std::set<std::string>& warnings);
// Each shard's command runs every file's pytest, one process per file as
// run_test.py does, even after one fails, and exits with the first failure's
// status (set -e in a CI shell stops nothing early).
// select --unassigned: {"schema": "hwclass.unassigned/v1", "unassigned": [...]},
// or one pytest node id per line.
std::string unassigned_json(const std::vector<Unassigned>& list);
std::string unassigned_nodeids(const std::vector<Unassigned>& list);

std::string github_matrix(const std::vector<Shard>& shards, int num_shards, const std::vector<std::string>& environment);

}  // namespace hwclass
