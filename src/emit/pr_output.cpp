// The description reads as upstream's migration PRs do (contract 14, 9's
// "PR hygiene"): each class with its member and why, the renames a reviewer
// checks skip lists against, and a test plan ending in unclassified=0.
#include "emit/pr_output.h"

#include <algorithm>

#include "emit/class_reason.h"
#include "emit/verdicts.h"
#include "util/json_writer.h"
#include "util/source_lines.h"
#include "util/plural.h"

namespace hwclass {
namespace {

constexpr size_t kOpen = 20;  // longer lists go in a collapsed <details>
constexpr size_t kCodeWidth = 100;
constexpr size_t kSplitShown = 5;  // tests named per split part (JSON has them all; explain --all too)

std::string joined(const std::vector<std::string>& items, const std::string& sep = ", ") {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string cited(const ClassReason& r) {
  std::string code = r.code.size() > kCodeWidth ? r.code.substr(0, kCodeWidth) + "..." : r.code;
  std::string out(1, '(');  // appended: GCC 12 warns falsely on "(" + a temporary (-Wrestrict)
  out += markdown_code(r.file + ":" + std::to_string(r.line));
  if (!code.empty()) out += ": " + markdown_code(code);
  return out + ")";
}

// The members of a plan, in the rules' order.
std::vector<std::string> ordered_members(const PrPlanFile& plan, const std::vector<std::string>& order) {
  std::vector<std::string> out;
  for (const std::string& m : order)
    if (plan.tests_by_member.count(m)) out.push_back(m);
  for (const auto& [m, n] : plan.tests_by_member)
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  return out;
}

std::string list_block(const std::vector<std::string>& lines, const std::string& summary) {
  std::string out;
  if (lines.size() > kOpen) out += "<details><summary>" + summary + "</summary>\n\n";
  for (const std::string& l : lines) out += "- " + l + "\n";
  if (lines.size() > kOpen) out += "\n</details>\n";
  return out;
}

std::string classes_markdown(const std::vector<FileFacts>& files, const PrDescription& pr, const PrOutputOptions& o) {
  SourceLines lines;
  auto name = [&](const std::string& m) { return member_name(m, o.seed_names); };
  std::string out = "### Classes\n";
  int file = -1;
  for (const Verdict& v : pr.verdicts) {
    const FileFacts& f = files[static_cast<size_t>(v.ref.file)];
    if (v.ref.file != file) {
      file = v.ref.file;
      out += '\n';
      out += markdown_code(f.relative_path) + ":\n\n";
    }
    ClassReason reason = class_reason(files, v, lines);
    out += "- " + markdown_code(f.classes[static_cast<size_t>(v.ref.cls)].name) + ": " + name(v.inferred) + " — " +
           reason.words + " " + cited(reason) + "\n";
    if (!v.declared.empty() && !v.agrees)
      out += "  - declared " + name(v.declared) + (v.declaration_inherited ? " (inherited)" : "") +
             ", which classify disagrees with\n";
    if (!v.target.empty()) out += "  - migration target: " + name(v.target) + "\n";
    if (!v.split.empty()) {
      std::vector<std::string> parts;
      for (const SplitPart& p : v.split) {
        std::vector<std::string> tests;
        for (size_t i = 0; i < p.tests.size() && i < kSplitShown; ++i) tests.push_back(markdown_code(p.tests[i]));
        if (p.tests.size() > kSplitShown) tests.push_back("and " + std::to_string(p.tests.size() - kSplitShown) + " more");
        parts.push_back(markdown_code(p.class_name) + " " + name(p.member) + " (" + std::to_string(p.tests.size()) +
                        "): " + joined(tests));
      }
      out += "  - split: " + joined(parts, "; ") + "\n";
    }
  }
  if (pr.verdicts.empty()) out += "\nNo test classes.\n";
  return out;
}

std::string id_text(const NodeId& id) { return markdown_code(id.id()); }

std::string renames_markdown(const PrBase& base) {
  const IdChanges& c = base.changes;
  std::string out = "\n### Tests renamed or moved since " + markdown_code(base.rev) + "\n\n";
  out += plural(c.renamed.size(), "test", "tests") + " renamed or moved, " + std::to_string(c.added.size()) +
         " added, " + std::to_string(c.removed.size()) +
         " removed (node ids as hwclass collects them statically; a parametrized test by its def).\n";
  for (const std::string& f : base.new_files) {
    out += '\n';
    out += markdown_code(f) + " is new since " + markdown_code(base.rev) + ".\n";
  }
  for (const auto& [was, now] : base.moved) {
    out += '\n';
    out += markdown_code(now) + " was " + markdown_code(was) + " at " + markdown_code(base.rev) + ".\n";
  }
  if (!c.renamed.empty()) {
    std::vector<std::string> lines;
    for (const Rename& r : c.renamed) {
      std::vector<std::string> to;
      for (const NodeId& n : r.to) to.push_back(id_text(n));
      lines.push_back(id_text(r.from) + " → " + joined(to));
    }
    out += "\n" + list_block(lines, plural(c.renamed.size(), "rename", "renames"));
  }
  for (const auto& [what, ids] : {std::pair<const char*, const std::vector<NodeId>*>{"Added", &c.added},
                                  std::pair<const char*, const std::vector<NodeId>*>{"Removed", &c.removed}}) {
    if (ids->empty()) continue;
    std::vector<std::string> lines;
    for (const NodeId& n : *ids) lines.push_back(id_text(n));
    out += "\n" + std::string(what) + ":\n\n" + list_block(lines, plural(ids->size(), "test", "tests"));
  }
  out += "\n### Skip-list entries these renames leave stale\n\n";
  std::vector<std::string> read, absent;
  for (const std::string& f : base.lists.read) read.push_back(markdown_code(f));
  for (const std::string& f : base.lists.absent) absent.push_back(markdown_code(f));
  if (base.stale.empty() && read.empty()) return out + "None: no skip list is present (" + joined(absent) + ").\n";
  if (base.stale.empty()) {
    out += "None found in " + joined(read);
  } else {
    std::vector<std::string> lines;
    for (const SkipEntry& e : base.stale)
      lines.push_back(e.line ? markdown_code(e.file + ":" + std::to_string(e.line)) + ": " + markdown_code(e.key)
                             : markdown_code(e.file));
    out += list_block(lines, plural(base.stale.size(), "entry", "entries")) + "\nRead " + joined(read);
  }
  out += absent.empty() ? ".\n" : std::string(read.empty() ? "" : ";") + " not present: " + joined(absent) + ".\n";
  return out;
}

std::string plan_markdown(const PrDescription& pr, const PrOutputOptions& o) {
  std::string out = "\n### Test plan\n";
  if (pr.plan.empty()) return out + "\nNo test runs these classes.\n";
  for (const PrPlanFile& plan : pr.plan) {
    std::vector<std::string> members = ordered_members(plan, o.member_order);
    for (std::string& m : members) m = member_name(m, o.seed_names);
    size_t total = 0;
    for (const auto& [m, n] : plan.tests_by_member) total += n;
    out += "\n```\n";
    auto line = [&](const std::vector<std::string>& names, bool all) {
      std::string list;
      for (const std::string& m : names) list += (list.empty() ? "'" : ", '") + m + "'";
      return "# HW classification mode active ([" + list + "]): total=N, passed=" + (all ? "N" : "P") +
             ", unclassified=0, mismatched=" + (all ? "0" : "N-P") + "\n";
    };
    for (const std::string& m : members) {
      out += "python " + plan.file + " --hw-classification " + m + "\n";
      out += line({m}, members.size() == 1);
    }
    if (members.size() > 1) {
      out += "python " + plan.file + " --hw-classification " + joined(members, " ") + "\n";
      out += line(members, true);
    }
    out += "```\n\n";
    out += "N counts each test the runtime collects (a parametrized test once per parameter); hwclass counts " +
           plural(total, "test", "tests") + " by def over every device variant";
    if (members.size() > 1)
      out += ", and P is the tests of that member's classes. With several members the order of the names in the "
             "bracket varies";
    out += ".\n";
    if (!plan.undeclared.empty()) {
      std::vector<std::string> names;
      for (const std::string& c : plan.undeclared) names.push_back(markdown_code(c));
      out += "\nNot declared yet, so unclassified until they are: " + joined(names) + ".\n";
    }
  }
  return out;
}

void write_id(JsonWriter& w, const NodeId& id) {
  w.begin_object().field("id", id.id()).field("class", id.cls).field("def", id.def).field("device", id.device)
      .field("parametrized", id.suffixed).end_object();
}

std::string pr_json(const std::vector<FileFacts>& files, const PrDescription& pr, const PrOutputOptions& o) {
  SourceLines lines;
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object().field("schema", "hwclass.pr/v1").key("files").string_array(pr.files);
  w.key("classes").begin_array();
  for (const Verdict& v : pr.verdicts) {
    const FileFacts& f = files[static_cast<size_t>(v.ref.file)];
    const ClassFact& c = f.classes[static_cast<size_t>(v.ref.cls)];
    ClassReason reason = class_reason(files, v, lines);
    w.begin_object().field("path", f.relative_path).field("class", c.name).field("line", c.line);
    w.field("member", member_name(v.inferred, o.seed_names)).field("confidence", to_string(v.confidence));
    w.field("declared", member_name(v.declared, o.seed_names)).field("agrees", v.agrees);
    w.field("target", member_name(v.target, o.seed_names));
    w.key("reason").begin_object().field("words", reason.words).field("path", reason.file).field("line", reason.line)
        .field("code", reason.code).end_object();
    w.key("split").begin_array();
    for (const SplitPart& p : v.split)
      w.begin_object().field("class", p.class_name).field("member", member_name(p.member, o.seed_names))
          .key("tests").string_array(p.tests).end_object();
    w.end_array().key("never_runs").string_array(v.never_runs).end_object();
  }
  w.end_array().key("base");
  if (!pr.base) {
    w.null();
  } else {
    const PrBase& b = *pr.base;
    w.begin_object().field("rev", b.rev).key("renamed").begin_array();
    for (const Rename& r : b.changes.renamed) {
      w.begin_object().key("from");
      write_id(w, r.from);
      w.key("to").begin_array();
      for (const NodeId& n : r.to) write_id(w, n);
      w.end_array().end_object();
    }
    w.end_array();
    for (const auto& [key, ids] : {std::pair<const char*, const std::vector<NodeId>*>{"added", &b.changes.added},
                                   std::pair<const char*, const std::vector<NodeId>*>{"removed", &b.changes.removed}}) {
      w.key(key).begin_array();
      for (const NodeId& n : *ids) write_id(w, n);
      w.end_array();
    }
    w.key("new_files").string_array(b.new_files);
    w.key("moved_files").begin_array();
    for (const auto& [was, now] : b.moved) w.begin_object().field("from", was).field("to", now).end_object();
    w.end_array();
    w.key("skip_lists_read").string_array(b.lists.read).key("skip_lists_absent").string_array(b.lists.absent);
    w.key("stale").begin_array();
    for (const SkipEntry& e : b.stale) w.begin_object().field("file", e.file).field("line", e.line).field("key", e.key).end_object();
    w.end_array().end_object();
  }
  w.key("test_plan").begin_array();
  for (const PrPlanFile& plan : pr.plan) {
    std::vector<std::string> members = ordered_members(plan, o.member_order);
    w.begin_object().field("file", plan.file).key("members").begin_array();
    for (const std::string& m : members)
      w.begin_object().field("member", member_name(m, o.seed_names))
          .field("command", "python " + plan.file + " --hw-classification " + member_name(m, o.seed_names))
          .field("tests", static_cast<uint64_t>(plan.tests_by_member.at(m))).end_object();
    w.end_array().key("undeclared").string_array(plan.undeclared).end_object();
  }
  w.end_array().end_object();
  return out + "\n";
}

}  // namespace

std::string pr_output(const std::vector<FileFacts>& files, const PrDescription& pr, const PrOutputOptions& o) {
  if (o.format == "json") return pr_json(files, pr, o);
  std::string out = classes_markdown(files, pr, o);
  if (pr.base) out += renames_markdown(*pr.base);
  return out + plan_markdown(pr, o);
}

}  // namespace hwclass
