// unknown-member (hwclass): `hw_classification = HardwareClassification.X`
// where X is no member (rules/devices.toml [classification]): a typo, or the
// early name DEVICE_GENERIC. Upstream reports both as "missing or invalid";
// this says which member was meant.
// Why: the class fails at import with AttributeError, or (DEVICE_GENERIC)
// was written from an old guide.
// Example: `HardwareClassification.GENRIC` -> did you mean GENERIC?
// Fix: safe (the member named in the message).
#include "lint/rule_context.h"
#include "util/spelling.h"

namespace hwclass {

void check_unknown_member(const ClassContext& c) {
  const Declaration& d = c.cls.declaration;
  const uint32_t line = d.location.line ? d.location.line : c.cls.line;
  const uint32_t column = d.location.line ? d.location.column : c.cls.column;
  const std::string written = "'HardwareClassification." + d.member + "'";
  if (d.reason == InvalidReason::AliasMember) {
    c.report(line, "Test class '" + c.cls.name + "': " + written + " is the early name of " + d.alias_of +
                       "; declare HardwareClassification." + d.alias_of + ".",
             column);
  } else if (d.reason == InvalidReason::UnknownMember) {
    std::string guess = closest_name(d.member, c.vocabulary.members.names());
    c.report(line, "Test class '" + c.cls.name + "': " + written + " names no member; " +
                       (guess.empty() ? "the members are " + join_names(c.vocabulary.members.names()) + "."
                                      : "did you mean " + guess + "?"),
             column);
  }
}

}  // namespace hwclass
