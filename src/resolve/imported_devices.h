// The devices that imported names stand for (facts.h
// FileFacts::imported_uses): `device=DEVICE` after `from common_npu import
// DEVICE` is npu's when common_npu.py was read and binds DEVICE = "npu".
// Decided once here; classify counts the resolved uses as it counts the
// file's own device globals, and caps its confidence for the others.
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "resolve/module_index.h"

namespace hwclass {

struct ImportedDevice {
  // The use, its device taken from the module when `resolved`.
  DeviceSite site;
  // Where the name comes from, as the import spells it, and the line of
  // that import.
  std::string module;
  uint32_t import_line = 0;
  bool resolved = false;
  // The module was read (a file of this run): a name it does not bind as a
  // device global is a helper function or a value hwclass does not read.
  bool module_read = false;
};

// One entry per FileFacts::imported_uses of each file: [file][use].
std::vector<std::vector<ImportedDevice>> resolve_imported_devices(const std::vector<FileFacts>& files,
                                                                  const ModuleIndex& index);

}  // namespace hwclass
