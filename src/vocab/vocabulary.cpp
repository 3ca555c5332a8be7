#include "vocab/vocabulary.h"

#include "util/ascii.h"
#include "util/hash.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <toml++/toml.h>

#include "util/error.h"
#include "vocab/rules_document.h"

namespace hwclass {
namespace {

// A value laid over the base by --rules-extend names its own file.
std::string where(const std::string& source, const toml::node& node) {
  const auto& region = node.source();
  return (region.path ? *region.path : source) + ":" + std::to_string(region.begin.line);
}

void check_keys(const toml::table& table, const std::set<std::string>& allowed, const std::string& source,
                const std::string& context) {
  for (const auto& [key, value] : table) {
    if (!allowed.count(std::string(key.str())))
      throw ConfigError(where(source, value) + ": unknown key '" + std::string(key.str()) + "' in " + context);
  }
}

std::vector<std::string> string_list(const toml::table& table, std::string_view key, const std::string& source,
                                     bool required = true) {
  const toml::node* node = table.get(key);
  if (!node) {
    if (required) throw ConfigError(source + ": missing key '" + std::string(key) + "'");
    return {};
  }
  const toml::array* array = node->as_array();
  if (!array) throw ConfigError(where(source, *node) + ": '" + std::string(key) + "' must be an array of strings");
  std::vector<std::string> out;
  for (const auto& item : *array) {
    auto value = item.value<std::string>();
    if (!value) throw ConfigError(where(source, item) + ": '" + std::string(key) + "' must hold only strings");
    out.push_back(*value);
  }
  return out;
}

// `{ name = 4, ... }`: whole numbers by name.
std::map<std::string, int64_t> count_map(const toml::table& table, std::string_view key, const std::string& source) {
  const toml::node* node = table.get(key);
  if (!node) return {};
  const toml::table* map = node->as_table();
  if (!map) throw ConfigError(where(source, *node) + ": '" + std::string(key) + "' must be a table of integers");
  std::map<std::string, int64_t> out;
  for (const auto& [name, value] : *map) {
    auto n = value.value<int64_t>();
    if (!n || *n < 0)
      throw ConfigError(where(source, value) + ": '" + std::string(key) + "." + std::string(name.str()) +
                        "' must be a whole number");
    out[std::string(name.str())] = *n;
  }
  return out;
}

// [device_count], with the multi-process rule it names: its fixed counts
// are laid over the table's own.
void read_device_count(const toml::table& count, const std::string& source, Vocabulary& v) {
  check_keys(count, {"argument", "fixed", "stamped", "stamp_attributes", "constants", "multi_process_rule", "rule"}, source,
             "[device_count]");
  v.count_constants = count_map(count, "constants", source);
  for (const auto& [name, position] : count_map(count, "argument", source)) {
    if (position < 1) throw ConfigError(where(source, *count.get("argument")) + ": argument positions start at 1");
    v.count_argument_positions[name] = static_cast<size_t>(position);
  }
  v.count_fixed_decorators = count_map(count, "fixed", source);
  v.count_stamped_decorators = string_list(count, "stamped", source, false);
  v.count_stamp_attributes = string_list(count, "stamp_attributes", source, false);
  const toml::node* chosen = count.get("multi_process_rule");
  if (!chosen) return;  // a rules file from before the key: upstream's older rule
  auto name = chosen->value<std::string>();
  const toml::table* rules = count["rule"].as_table();
  const toml::table* rule = name && rules ? (*rules)[*name].as_table() : nullptr;
  if (!rule)
    throw ConfigError(where(source, *chosen) + ": multi_process_rule names no [device_count.rule." +
                      name.value_or("?") + "] table");
  check_keys(*rule, {"world_size", "fixed"}, source, "[device_count.rule." + *name + "]");
  auto world_size = (*rule)["world_size"].value<bool>();
  if (!world_size) throw ConfigError(source + ": [device_count.rule." + *name + "] needs world_size = true or false");
  v.multi_process_rule = *name;
  v.world_size_is_need = *world_size;
  for (const auto& [decorator, n] : count_map(*rule, "fixed", source)) v.count_fixed_decorators[decorator] = n;
}

const toml::table& sub_table(const toml::table& table, std::string_view key, const std::string& source) {
  const toml::node* node = table.get(key);
  if (!node || !node->is_table()) throw ConfigError(source + ": missing table [" + std::string(key) + "]");
  return *node->as_table();
}


void read_classification(const toml::table& table, const std::string& source, Vocabulary& v) {
  check_keys(table, {"members", "aliases", "star_without_enum", "star_with_enum"}, source, "[classification]");
  std::vector<std::string> names = string_list(table, "members", source);
  v.star_imports.without = string_list(table, "star_without_enum", source, false);
  v.star_imports.with = string_list(table, "star_with_enum", source, false);
  std::map<std::string, std::string> member_aliases;
  if (const auto* aliases = table["aliases"].as_table()) {
    for (const auto& [key, value] : *aliases) {
      auto target = value.value<std::string>();
      if (!target || std::find(names.begin(), names.end(), *target) == names.end())
        throw ConfigError(where(source, value) + ": alias '" + std::string(key.str()) + "' must name a member");
      member_aliases[std::string(key.str())] = *target;
    }
  }
  v.members = Members(std::move(names), std::move(member_aliases));
}

// The two members the rules reason about by role, from the device tables:
// the any-accelerator table's member runs on any accelerator, and the first
// member (in upstream's order) that no table names needs no device. Either
// missing, or two accelerator members, is an error, as code would otherwise
// guess.
void read_member_roles(const std::string& source, Vocabulary& v) {
  std::string accelerator;
  std::set<std::string> claimed;
  for (const DeviceInfo& d : v.devices) {
    claimed.insert(d.member);
    if (d.kind != DeviceKind::AnyAccelerator || d.member.empty()) continue;
    if (!accelerator.empty() && accelerator != d.member)
      throw ConfigError(source + ": the any-accelerator device tables name two members, '" + accelerator + "' and '" +
                        d.member + "'");
    accelerator = d.member;
  }
  if (accelerator.empty())
    throw ConfigError(source + ": no [device.*] table of kind \"any-accelerator\" names the member of tests that run "
                               "on any accelerator");
  auto generic = std::find_if(v.members.names().begin(), v.members.names().end(),
                              [&](const std::string& m) { return !claimed.count(m); });
  if (generic == v.members.names().end())
    throw ConfigError(source + ": every member is a [device.*] table's; the first one none names is the member of "
                               "tests that need no device");
  v.members.set_roles(*generic, accelerator);
}

DeviceInfo read_device(std::string_view key, const toml::node& node, const std::string& source, const Vocabulary& v) {
  static const std::set<std::string> device_keys = {"member", "strings", "tensor_methods", "api_modules", "only",
                                                    "skip", "xfail", "dtypes", "requires", "flags",
                                                    "kind", "scoped_skip", "packages", "runner_flags",
                                                    "absence_flags"};
  const std::string context = "[device." + std::string(key) + "]";
  const toml::table* table = node.as_table();
  if (!table) throw ConfigError(where(source, node) + ": " + context + " must be a table");
  check_keys(*table, device_keys, source, context);
  DeviceInfo d;
  d.key = std::string(key);
  d.member = (*table)["member"].value<std::string>().value_or("");
  if (!d.member.empty() && !v.is_member(d.member))
    throw ConfigError(where(source, node) + ": " + context + " member '" + d.member + "' is not a member");
  d.strings = string_list(*table, "strings", source, false);
  d.tensor_methods = string_list(*table, "tensor_methods", source, false);
  d.api_modules = string_list(*table, "api_modules", source, false);
  d.only = string_list(*table, "only", source, false);
  d.skip = string_list(*table, "skip", source, false);
  d.xfail = string_list(*table, "xfail", source, false);
  d.dtypes = string_list(*table, "dtypes", source, false);
  d.requirements = string_list(*table, "requires", source, false);
  d.flags = string_list(*table, "flags", source, false);
  d.packages = string_list(*table, "packages", source, false);
  d.runner_flags = string_list(*table, "runner_flags", source, false);
  d.absence_flags = string_list(*table, "absence_flags", source, false);
  static const std::map<std::string, DeviceKind> kinds = {
      {"accelerator", DeviceKind::Accelerator}, {"host", DeviceKind::Host}, {"virtual", DeviceKind::Virtual},
      {"any-accelerator", DeviceKind::AnyAccelerator}, {"accelerator-group", DeviceKind::AcceleratorGroup}};
  if (const auto* kind = (*table)["kind"].as_string()) {
    auto it = kinds.find(kind->get());
    if (it == kinds.end())
      throw ConfigError(where(source, *kind) + ": " + context + " kind '" + kind->get() +
                        "' is not one of accelerator, host, virtual, any-accelerator, accelerator-group");
    d.kind = it->second;
  }
  d.scoped_skip = (*table)["scoped_skip"].value<std::string>().value_or("");
  return d;
}

// What resolve and classify read: [instantiate], [aggregators], [classify].
void read_structure(const toml::table& root, const std::string& source, Vocabulary& v) {
  v.default_devices = {"cpu", "cuda"};
  if (const auto* inst = root["instantiate"].as_table()) {
    check_keys(*inst, {"default_devices", "opt_in", "privateuse1"}, source, "[instantiate]");
    v.default_devices = string_list(*inst, "default_devices", source);
    v.privateuse1_devices = string_list(*inst, "privateuse1", source, false);
    if (const auto* opt = (*inst)["opt_in"].as_table())
      for (const auto& [device, keyword] : *opt)
        v.opt_in_devices[std::string(device.str())] = keyword.value<std::string>().value_or("");
  }
  if (const auto* cls = root["classify"].as_table()) {
    check_keys(*cls,
               {"device_specific_apis", "device_specific_decorators", "skip_if", "skip_unless", "argument_decorators",
                "accelerator_equivalents", "value_apis", "query_apis", "fake_device_contexts", "framework_bases",
                "runtime_device_bases", "test_copiers", "host_only_calls", "running_decorators", "resource_skips",
                "library_packages", "helper_packages"},
               source, "[classify]");
    v.device_specific_apis = string_list(*cls, "device_specific_apis", source, false);
    v.device_specific_decorators = string_list(*cls, "device_specific_decorators", source, false);
    v.skip_if_decorators = string_list(*cls, "skip_if", source, false);
    v.skip_unless_decorators = string_list(*cls, "skip_unless", source, false);
    v.argument_decorators = string_list(*cls, "argument_decorators", source, false);
    v.value_apis = string_list(*cls, "value_apis", source, false);
    v.query_apis = string_list(*cls, "query_apis", source, false);
    v.fake_device_contexts = string_list(*cls, "fake_device_contexts", source, false);
    v.framework_bases = string_list(*cls, "framework_bases", source, false);
    v.runtime_device_bases = string_list(*cls, "runtime_device_bases", source, false);
    v.test_copiers = string_list(*cls, "test_copiers", source, false);
    v.host_only_calls = string_list(*cls, "host_only_calls", source, false);
    v.running_decorators = string_list(*cls, "running_decorators", source, false);
    v.resource_skips = string_list(*cls, "resource_skips", source, false);
    v.library_packages = string_list(*cls, "library_packages", source, false);
    v.helper_packages = string_list(*cls, "helper_packages", source, false);
    if (const auto* eq = (*cls)["accelerator_equivalents"].as_table())
      for (const auto& [name, spelling] : *eq)
        v.accelerator_equivalents[std::string(name.str())] = spelling.value<std::string>().value_or("");
  }
  if (const auto* fix = root["fix"].as_table()) {
    check_keys(*fix,
               {"device_type_contexts", "device_type_with_index", "accelerator_only_decorator", "accelerator_only_module", "api_rewrite_modules",
                "rewrite_together", "api_sources"},
               source, "[fix]");
    v.device_type_contexts = string_list(*fix, "device_type_contexts", source, false);
    v.device_type_with_index = string_list(*fix, "device_type_with_index", source, false);
    v.api_rewrite_modules = string_list(*fix, "api_rewrite_modules", source, false);
    if (const auto* groups = (*fix)["rewrite_together"].as_array())
      for (const auto& group : *groups) {
        const auto* names = group.as_array();
        if (!names) throw ConfigError(where(source, group) + ": rewrite_together takes lists of API names");
        auto& out = v.rewrite_together.emplace_back();
        for (const auto& name : *names) out.push_back(name.value<std::string>().value_or(""));
      }
    if (const auto* sources = (*fix)["api_sources"].as_table())
      for (const auto& [prefix, files] : *sources) {
        const auto* list = files.as_array();
        if (!list) throw ConfigError(where(source, files) + ": api_sources values are lists of files");
        auto& out = v.api_sources[std::string(prefix.str())];
        for (const auto& file : *list) out.push_back(file.value<std::string>().value_or(""));
      }
    v.accelerator_only_decorator = (*fix)["accelerator_only_decorator"].value<std::string>().value_or("");
    v.accelerator_only_module = (*fix)["accelerator_only_module"].value<std::string>().value_or("");
  }
  if (const auto* collection = root["collection"].as_table()) {
    check_keys(*collection, {"testcase_bases", "plain_bases", "class_replacing", "class_replacing_calls",
                              "class_subclassing_calls", "module_loaders"}, source,
               "[collection]");
    v.testcase_bases = string_list(*collection, "testcase_bases", source, false);
    v.plain_bases = string_list(*collection, "plain_bases", source, false);
    v.class_replacing = string_list(*collection, "class_replacing", source, false);
    v.class_replacing_calls = string_list(*collection, "class_replacing_calls", source, false);
    v.class_subclassing_calls = string_list(*collection, "class_subclassing_calls", source, false);
    v.module_loaders = string_list(*collection, "module_loaders", source, false);
  }
  if (const auto* agg = root["aggregators"].as_table())
    for (const auto& [dir, file] : *agg) {
      auto target = file.value<std::string>();
      if (!target) throw ConfigError(where(source, file) + ": aggregator '" + std::string(dir.str()) + "' must name a file");
      v.aggregators[std::string(dir.str())] = *target;
    }
}

// Tables that contradict each other are an error at the key's line, never
// a silent first-wins: a name in two device tables (one of them would never
// be seen), and a single-device table whose member is ACCELERATOR, which is
// no device's member (a device without one leaves `member` empty).
void check_device_tables(const toml::table& devices, const std::string& source, const Vocabulary& v) {
  const std::vector<std::pair<std::string, std::vector<const char*>>> spaces = {
      {"string", {"strings"}}, {"tensor method", {"tensor_methods"}}, {"API module", {"api_modules"}},
      {"flag", {"flags"}}, {"package", {"packages"}}, {"decorator", {"only", "skip", "xfail", "dtypes", "requires"}}};
  for (const auto& [what, keys] : spaces) {
    std::map<std::string, std::string> owner;
    for (const auto& [device, node] : devices) {
      const toml::table* table = node.as_table();
      for (const char* key : keys)
        if (const toml::array* list = table ? (*table)[key].as_array() : nullptr)
          for (const auto& item : *list) {
            std::string name = item.value<std::string>().value_or("");
            auto [it, fresh] = owner.try_emplace(name, std::string(device.str()));
            if (!fresh && it->second != device.str())
              throw ConfigError(where(source, item) + ": " + what + " '" + name + "' is in both [device." + it->second +
                                "] and [device." + std::string(device.str()) + "]; a name belongs to one device");
          }
    }
  }
  for (const DeviceInfo& d : v.devices)
    if (d.kind == DeviceKind::Accelerator && v.members.is_accelerator(d.member)) {
      const toml::node* member = devices[d.key].as_table()->get("member");
      throw ConfigError(where(source, *member) + ": [device." + d.key + "] member '" + d.member +
                        "' is no single device's member; leave it empty for a device without one");
    }
}

// Every PrivateUse1 backend the rules instantiate has a device table, or
// nothing could recognise its code.
void check_privateuse1(const toml::table& root, const std::string& source, const Vocabulary& v) {
  const toml::array* list = root["instantiate"]["privateuse1"].as_array();
  if (!list) return;
  for (const auto& item : *list) {
    std::string name = item.value<std::string>().value_or("");
    if (!v.device(name))
      throw ConfigError(where(source, item) + ": [instantiate] privateuse1 names '" + name +
                        "', which has no [device." + name + "] table");
  }
}

}  // namespace

Vocabulary Vocabulary::from_toml(std::string_view text, const std::string& source) {
  return from_document(parse_rules(text, source));
}

Vocabulary Vocabulary::from_document(const RulesDocument& document) {
  const toml::table& root = document.root;
  const std::string& source = document.source;
  check_keys(root,
             {"schema", "classification", "upstream", "positions", "device", "multi_device_decorators", "multi_process", "device_count", "instantiate",
              "aggregators", "classify", "fix", "collection"},
             source, "the top level");
  if (root["schema"].value<int64_t>().value_or(0) != 1)
    throw ConfigError((root.get("schema") ? where(source, *root.get("schema")) : source) + ": 'schema' must be 1");

  Vocabulary v;
  v.rules_hash = hwclass::rules_hash(root);
  read_classification(sub_table(root, "classification", source), source, v);
  const auto& upstream = sub_table(root, "upstream", source);
  check_keys(upstream, {"deny_decorators", "accelerator_api_modules"}, source,
             "[upstream]");
  v.deny_decorators = string_list(upstream, "deny_decorators", source);
  v.accelerator_api_modules = string_list(upstream, "accelerator_api_modules", source);

  const auto& positions = sub_table(root, "positions", source);
  check_keys(positions,
             {"device_keywords", "device_arg_callees", "device_value_callees", "device_value_readers", "device_query_callees",
              "device_variable_names", "device_global_names"},
             source, "[positions]");
  v.device_keyword_list_ = string_list(positions, "device_keywords", source);
  v.device_arg_callee_list_ = string_list(positions, "device_arg_callees", source);
  v.device_value_callee_list_ = string_list(positions, "device_value_callees", source, false);
  v.device_value_reader_list_ = string_list(positions, "device_value_readers", source, false);
  v.device_query_callee_list_ = string_list(positions, "device_query_callees", source, false);
  v.device_variable_list_ = string_list(positions, "device_variable_names", source);
  v.device_global_name_list_ = string_list(positions, "device_global_names", source);

  for (const auto& [key, node] : sub_table(root, "device", source)) v.devices.push_back(read_device(key.str(), node, source, v));
  read_member_roles(source, v);
  check_device_tables(sub_table(root, "device", source), source, v);
  if (const auto* multi = root["multi_device_decorators"].as_table())
    for (const auto& [key, node] : *multi)
      v.multi_device_decorators[std::string(key.str())] = string_list(*multi, key.str(), source);
  if (const auto* multi = root["multi_process"].as_table()) {
    check_keys(*multi, {"bases", "world_size", "cpu_backend_stem_suffixes", "cpu_backend_stem_words"}, source,
               "[multi_process]");
    v.multi_process_bases = string_list(*multi, "bases", source, false);
    v.multi_process_world_size = count_map(*multi, "world_size", source);
    v.cpu_backend_stem_suffixes = string_list(*multi, "cpu_backend_stem_suffixes", source, false);
    v.cpu_backend_stem_words = string_list(*multi, "cpu_backend_stem_words", source, false);
  }
  if (const auto* count = root["device_count"].as_table()) read_device_count(*count, source, v);
  read_structure(root, source, v);
  check_privateuse1(root, source, v);
  v.build_index();
  return v;
}

void Vocabulary::build_index() {
  auto add_role = [&](const std::vector<std::string>& names, const std::string& device, DecoratorRole role) {
    for (const auto& n : names) decorators_.try_emplace(n, DecoratorInfo{DeviceName::one(device), role});
  };
  for (const auto& d : devices) {
    add_role(d.only, d.key, DecoratorRole::Only);
    add_role(d.skip, d.key, DecoratorRole::Skip);
    add_role(d.xfail, d.key, DecoratorRole::Xfail);
    add_role(d.dtypes, d.key, DecoratorRole::Dtypes);
    add_role(d.requirements, d.key, DecoratorRole::Requires);
    for (const auto& f : d.flags) flags_.try_emplace(f, d.key);
    for (const auto& f : d.absence_flags) flags_.try_emplace(f, d.key), absence_flags_.try_emplace(f, true);
    for (const auto& m : d.api_modules) api_modules_.try_emplace(m, d.key);
    for (const auto& m : d.tensor_methods) tensor_methods_.try_emplace(m, d.key);
    for (const auto& s : d.strings) strings_.try_emplace(s, d.key);
    for (const auto& p : d.packages) packages_.try_emplace(p, d.key);
  }
  // Multi-device and argument-driven "only" decorators name no single device.
  for (const auto& [name, list] : multi_device_decorators)
    decorators_.try_emplace(name, DecoratorInfo{DeviceName::of(DeviceNaming::Several), DecoratorRole::Only});
  for (const auto& name : deny_decorators)
    decorators_.try_emplace(name, DecoratorInfo{DeviceName::of(DeviceNaming::Unknown), DecoratorRole::Only});
  for (const auto& m : accelerator_api_modules) api_modules_.try_emplace(m, m);
  for (const auto& name : skip_if_decorators) skip_polarities_.try_emplace(name, 1);
  for (const auto& name : skip_unless_decorators) skip_polarities_.try_emplace(name, -1);
  for (const auto& s : device_keyword_list_) device_keywords_.emplace(s, true);
  for (const auto& s : device_arg_callee_list_) device_arg_callees_.emplace(s, true);
  for (const auto& s : device_value_callee_list_) device_value_callees_.emplace(s, true);
  for (const auto& s : device_value_reader_list_) device_value_readers_.emplace(s, true);
  for (const auto& s : device_query_callee_list_) device_query_callees_.emplace(s, true);
  for (const auto& s : device_variable_list_) device_variables_.emplace(s, true);
  for (const auto& s : device_global_name_list_) device_global_names_.emplace(s, true);
  for (const auto* map : {&flags_, &api_modules_, &tensor_methods_, &packages_})
    for (const auto& [name, value] : *map) allow(name);
  for (const auto& [name, value] : decorators_) allow(name);
  for (const auto& [name, value] : skip_polarities_) allow(name);
  for (const auto& name : device_keyword_list_) allow(name);
  for (const auto& name : device_arg_callee_list_) allow(name);
}

bool Vocabulary::is_member(std::string_view name) const { return members.contains(name); }

const std::string* Vocabulary::alias_target(std::string_view name) const { return members.alias_target(name); }

std::string Vocabulary::intended_member(const Declaration& d) const {
  switch (d.reason) {
    case InvalidReason::AliasMember: return d.alias_of;
    case InvalidReason::QualifiedName: return is_member(d.member) ? d.member : "";
    case InvalidReason::StringValue: {
      std::string s = d.value_text;
      if (s.size() < 2 || (s.front() != '"' && s.front() != '\'') || s.back() != s.front()) return "";
      s = ascii_upper(s.substr(1, s.size() - 2));
      if (const std::string* alias = alias_target(s)) return *alias;
      return is_member(s) ? s : "";
    }
    default: return "";
  }
}

const DeviceInfo* Vocabulary::device_of_member(std::string_view member) const {
  for (const auto& d : devices)
    if (!d.member.empty() && d.member == member && (d.kind == DeviceKind::Accelerator || d.kind == DeviceKind::Host))
      return &d;
  return nullptr;
}

const DeviceInfo* Vocabulary::device(std::string_view key) const {
  for (const auto& d : devices)
    if (d.key == key) return &d;
  return nullptr;
}

template <class V>
static const V* lookup(const NameMap<V>& map, std::string_view key) {
  auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

const DecoratorInfo* Vocabulary::decorator(std::string_view name) const {
  return maybe(name) ? lookup(decorators_, name) : nullptr;
}
const std::string* Vocabulary::flag_device(std::string_view name) const {
  return maybe(name) ? lookup(flags_, name) : nullptr;
}
bool Vocabulary::names_absence_flag(std::string_view text) const {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (const auto& [flag, _] : absence_flags_)
    for (size_t at = text.find(flag); at != std::string_view::npos; at = text.find(flag, at + 1))
      if ((at == 0 || !word(text[at - 1])) && (at + flag.size() == text.size() || !word(text[at + flag.size()])))
        return true;
  return false;
}
const std::string* Vocabulary::accelerator_equivalent(std::string_view call) const {
  static const std::string tensor_method;
  if (call.size() >= 2 && call.substr(call.size() - 2) == "()") call.remove_suffix(2);
  // The part after the first device module: "torch.cuda.amp.autocast" -> "amp.autocast".
  for (size_t start = 0; start < call.size();) {
    size_t dot = call.find('.', start);
    std::string_view part = call.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    start = dot == std::string_view::npos ? call.size() : dot + 1;
    const std::string* key = start > 6 ? api_module_device(part) : nullptr;  // not "torch" itself
    if (!key) continue;
    const DeviceInfo* d = device(*key);
    if (!d || d->kind != DeviceKind::Accelerator) return &tensor_method;  // torch.accelerator.*: generic already
    std::string_view rest = call.substr(start);
    if (rest.empty()) return &tensor_method;
    rest = rest.substr(0, rest.find('('));
    auto it = accelerator_equivalents.find(std::string(rest));
    return it == accelerator_equivalents.end() ? nullptr : &it->second;
  }
  return nullptr;
}

const std::string* Vocabulary::api_module_device(std::string_view part) const {
  return maybe(part) ? lookup(api_modules_, part) : nullptr;
}
const std::string* Vocabulary::package_device(std::string_view name) const {
  return maybe(name) ? lookup(packages_, name) : nullptr;
}
const std::string* Vocabulary::tensor_method_device(std::string_view name) const {
  return maybe(name) ? lookup(tensor_methods_, name) : nullptr;
}

std::optional<std::string_view> Vocabulary::device_of_string(std::string_view literal) const {
  std::string_view base = literal;
  if (auto colon = literal.find(':'); colon != std::string_view::npos) {
    std::string_view index = literal.substr(colon + 1);
    if (index.empty()) return std::nullopt;
    for (char c : index)
      if (c < '0' || c > '9') return std::nullopt;
    base = literal.substr(0, colon);
  }
  if (const std::string* key = lookup(strings_, base)) return std::string_view(*key);
  return std::nullopt;
}

const Vocabulary& Vocabulary::embedded() {
  static const Vocabulary v = from_toml(embedded_rules_text(), "<embedded rules/devices.toml>");
  return v;
}

Vocabulary load_vocabulary(const std::string& dir, const std::vector<std::string>& extensions) {
  if (dir.empty() && extensions.empty()) return Vocabulary::embedded();
  RulesDocument document = dir.empty() ? parse_rules(embedded_rules_text(), "<embedded rules/devices.toml>")
                                       : parse_rules(read_rules_file(dir + "/devices.toml"), dir + "/devices.toml");
  for (const std::string& path : extensions) extend_rules(document, parse_rules(read_rules_file(path), path).root);
  return Vocabulary::from_document(document);
}

}  // namespace hwclass
