// What the torch tree being fixed defines: the unsafe fixes write
// torch.accelerator.*, torch.Stream and onlyAccelerator, which older trees
// (2.6.0 has no onlyAccelerator, 1.13.1 no torch.accelerator) lack. A fix
// whose target is missing would make the file fail at import, so it is not
// offered (lint marks nothing, fix skips it with the reason).
#pragma once

#include <filesystem>
#include <string>

#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Every target the rules' fixes may write: the drop-in accelerator
// equivalents and the device-generic only-decorator, as dotted names.
std::vector<std::string> fix_targets(const Vocabulary& vocabulary);

// What the tree under `api_root` defines, from the files [fix] api_sources
// names: a target is missing when none of its files is there, or none
// defines its name.
FixTargets read_fix_targets(const Vocabulary& vocabulary, const std::filesystem::path& api_root);

// Whether Python source text defines or imports `name` at some level (def,
// class, assignment, import, or a string in __all__), read as text.
bool source_defines(const std::string& text, const std::string& name);

}  // namespace hwclass
