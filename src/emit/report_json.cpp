// report --format json: the schema docs/report.md describes (kReportSchemaVersion).
// Every member and site kind is present (0 when none), so consumers need
// no defaults; keys keep the order of this file.
#include "emit/report_output.h"
#include "util/json_writer.h"

namespace hwclass {
namespace {

// Every member, in rules order, with 0 for those no class declares.
void declared(JsonWriter& w, const Report& r, const std::map<std::string, size_t>& by_member) {
  w.key("declared").begin_object();
  for (const std::string& m : r.members) {
    auto it = by_member.find(m);
    w.field(m, uint64_t{it == by_member.end() ? 0 : it->second});
  }
  w.end_object();
}

void counts(JsonWriter& w, const Report& r, const Counts& c) {
  w.field("files", uint64_t{c.files}).field("test_files", uint64_t{c.test_files});
  w.field("test_classes", uint64_t{c.test_classes}).field("variants", uint64_t{c.variants});
  declared(w, r, c.declared);
  w.field("unclassified", uint64_t{c.unclassified});
  w.field("agree", uint64_t{c.agree}).field("disagree", uint64_t{c.disagree});
  w.field("passing", uint64_t{c.passing}).field("failing", uint64_t{c.failing});
  w.field("allowlisted", uint64_t{c.allowlisted});
  w.field("sites", uint64_t{c.sites});
  w.key("sites_by_kind").begin_object();
  for (const char* k : kSiteKinds) {
    auto it = c.sites_by_kind.find(k);
    w.field(k, uint64_t{it == c.sites_by_kind.end() ? 0 : it->second});
  }
  w.end_object();
  w.key("sites_by_device").begin_object();
  for (const auto& [d, n] : c.sites_by_device) w.field(d, uint64_t{n});
  w.end_object();
  w.field("blocking", uint64_t{c.blocking});
}

}  // namespace

std::string report_json(const Report& r) {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object().field("schema", "hwclass-report").field("version", kReportSchemaVersion);
  w.key("members").string_array(r.members);
  w.key("totals").begin_object();
  counts(w, r, r.totals);
  w.end_object();
  w.key("directories").begin_array();
  for (const DirectoryRow& d : r.directories) {
    w.begin_object().field("path", d.path).field("depth", d.depth);
    counts(w, r, d.counts);
    w.end_object();
  }
  w.end_array();
  w.key("owners").begin_array();
  for (const OwnerRow& o : r.owners) {
    w.begin_object().field("owner", o.owner);
    counts(w, r, o.counts);
    w.end_object();
  }
  w.end_array();
  w.key("files").begin_array();
  for (const FileRow& f : r.files) {
    w.begin_object().field("path", f.path).field("status", to_string(f.status));
    w.key("owners").string_array(f.owners);
    if (f.status == FileStatus::Failing) w.field("first_error", f.parses ? f.first_error : std::string("does not parse"));
    if (std::string why = why_not_fix_alone(f); !why.empty()) w.field("why_not_fix_alone", why);
    counts(w, r, f.counts);
    w.end_object();
  }
  w.end_array();
  w.key("fix_alone").begin_array();
  for (const std::string& path : r.fix_alone)
    for (const FileRow& f : r.files)
      if (f.path == path)
        w.begin_object()
            .field("path", path)
            .field("safety", f.fix == FixClears::Unsafe ? "unsafe" : "safe")
            .field("command", fix_command(f.fix, path))
            .end_object();
  w.end_array();
  w.key("next_up").string_array(r.next_up);
  w.key("most_sites").string_array(r.most_sites);
  w.key("history");
  if (r.history.empty()) {
    w.null();
  } else {
    w.begin_object().key("points").begin_array();
    for (const HistoryPoint& p : r.history) {
      w.begin_object().field("commit", p.commit).field("date", p.date).field("subject", p.subject);
      w.field("author", p.author);
      w.field("allowlist", uint64_t{p.allowlist}).field("test_classes", uint64_t{p.test_classes});
      w.field("unclassified", uint64_t{p.unclassified}).field("failing", uint64_t{p.failing});
      w.field("sites", uint64_t{p.sites});
      w.key("delta").begin_object().field("allowlist", int64_t{p.delta_allowlist});
      w.field("unclassified", int64_t{p.delta_unclassified}).field("failing", int64_t{p.delta_failing}).end_object();
      w.field("baseline", p.baseline).field("regression", p.regression());
      declared(w, r, p.declared);
      w.end_object();
    }
    w.end_array();
    const Trend& t = r.trend;
    w.key("week").begin_object().field("from", t.week_from).field("allowlist", int64_t{t.week_allowlist});
    w.field("unclassified", int64_t{t.week_unclassified}).field("failing", int64_t{t.week_failing}).end_object();
    w.key("projection").begin_object().field("window_from", t.window_from).field("window_to", t.window_to);
    w.field("window_days", t.window_days);
    w.field("allowlist_per_day", t.pace_per_day).key("allowlist_zero");
    if (t.zero_date.empty()) w.null(); else w.value(t.zero_date);
    w.key("owners").begin_array();
    for (const OwnerTrend& o : t.owners) {
      w.begin_object().field("owner", o.owner).field("from", uint64_t{o.from}).field("allowlist", uint64_t{o.now});
      w.field("allowlist_per_day", o.pace_per_day).key("allowlist_zero");
      if (o.zero_date.empty()) w.null(); else w.value(o.zero_date);
      w.end_object();
    }
    w.end_array();
    w.end_object().end_object();
  }
  w.end_object();
  out.push_back('\n');
  return out;
}

}  // namespace hwclass
