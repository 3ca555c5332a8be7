// The files keyed on instantiated class names that a rename silently
// invalidates (contract 10): test/slow_tests.json and
// .pytorch-disabled-tests.json ("test_x (__main__.TestFooCUDA)" keys) and
// the dynamo skip lists (one empty file per "TestFoo.test_x" under
// test/dynamo_expected_failures/ and test/dynamo_skips/).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "select/node_ids.h"

namespace hwclass {

struct SkipEntry {
  std::string file;  // repo-relative: the list, or the dynamo entry's own file
  uint32_t line = 0;  // in a JSON list; 0 for a dynamo file
  std::string key;   // as written
  std::string cls, test;  // the class and test it names
  // slow_tests.json and the disabled tests match as upstream's
  // check_if_enable does: a class whose name starts with `cls`, and a test
  // named `test` or whose name without its dtype (and device) suffix is;
  // the dynamo lists need the exact class and test names.
  bool class_prefix = false;
};

struct SkipLists {
  std::vector<SkipEntry> entries;
  std::vector<std::string> read;    // the lists found, repo-relative
  std::vector<std::string> absent;  // the lists looked for and not found
};

// The lists under `root`; a list that is absent is named in `absent`, one
// that cannot be read or parsed is a ConfigError naming it (and its line).
SkipLists read_skip_lists(const std::filesystem::path& root);

// Whether `entry` names the collected test `id` (select/node_ids.h; a
// parametrized def stands for every name the runtime gives it).
bool entry_matches(const SkipEntry& entry, const NodeId& id);

// Whether `name` is a name the runtime gives the test `id` stands for: its
// own, or, for a parametrized def, one with the parameters' suffix (and,
// in a device variant, the device's).
bool names_instance(const std::string& name, const NodeId& id);

// The entries that name a test in `before` and none in `after`: what the
// change leaves stale, in the lists' order.
std::vector<SkipEntry> stale_entries(const SkipLists& lists, const std::vector<NodeId>& before,
                                     const std::vector<NodeId>& after);

}  // namespace hwclass
