// hardcoded-device (hwclass): code inside a GENERIC or ACCELERATOR class that
// names one device by hand: "cuda" in a device position, .cuda(), a
// torch.<device> API other than torch.accelerator, a device flag such as
// TEST_CUDA, HAS_GPU or GPU_TYPE, a @requires_cuda-style decorator, or a
// module-level device global.
// Why: these are the leftovers reviewers block migration PRs for: the class
// claims to be device-generic, but the code still only runs on one device.
// Example: `x = torch.ones(2, device="cuda")` in an ACCELERATOR test.
// Fix: unsafe, in classes migrating to ACCELERATOR: device-to-param,
// cuda-to-device, accelerator-api, and add-device-param for a module-level
// `device` the new parameter shadows (classify/fixability.h says where).
#include "facts/owner.h"
#include "facts/queries.h"
#include "lint/rule_context.h"
#include "vocab/hardcoded_site.h"

namespace hwclass {
namespace {

const char* what(const DeviceSite& s) {
  switch (s.kind) {
    case SiteKind::DeviceString: return "device string";
    case SiteKind::TensorMethod: return "device method";
    case SiteKind::AcceleratorApi: return "device API";
    case SiteKind::DeviceFlag: return "device flag";
    case SiteKind::DeviceDecorator: return "device requirement";
    case SiteKind::DeviceGlobalUse: return "module-level device global";
    default: return "device code";
  }
}

}  // namespace

void check_hardcoded_device(const ClassContext& c) {
  if (!c.vocabulary.members.is_generic(c.member) && !c.vocabulary.members.is_accelerator(c.member)) return;
  for (const DeviceSite& s : c.file.sites) {
    if (s.class_index != c.class_index) continue;
    // @onlyCUDA is [decorator]'s to report.
    bool report = hardcoded_kind(s, c.vocabulary) && s.kind != SiteKind::OnlyDecorator;
    // In GENERIC classes, upstream's [accelerator_api] reports the torch.*
    // calls of its own modules; a data-defined device's (torch.npu.*) are ours.
    bool upstream_reports = c.vocabulary.members.is_generic(c.member) && upstream_api_call(s, c.vocabulary);
    if (!report || upstream_reports) continue;
    std::string owner = owner_name(c.file, s);
    std::string device = s.device.naming == DeviceNaming::RunTime ? "a run-time" : s.device.label();
    c.report(s.location.line,
             "Test class '" + c.cls.name + "' (" + c.member + "): " + what(s) + " '" + s.text + "' hardcodes " +
                 device + " device in '" + owner + "'.", s.location.column);
    c.about(method_index(c.cls, s.method), static_cast<int>(&s - c.file.sites.data()));
  }
}

}  // namespace hwclass
