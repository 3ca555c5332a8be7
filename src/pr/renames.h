// What a change does to the node ids its files collect (select/node_ids.h):
// the tests it renames or moves, old id to new, and what it only adds or
// removes. `hwclass pr --base REV` prints them, and the skip-list entries
// the renames leave stale (skip_lists.h).
#pragma once

#include <vector>

#include "select/node_ids.h"

namespace hwclass {

struct Rename {
  NodeId from;
  std::vector<NodeId> to;  // a template's test becomes one per device variant
};

struct IdChanges {
  std::vector<Rename> renamed;  // by old id
  std::vector<NodeId> added, removed;  // by id, neither paired
};

// Pairs each id `before` has and `after` lacks with the ids `after` adds
// for the same test def in the same file (in another file only for the same
// class: a moved file), preferring, in order: the same class instantiated
// (TestFoo::test_x -> TestFooCPU::test_x_cpu), a class named from it (a
// split's TestFooCUDA, a move into TestFooDeviceType) or the class it was
// named from, and, when the def was removed once and added to one class
// only, that class.
IdChanges compare_node_ids(const std::vector<NodeId>& before, const std::vector<NodeId>& after);

}  // namespace hwclass
