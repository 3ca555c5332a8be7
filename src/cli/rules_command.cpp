// hwclass rules: the lint rule registry (lint/registry.h), for people (text),
// for rules/README.md (markdown, checked against it by a test) and for tools
// (json).
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "lint/registry.h"
#include "util/json_writer.h"

namespace hwclass {
namespace {

std::string rules_text() {
  size_t width = 0;
  for (const RuleInfo& r : all_rules()) width = std::max(width, std::string(r.id).size());
  std::string out;
  for (const RuleInfo& r : all_rules()) {
    std::string id = r.id, from = rule_origin(r), severity = to_string(r.severity);
    out += id + std::string(width + 2 - id.size(), ' ') + from + std::string(13 - from.size(), ' ') + severity +
           std::string(9 - severity.size(), ' ') + "fix: " + to_string(r.fix) + "\n    " + r.summary + "\n";
  }
  return out;
}

std::string rules_json() {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_array();
  for (const RuleInfo& r : all_rules()) {
    w.begin_object().field("id", r.id).field("origin", rule_origin(r)).field("severity", to_string(r.severity));
    w.field("fix", to_string(r.fix)).field("summary", r.summary).end_object();
  }
  w.end_array();
  return out + "\n";
}

}  // namespace

CommandRunner register_rules(CLI::App& app) {
  auto format = std::make_shared<std::string>("text");
  CLI::App* cmd = app.add_subcommand("rules", "List the lint rules: id, origin, severity, fix safety and summary");
  cmd->add_option("--format,--output-format", *format, "Output format")->check(CLI::IsMember({"text", "markdown", "json"}));
  return [format, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    if (*format == "markdown") std::cout << rules_markdown_table();
    else if (*format == "json") std::cout << rules_json();
    else std::cout << rules_text();
    return 0;
  };
}

}  // namespace hwclass
