// `hwclass rules --classify`: the classify rule registry (classify/registry.h)
// for people (text), for rules/classify.md (markdown, checked against it by
// a test) and for tools (json).
#pragma once

#include <string>

namespace hwclass {

std::string classify_rules_text();
std::string classify_rules_markdown();
std::string classify_rules_json();

}  // namespace hwclass
