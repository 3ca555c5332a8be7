// Which device sites are hardcoded device code: decided once, for lint's
// [hardcoded-device] and the report's counts (docs/report.md).
#pragma once

#include "facts/facts.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The kinds of hardcoded device code, in display order.
inline constexpr const char* kSiteKinds[] = {"string", "method", "api", "decorator", "flag", "global"};

// The kSiteKinds entry a site counts as, or null when it is not hardcoded
// device code (the host, a virtual device, a scoped skip, device-generic
// code). @onlyCUDA counts here; lint reports it as [decorator] instead.
inline const char* hardcoded_kind(const DeviceSite& s, const Vocabulary& vocabulary) {
  // The outer call of torch.cuda.current_stream().synchronize() repeats its inner one.
  if (s.chained) return nullptr;
  switch (s.kind) {
    case SiteKind::DeviceString: return vocabulary.hardcodes_one_device(s.device) ? "string" : nullptr;
    case SiteKind::TensorMethod: return vocabulary.hardcodes_one_device(s.device) ? "method" : nullptr;
    case SiteKind::AcceleratorApi: return vocabulary.hardcodes_one_device(s.device) ? "api" : nullptr;
    case SiteKind::DeviceFlag: return vocabulary.hardcodes_one_device(s.device) ? "flag" : nullptr;
    // @onlyCUDA and @requires_cuda pin a test; a scoped skip or dtypes does not.
    case SiteKind::OnlyDecorator:
    case SiteKind::DeviceDecorator:
      return (s.role == DecoratorRole::Only || s.role == DecoratorRole::Requires) &&
                     vocabulary.hardcodes_one_device(s.device)
                 ? "decorator"
                 : nullptr;
    case SiteKind::DeviceGlobalUse: return vocabulary.kind_of(s.device) != DeviceKind::Host ? "global" : nullptr;
    default: return nullptr;
  }
}

}  // namespace hwclass
