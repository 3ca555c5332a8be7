#include "resolve/runtime_member.h"

#include "facts/queries.h"

namespace hwclass {

namespace {

// Whether a class body's declaration statement binds hw_classification.
bool binds(const Declaration& d) {
  return d.state == DeclarationState::Valid ||
         (d.state == DeclarationState::Invalid && d.reason != InvalidReason::AnnotationWithoutValue);
}

}  // namespace

std::string runtime_member(const std::vector<FileFacts>& files, const ResolvedClass& resolved,
                           const Vocabulary& vocabulary) {
  for (ClassRef ref : resolved.mro) {
    const FileFacts& file = files[static_cast<size_t>(ref.file)];
    const Declaration& d = file.classes[static_cast<size_t>(ref.cls)].declaration;
    if (!binds(d)) continue;
    if (d.state == DeclarationState::Valid) return d.member;
    if (d.reason == InvalidReason::AliasMember) return d.alias_of;
    // Lint's invalid forms the runtime still reads as a member (a qualified
    // name the module binds).
    const std::string read = runtime_member_of_invalid(file, d, &vocabulary.star_imports);
    return vocabulary.members.contains(read) ? read : "";
  }
  return "";
}

}  // namespace hwclass
