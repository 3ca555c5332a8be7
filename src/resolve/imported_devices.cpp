#include "resolve/imported_devices.h"

namespace hwclass {
namespace {

// The import of `file` that binds `name` last (a later import rebinds it).
const Import* binding_import(const FileFacts& file, const std::string& name) {
  const Import* found = nullptr;
  for (const Import& imp : file.imports)
    if (!imp.name.empty() && imp.name != "*" && imp.bound_name() == name) found = &imp;
  return found;
}

// The device `name` has in module file `m`: its own device global (one
// device only when every binding agrees: common_fsdp.py binds DEVICE_TYPE
// to "cuda", "hpu:0" or "cpu" by what is available), or one it re-exports
// from a module it imports it from (common_device.py's `from .config import
// DEVICE`), or a device function's return of such an imported name, a few
// links deep.
std::optional<DeviceName> device_global(const std::vector<FileFacts>& files, const ModuleIndex& index, int m,
                                        const std::string& name, int depth = 0) {
  std::optional<DeviceName> device;
  for (const DeviceGlobal& g : files[m].device_globals) {
    if (g.name != name) continue;
    std::optional<DeviceName> one = g.returns.empty() ? std::optional<DeviceName>(g.device)
                                    : depth < 4       ? device_global(files, index, m, g.returns, depth + 1)
                                                      : std::nullopt;
    if (!one) return std::nullopt;
    device = device ? device->either(*one) : *one;
  }
  if (device) return device;
  const Import* again = depth < 4 ? binding_import(files[m], name) : nullptr;
  if (!again) return std::nullopt;
  const int next = index.find(again->module, m);
  return next < 0 ? std::nullopt : device_global(files, index, next, again->name, depth + 1);
}

}  // namespace

std::vector<std::vector<ImportedDevice>> resolve_imported_devices(const std::vector<FileFacts>& files,
                                                                  const ModuleIndex& index) {
  std::vector<std::vector<ImportedDevice>> out(files.size());
  for (size_t f = 0; f < files.size(); ++f)
    for (const DeviceSite& use : files[f].imported_uses) {
      ImportedDevice d{use, "", 0, false, false};
      if (const Import* imp = binding_import(files[f], use.text)) {
        d.module = imp->module;
        d.import_line = imp->line;
        const int m = index.find(imp->module, static_cast<int>(f));
        d.module_read = m >= 0;
        if (std::optional<DeviceName> device = m >= 0 ? device_global(files, index, m, imp->name) : std::nullopt) {
          d.site.device = *device;
          d.resolved = true;
        }
      }
      out[f].push_back(std::move(d));
    }
  return out;
}

}  // namespace hwclass
