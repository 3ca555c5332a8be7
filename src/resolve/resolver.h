// Resolve: the cross-file stage between extraction and classification.
#pragma once

#include <vector>

#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Bases by name: a class of the same file, then names bound by imports
// (`from m import C`, `import m` + `m.C`, `from m import *`) into other
// scanned files, following one level of re-export.
Resolution resolve(const std::vector<FileFacts>& files, const Vocabulary& vocabulary);

// The classes instantiate_device_type_tests creates for `cls` under `inst`.
std::vector<DeviceVariant> device_variants(const std::string& cls, const Instantiation& inst,
                                           const Vocabulary& vocabulary, bool& exact);

}  // namespace hwclass
