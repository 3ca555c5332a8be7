// Whether `hwclass fix` has a fix for a fact, decided from the facts and the
// class's verdict alone. The fix plan (fix/fix_plan.h) is made of these, and
// lint's marks and fix's edits both come from the plan, so the two cannot
// drift. A fix rule may still leave a planned fix out for a reason only the
// bytes show (a layout it cannot edit, an overlapping edit), and it says so
// in its summary (docs/design.md, "Fixes"). The migration's blockers are
// here too: classify records them on the verdict.
#pragma once

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/fix_kind.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The unsafe device fixes apply inside classes the migration takes to
// ACCELERATOR: classify's target (or inference) is ACCELERATOR, with no
// split, and no other member is declared (a declared GENERIC or CUDA class
// keeps its contract); an invalid declaration counts as the member
// declaration-form writes for it, and one it cannot mend as no migration.
bool migrates_to_accelerator(const ClassFact& cls, const Verdict& v, const Vocabulary& vocabulary);

// declaration-form: an invalid declaration whose member is plain.
bool declaration_form_fixable(const Declaration& d, const Vocabulary& vocabulary);

// add-classification: an undeclared test class inferred with high
// confidence that needs no split. One that inherits a declaration repeats
// it (upstream's linter wants its own) only when that inference agrees;
// never another member, and never on the base's declaration alone, so a
// second run changes nothing.
// Whether the class inherits a declaration other than the member classify infers.
bool contradicts_inherited(const Verdict& v);
bool classification_fixable(const ClassFact& cls, const Verdict& v);

// The member add-classification declares: the inherited one where there is
// one, never another (that would move the inherited tests off the base's
// runner); else the inference.
const std::string& declared_member(const Verdict& v);

// Evidence from one of the class's own tests (not an inherited one) for a
// member other than the one it inherits; null when there is none.
const Reason* own_test_need(const ClassFact& cls, const Verdict& v);

// add-instantiation: a class migrating to ACCELERATOR that no statement-level
// instantiate_device_type_tests call names, and no instantiated class
// inherits from (its tests run there already; instantiating it too would
// run them twice).
bool instantiation_fixable(const ResolvedClass& r, const ClassFact& cls, const Verdict& v,
                           const Vocabulary& vocabulary);

// Where add-instantiation writes `instantiate_device_type_tests(T,
// globals())` for class `ref`: after the top-level statement ending at
// `after_byte`, the last one that reads or extends T at import (directly or
// through a module-level function it calls), else after the class itself.
// instantiate_device_type_tests deletes T from the module, so a read after
// the call raises NameError, and tests added after it are lost.
struct InstantiationPlace {
  uint32_t after_byte = 0;
  uint32_t read_line = 0;  // the line of that last read, 0 when the class ends it
};
InstantiationPlace instantiation_place(const FileFacts& file, ClassRef ref);

// Why instantiating `ref` in place would break a module, "" when it would
// not: another scanned module imports or subclasses it, a class of its own
// module inherits it, code reads it when a test runs, or its last read at
// import leaves no place before the `if __name__` guard.
std::string instantiation_blocker(const std::vector<FileFacts>& files, const Resolution& resolution, ClassRef ref);

// Why instantiate_device_type_tests's variants cannot copy the class's body
// (a method calling super() naming the class; a test* member that is no
// function; tests instantiate_parametrized_tests already expanded), "" when
// they can: whole-class migrations only, since a split moves the tests alone
// (checked by super_blocker, its parametrize call rewritten) over a base
// they inherit.
std::string variant_copy_blocker(const FileFacts& file, const ClassFact& cls);
std::string super_blocker(const ClassFact& cls, const Method& m);

// add-device-param: a test method of a class migrating to ACCELERATOR that
// has `self` but no device parameter. (add-instantiation makes sure
// something passes it.)
bool device_param_fixable(const ClassFact& cls, const Method& m, const Verdict& v, const Vocabulary& vocabulary);

// The fix that rewrites a device site: DeviceToParam, CudaToDevice,
// AcceleratorApi or OnlyToAccelerator; or AddDeviceParam for a read of a
// module-level global named `device`, which the new parameter shadows.
// None when none does. `v` is the verdict
// on the site's class. Where a fix would apply but would change what the
// test checks, or write an API the tree lacks, `why_not` (when given) says
// so: a device index `device` would lose, a call of a module not rewritten
// (torch.xpu.*), a stream whose context manager stays, a missing target.
// `targets` is what the tree defines; unknown, no rule that writes one applies.
FixKind site_fix_rule(const FileFacts& file, const DeviceSite& s, const Verdict& v, const Vocabulary& vocabulary,
                          const FixTargets& targets, std::string* why_not = nullptr);

// Whether an unsafe fix edits the class (`fix --unsafe-fixes` then declares
// it ACCELERATOR with add-classification).
bool unsafe_fixes_apply(const FileFacts& file, int class_index, const ResolvedClass& r, const Verdict& v,
                        const Vocabulary& vocabulary, const FixTargets& targets);

}  // namespace hwclass
