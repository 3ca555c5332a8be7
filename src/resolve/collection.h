// Whether pytest collects a class as a test class when its module runs:
// decided once here, from the links resolve made, and read by select.
#pragma once

#include <vector>

#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Fills ResolvedClass::not_collected for every class that is not an
// instantiated template (its variants are what runs). pytest collects a
// class its module's namespace holds after import (one `del`eted or rebound
// at module level is gone: test_ordered_set.py's `del TestBasicOps`) when
// it is a unittest.TestCase (unittest's plugin, any name) or a plain class
// whose name starts with Test and which has no __init__ (python_classes,
// which PyTorch's pytest.ini leaves at its default). TestCase ancestry is
// read through resolved bases across files; a base outside the scanned tree
// by its qualified name ([collection] in the rules). A base that is neither
// known a TestCase nor known plain makes the ancestry unknown: such a class
// is kept, as before, with `collection_unknown` set. Keeping errs toward
// printing an id pytest might not collect, but the unknown bases in PyTorch's
// trees are imported test bases (a helper module outside the paths given),
// which are TestCases; leaving them out would silently drop their tests.
void decide_collection(const std::vector<FileFacts>& files, const Vocabulary& vocabulary, Resolution& resolution);

}  // namespace hwclass
