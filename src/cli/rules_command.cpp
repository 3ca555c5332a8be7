// hwclass rules: the lint rule registry (lint/registry.h), for people (text),
// for rules/README.md (markdown, checked against it by a test) and for tools
// (json); with --classify, the classify rule registry (classify/registry.h,
// rendered by emit/classify_rules.h) the same three ways, for
// rules/classify.md; with --dump, the device rules compiled into this
// binary, so a vendor's --rules-extend file is written against the rules it
// extends.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "emit/classify_rules.h"
#include "lint/registry.h"
#include "util/error.h"
#include "util/json_writer.h"
#include "vocab/rules_document.h"

namespace hwclass {
namespace {

std::string rules_text() {
  size_t width = 0;
  for (const RuleInfo& r : all_rules()) width = std::max(width, std::string(r.id).size());
  std::string out;
  for (const RuleInfo& r : all_rules()) {
    std::string id = r.id, from = rule_origin(r), severity = to_string(r.severity);
    out += id + std::string(width + 2 - id.size(), ' ') + from + std::string(13 - from.size(), ' ') + severity +
           std::string(9 - severity.size(), ' ') + "fix: " + fix_text(r) + "\n    " + r.summary + "\n";
  }
  return out;
}

std::string rules_json() {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_array();
  for (const RuleInfo& r : all_rules()) {
    w.begin_object().field("id", r.id).field("origin", rule_origin(r)).field("severity", to_string(r.severity));
    w.field("fix", to_string(r.fix));
    if (r.fix_scope) w.field("fix_scope", r.fix_scope);
    w.field("summary", r.summary).end_object();
  }
  w.end_array();
  return out + "\n";
}

}  // namespace

CommandRunner register_rules(CLI::App& app) {
  auto format = std::make_shared<std::string>("text");
  auto dump = std::make_shared<bool>(false);
  auto classify = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("rules",
                                     "List the lint rules: id, origin, severity, fix safety and summary; --classify "
                                     "lists classify's inference rules; --dump prints the device rules");
  cmd->add_option("--format,--output-format", *format, "Output format")->check(CLI::IsMember({"text", "markdown", "json"}));
  cmd->add_flag("--dump", *dump,
                "Print the built-in device rules (rules/devices.toml as compiled in), the base a --rules-extend file "
                "adds to");
  cmd->add_flag("--classify", *classify,
                "List classify's inference rules instead (rules/classify.md): name, the classes it applies to, what it "
                "decides and the evidence it cites");
  return [format, dump, classify, cmd](RunStats*) -> int {
    if (!cmd->parsed()) return -1;
    if (*dump) {
      if (cmd->count("--format")) throw UsageError("rules --dump prints TOML; --format has no meaning with it");
      if (*classify) throw UsageError("rules --dump prints the device rules; --classify has no meaning with it");
      std::cout << embedded_rules_text();
    } else if (*classify) {
      std::cout << (*format == "markdown" ? classify_rules_markdown()
                    : *format == "json"   ? classify_rules_json()
                                          : classify_rules_text());
    } else if (*format == "markdown") std::cout << rules_markdown_table();
    else if (*format == "json") std::cout << rules_json();
    else std::cout << rules_text();
    return 0;
  };
}

}  // namespace hwclass
