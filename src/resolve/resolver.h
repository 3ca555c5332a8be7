// Resolve: the cross-file stage between extraction and classification.
#pragma once

#include <optional>
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

// The variant a PrivateUse1 runner whose backend is `backend` ("npu", or
// "privateuse1" for any) gets, or nothing when only_for/except_for leave it
// out. PyTorch 2.6.0 names it `cls` + PrivateUse1TestBase.device_type.upper(),
// and that is "privateuse1" while instantiate runs (setUpClass renames it to
// the backend later): TestFooPRIVATEUSE1, whose tests end in _<backend>. Its
// only_for/except_for take the backend's name or "privateuse1", as
// instantiate_device_type_tests maps one to the other.
std::optional<DeviceVariant> privateuse1_variant(const std::string& cls, const Instantiation& inst,
                                                 const std::string& backend);

}  // namespace hwclass
