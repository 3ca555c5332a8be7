#include "fix/fix_plan.h"

#include "classify/fixability.h"
#include "facts/queries.h"
#include "lint/advice.h"

namespace hwclass {
namespace {

struct Planner {
  const FileFacts& file;
  const std::map<int, Verdict>& verdicts;
  const Resolution& resolution;
  const Vocabulary& vocabulary;
  const FixTargets& targets;
  FixPlan plan;

  void fix(FixKind kind, int cls, int method = -1, int site = -1, std::string member = {}) {
    plan.entries.push_back({FixDescription{kind, cls, method, site, std::move(member)}, {}, 0, {}});
  }
  void refuse(FixKind kind, int cls, uint32_t line, std::string what, std::string why) {
    plan.entries.push_back({FixDescription{kind, cls, -1, -1, {}}, std::move(why), line, std::move(what)});
  }
  const ClassFact& cls(int index) const { return file.classes[static_cast<size_t>(index)]; }

  void declaration_forms() {
    for (size_t k = 0; k < file.classes.size(); ++k) {
      const Declaration& d = file.classes[k].declaration;
      if (declaration_form_fixable(d, vocabulary))
        fix(FixKind::DeclarationForm, static_cast<int>(k), -1, -1, vocabulary.intended_member(d));
    }
  }

  // Where the migration stops short of the instantiation, the rule says why.
  void instantiations() {
    for (const auto& [index, v] : verdicts) {
      const ResolvedClass& r = resolution.of(v.ref);
      if (instantiation_fixable(r, cls(index), v, vocabulary))
        fix(FixKind::AddInstantiation, index);
      else if (!v.migration_blocked.empty() && r.instantiation < 0 && !r.instantiated_subclass.valid() &&
               vocabulary.members.is_accelerator(v.target.empty() ? v.inferred : v.target) && v.split.empty())
        refuse(FixKind::AddInstantiation, index, cls(index).line, cls(index).name,
               "not migrated to ACCELERATOR: " + v.migration_blocked);
    }
  }

  void device_params() {
    for (const auto& [index, v] : verdicts) {
      const ClassFact& c = cls(index);
      for (size_t m = 0; m < c.methods.size(); ++m)
        if (device_param_fixable(c, c.methods[m], v, vocabulary)) fix(FixKind::AddDeviceParam, index, static_cast<int>(m));
    }
  }

  // Each site's fix; a refusal goes to the rule its reason names, and an
  // @onlyCUDA's to only-to-accelerator whatever it names.
  void sites() {
    for (size_t k = 0; k < file.sites.size(); ++k) {
      const DeviceSite& s = file.sites[k];
      auto v = verdicts.find(s.class_index);
      if (v == verdicts.end()) continue;
      std::string why_not;
      const FixKind kind = site_fix_rule(file, s, v->second, vocabulary, targets, &why_not);
      const int method = method_index(cls(s.class_index), s.method);
      if (s.kind == SiteKind::OnlyDecorator && kind != FixKind::None) {
        fix(FixKind::OnlyToAccelerator, s.class_index, method, static_cast<int>(k));
        continue;
      }
      if (kind != FixKind::None) {
        fix(kind, s.class_index, method, static_cast<int>(k));
        continue;
      }
      if (why_not.empty()) continue;
      const std::string what = cls(s.class_index).name + "." + s.method;
      for (FixKind reporter : {FixKind::DeviceToParam, FixKind::CudaToDevice, FixKind::AcceleratorApi})
        if (why_not.rfind(std::string(fix_rule_id(reporter)) + ":", 0) == 0)
          refuse_site(reporter, s, static_cast<int>(k), method, what, why_not);
      if (s.kind == SiteKind::OnlyDecorator)
        refuse_site(FixKind::OnlyToAccelerator, s, static_cast<int>(k), method, what, why_not);
    }
  }
  void refuse_site(FixKind kind, const DeviceSite& s, int site, int method, const std::string& what,
                   const std::string& why) {
    refuse(kind, s.class_index, s.location.line, what, why);
    plan.entries.back().fix.method = method;
    plan.entries.back().fix.site = site;
  }

  // One decision per undeclared test class: the unsafe fixes' migration, a
  // declaration, or why neither.
  void classifications() {
    for (const auto& [index, v] : verdicts) {
      const ClassFact& c = cls(index);
      if (c.declaration.state != DeclarationState::Absent || !c.is_test_class) continue;
      const ResolvedClass& r = resolution.of(v.ref);
      if (unsafe_fixes_apply(file, index, r, v, vocabulary, targets)) {
        fix(FixKind::Migrate, index, -1, -1, vocabulary.members.accelerator());
        continue;
      }
      std::string why;
      if (!classification_fixable(c, v)) {
        const Reason* own = own_test_need(c, v);
        why = c.damaged ? std::string("a syntax error touches it")
              : v.declaration_inherited && own
                  ? "it inherits " + v.declared + ", but its own " + own->owner.substr(c.name.size() + 1) +
                        " (line " + std::to_string(own->line) + ") needs " + v.inferred +
                        ": a split (hwclass explain)"
              : contradicts_inherited(v)
                  ? "it inherits " + v.declared + ", and classify infers " + v.inferred + " (hwclass explain)"
              : v.confidence != Confidence::High
                  ? std::string("the inference is ") + to_string(v.confidence) + " confidence: " +
                        v.confidence_reasons.front()
                  : std::string("it needs a split (hwclass explain)");
      } else {
        // A safe declaration never adds an upstream error or takes the class
        // to a job that does not run it (lint's [safe fix] mark asks the same).
        why = declaration_harm(file, index, r, declared_member(v), v, vocabulary);
      }
      if (why.empty())
        fix(FixKind::AddClassification, index, -1, -1, declared_member(v));
      else
        refuse(FixKind::AddClassification, index, c.line, c.name, why);
    }
  }

  void import() {
    if (!module_binds(file, "HardwareClassification", {}, &vocabulary.star_imports)) fix(FixKind::AddImport, -1);
  }
};

}  // namespace

FixPlan plan_fixes(const FileFacts& file, const std::map<int, Verdict>& verdicts, const Resolution& resolution,
                   const Vocabulary& vocabulary, const FixTargets& targets) {
  // fix writes UTF-8, and a file declaring another encoding was decoded
  // before it was parsed, so no offset in its facts is one of the file's.
  if (!file.encoding.empty()) return {};
  Planner p{file, verdicts, resolution, vocabulary, targets, {}};
  p.declaration_forms();
  p.instantiations();
  p.device_params();
  p.sites();
  p.classifications();
  p.import();
  return std::move(p.plan);
}

}  // namespace hwclass
