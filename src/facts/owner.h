// The owner of a piece of code as messages name it: `Class.method`, `Class`, or `<module>`.
#pragma once

#include <string>

#include "facts/facts.h"

namespace hwclass {

inline std::string owner_name(const FileFacts& file, const DeviceSite& site) {
  if (site.class_index < 0) return site.method.empty() ? "<module>" : site.method;
  const std::string& cls = file.classes[static_cast<size_t>(site.class_index)].name;
  return site.method.empty() ? cls : cls + "." + site.method;
}

}  // namespace hwclass
