// The hw_classification declaration of a class (docs/upstream.md 2.7).
#include "extract/extractor_impl.h"

namespace hwclass {

// Upstream accepts exactly `hw_classification = HardwareClassification.M` and
// `hw_classification: HardwareClassification = HardwareClassification.M`; the
// first statement assigning the name decides. Returns whether it decided.
bool Extractor::read_declaration(TSNode statement, Declaration& declaration) const {
  TSNode assignment = ts::named_child(statement, 0);
  if (g_.kind(assignment) != NodeKind::Assignment) return false;
  TSNode left = ts::child_by_field_id(assignment, g_.f_left);
  if (g_.kind(left) != NodeKind::Identifier || text(left) != "hw_classification") return false;
  TSNode right = ts::child_by_field_id(assignment, g_.f_right);
  TSNode type = ts::child_by_field_id(assignment, g_.f_type);
  // `a = hw_classification = X` has several targets, which upstream skips.
  if (!ts::is_null(right) && g_.kind(right) == NodeKind::Assignment) return false;

  declaration.location = location(statement);
  declaration.annotated = !ts::is_null(type);
  declaration.state = DeclarationState::Invalid;
  if (declaration.annotated) {
    TSNode annotation = ts::named_child(type, 0);
    declaration.annotation_text = fold_whitespace(text(annotation));
    if (ts::is_null(right)) {
      declaration.reason = InvalidReason::AnnotationWithoutValue;
      return true;
    }
    if (g_.kind(annotation) != NodeKind::Identifier || text(annotation) != "HardwareClassification") {
      declaration.reason = InvalidReason::WrongAnnotation;
      declaration.value_text = fold_whitespace(text(right));
      return true;
    }
  }
  declaration.value_text = fold_whitespace(text(right));
  NodeKind value_kind = g_.kind(right);
  if (value_kind == NodeKind::Attribute) {
    TSNode object = ts::child_by_field_id(right, g_.f_object);
    std::string member(text(ts::child_by_field_id(right, g_.f_attribute)));
    if (g_.kind(object) == NodeKind::Identifier && text(object) == "HardwareClassification") {
      declaration.member = member;
      if (vocab_.is_member(member)) {
        declaration.state = DeclarationState::Valid;
      } else if (const std::string* target = vocab_.alias_target(member)) {
        declaration.reason = InvalidReason::AliasMember;
        declaration.alias_of = *target;
      } else {
        declaration.reason = InvalidReason::UnknownMember;
      }
      return true;
    }
    if (g_.kind(object) == NodeKind::Attribute &&
        text(ts::child_by_field_id(object, g_.f_attribute)) == "HardwareClassification") {
      declaration.member = member;
      declaration.reason = InvalidReason::QualifiedName;
      return true;
    }
  }
  if (value_kind == NodeKind::String || value_kind == NodeKind::ConcatenatedString) {
    declaration.reason = InvalidReason::StringValue;
    if (auto value = plain_string(right, source_)) declaration.member = *value;
    return true;
  }
  declaration.reason = InvalidReason::OtherExpression;
  return true;
}

}  // namespace hwclass
