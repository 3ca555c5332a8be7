// The inference rules of rules/classify.md, in the order they are tried
// (rules.h says where each lives), and the verdict's last touches.
#include "classify/classifier.h"

#include "classify/analysis.h"
#include "classify/bases.h"
#include "classify/evidence.h"
#include "classify/fixability.h"
#include "classify/rules.h"
#include "facts/queries.h"

namespace hwclass {

const char* to_string(Confidence c) {
  switch (c) {
    case Confidence::Low: return "low";
    case Confidence::Medium: return "medium";
    case Confidence::High: return "high";
  }
  return "?";
}

const char* kind_name(const Reason& r) {
  switch (r.kind) {
    case EvidenceKind::Site: return to_string(r.site);
    case EvidenceKind::Instantiation: return "instantiation";
    case EvidenceKind::Subclass: return "subclass";
    case EvidenceKind::Base: return "base";
    case EvidenceKind::ClassName: return "class-name";
    case EvidenceKind::RunsOn: return "runs-on";
    case EvidenceKind::OnlyFor: return "only_for";
    case EvidenceKind::NoTest: return "notest";
  }
  return "?";
}

namespace {

using rules::Context;

// A migration to ACCELERATOR that needs a new instantiate call cannot keep
// the class's own setUpClass (facts/queries.h says why), so it is a
// person's to make.
void note_blocked_migration(Context& c) {
  const ResolvedClass& r = c.resolved;
  if ((c.v.target.empty() ? c.v.inferred : c.v.target) != c.accelerator() || r.instantiation >= 0 ||
      r.instantiated_subclass.valid())
    return;
  if (const Method* m = class_setup_lost_by_instantiation(c.cls))
    c.v.migration_blocked = "its " + m->name + " (line " + std::to_string(m->line) +
                            ") would not run on the variants instantiate_device_type_tests creates; move what it sets "
                            "into setUp, then instantiate it";
  else
    c.v.migration_blocked = instantiation_blocker(c.files, c.resolution, c.ref);
  if (c.v.migration_blocked.empty()) c.v.migration_blocked = variant_copy_blocker(c.file, c.cls);
}
}  // namespace

Verdict classify_class(const std::vector<FileFacts>& files, const Resolution& resolution,
                       const Vocabulary& vocabulary, ClassRef ref) {
  Verdict v;
  v.ref = ref;
  const FileFacts& file = files[ref.file];
  const ResolvedClass& resolved = resolution.of(ref);
  Context c{files, resolution, vocabulary, ref, file, file.classes[ref.cls], resolved,
            gather_evidence(files, resolution, resolved, vocabulary), v, {}};
  const Declaration& own = file.classes[ref.cls].declaration;
  if (own.reason == InvalidReason::AliasMember) {
    // hwclass's own surface accepts the early name; lint still reports it.
    v.declared = own.alias_of;
    v.declared_alias = own.member;  // as written
  } else if (resolved.declared_in.valid()) {
    v.declared = files[resolved.declared_in.file].classes[resolved.declared_in.cls].declaration.member;
    v.declaration_inherited = !(resolved.declared_in == ref);
  }
  if (resolved.instantiation >= 0) rules::infer_instantiated(c);
  else rules::infer_not_instantiated(c);
  if (v.target == v.inferred) v.target.clear();
  cap_for_unfollowed_code(files, resolution, vocabulary, resolved, v);
  note_blocked_migration(c);
  v.agrees = !v.declared.empty() && v.declared == v.inferred;
  return v;
}

std::vector<Verdict> classify(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const Vocabulary& vocabulary, int jobs) {
  return listed_verdicts(analyze(files, resolution, vocabulary, SIZE_MAX, jobs));
}

}  // namespace hwclass
