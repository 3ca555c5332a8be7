// fix --split PATH::Class (unsafe): performs the split classify proposes
// for a mixed class (Verdict::split; rules/classify.md, "Splits").
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "fix/edit.h"
#include "resolve/resolved.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct SplitEdits {
  std::vector<Edit> edits;  // empty when `error` says why the class is left
  std::string error;
  // What the preview should say besides the diff: where the device tests go.
  std::vector<std::string> notes;
};

// The edits that split class `v.ref` of `files[v.ref.file]` (whose bytes are
// `source`) into the parts of `v.split`:
// - the GENERIC part keeps the class's name and tests and is declared GENERIC;
// - an ACCELERATOR part becomes `TestXDevice`, its tests given `device` and
//   their device strings replaced as --unsafe-fixes does, instantiated where
//   add-instantiation would put the call; or, where the module already has an
//   instantiated `TestXDeviceType`/`TestXDevice` and the moved tests read
//   none of the class's own members, its tests move there;
// - a device-specific part becomes `TestXCUDA` (or CPU, MPS, XPU), declared
//   so, its tests given `device`, instantiated with only_for="cuda" (and
//   allow_mps/allow_xpu=True), as upstream's convention has it (contract 1.1,
//   8); in a class run in several processes it stays a plain class;
// - members other than tests (helpers, setUp, class attributes) stay in a
//   test-less base both parts inherit: the original class, renamed `_TestXBase`
//   when it keeps tests of its own (a subclass of a class with tests would
//   collect them twice).
// Classes that are instantiated, inherit tests, are imported or subclassed
// elsewhere, or have a layout the edits cannot follow are left, with why.
SplitEdits split_class(const std::vector<FileFacts>& files, const std::string& source, const Verdict& v,
                       const Resolution& resolution, const Vocabulary& vocabulary, const FixTargets& targets,
                       size_t line_length);

}  // namespace hwclass
