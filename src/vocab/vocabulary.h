// Device vocabulary: the contents of rules/devices.toml, indexed for the
// extractor's hot path. Knowledge about devices lives in that file, not here.
#pragma once

#include <array>
#include <cstdint>
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vocab/members.h"
#include "facts/facts.h"
#include "facts/queries.h"

namespace hwclass {

struct RulesDocument;  // vocab/rules_document.h

// What stands behind a device table in rules/devices.toml (its `kind`).
enum class DeviceKind {
  Accelerator,       // one accelerator: cuda, xpu, mps, hpu, a PrivateUse1 backend
  Host,              // cpu: present wherever a test runs
  Virtual,           // meta, lazy: no hardware behind it
  AnyAccelerator,    // the device-generic spellings (torch.accelerator, @onlyAccelerator)
  AcceleratorGroup,  // a fixed set spelled as one (GPU_TYPE, HAS_GPU: cuda or xpu)
};

struct DeviceInfo {
  std::string key;     // "cuda"
  std::string member;  // "CUDA", or "" when no HardwareClassification member is specific to it
  std::vector<std::string> strings, tensor_methods, api_modules, only, skip, xfail, dtypes, requirements,
      flags;
  // Top-level packages of an out-of-tree backend (torch_npu): calls through
  // them are that device's API, as torch.npu.* is.
  std::vector<std::string> packages;
  // Names and calls true exactly on a runner of this device (TEST_MPS,
  // torch.backends.mps.is_available()), as written in a condition
  // (vocab/runner_condition.h reads them). `flags`
  // only say the device is needed: SM80OrLater is false off cuda, but not
  // true on every cuda runner.
  std::vector<std::string> runner_flags;
  // Names true where the device is missing (torch.cuda.amp.common's
  // amp_definitely_not_available: no cuda and no xla). They are flags of
  // the device with the sense turned: `@skipIf(amp_definitely_not_available())`
  // skips where the device is missing, as `@skipIf(not TEST_CUDA)` does.
  std::vector<std::string> absence_flags;
  DeviceKind kind = DeviceKind::Accelerator;
  // The decorator that skips a test on this device alone when a condition
  // holds (skipCUDAIf); empty when the device has none.
  std::string scoped_skip;
};

struct DecoratorInfo {
  DeviceName device;
  DecoratorRole role = DecoratorRole::None;
};

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
template <class V>
using NameMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

class Vocabulary {
 public:
  // Throws ConfigError naming the file (and line, where the TOML parser knows it).
  static Vocabulary from_toml(std::string_view text, const std::string& source_name);
  // The same for rules already parsed (and extended): errors name the file
  // and line each value came from.
  static Vocabulary from_document(const RulesDocument& document);
  static const Vocabulary& embedded();

  std::string rules_hash;  // XXH3 64 of the rules' values, in hex: which rules made an output
  Members members;  // [classification]: names, aliases, and the generic and accelerator roles
  std::vector<std::string> deny_decorators;
  std::vector<std::string> accelerator_api_modules;
  std::vector<DeviceInfo> devices;  // in file order
  std::map<std::string, std::vector<std::string>> multi_device_decorators;
  // Bases of classes run in several processes, one device each ([multi_process]).
  std::vector<std::string> multi_process_bases;
  // Their world_size where the library sets it ([multi_process] world_size);
  // a listed base missing here has one upstream cannot read.
  std::map<std::string, int64_t> multi_process_world_size;
  // Test files on a CPU backend, where upstream counts only the decorators
  // ([multi_process] cpu_backend_stem_suffixes, cpu_backend_stem_words).
  std::vector<std::string> cpu_backend_stem_suffixes, cpu_backend_stem_words;
  // Decorators that ask for a number of devices ([device_count]): by a
  // positional argument (its position, from 1), or a fixed number; and
  // those upstream's conftest reads (stamps) for a multi-process test.
  std::map<std::string, size_t> count_argument_positions;
  std::map<std::string, int64_t> count_fixed_decorators;
  std::vector<std::string> count_stamped_decorators;
  // The attributes those decorators stamp on the function they wrap, which
  // upstream's conftest reads ([device_count] stamp_attributes): a file's own
  // decorator that sets one stamps too (extract/count_stamper.cpp).
  std::vector<std::string> count_stamp_attributes;
  // The rule that gives a multi-process test its need (contract 5.8,
  // [device_count] multi_process_rule): whether the class's world_size
  // counts beside the stamps. Upstream's newest rule says no; its older
  // one, the default of a rules file that names none, yes.
  std::string multi_process_rule = "stamps-and-world-size";
  bool world_size_is_need = true;
  // Names the library binds to a count, as a test file reads them when it
  // does not bind them itself ([device_count] constants: TEST_GPU_NUM).
  std::map<std::string, int64_t> count_constants;
  std::vector<std::string> default_devices;           // instantiated unless excluded
  std::map<std::string, std::string> opt_in_devices;  // device -> keyword that must be True
  std::vector<std::string> privateuse1_devices;
  std::map<std::string, std::string> aggregators;     // directory prefix -> invoking file
  // [collection]: what pytest collects as a test class (resolve/collection.h).
  // A base whose qualified name starts with one of testcase_bases is a
  // unittest.TestCase; one in plain_bases is not.
  std::vector<std::string> testcase_bases, plain_bases;
  // [classification] star_without_enum / star_with_enum (facts/queries.h).
  StarImports star_imports;
  // Qualified names that return a function when a class is passed last: a
  // bare class decorator naming one replaces the class (class_replacing).
  std::vector<std::string> class_replacing;
  // Qualified names whose call returns such a decorator: a class decorator
  // calling one (`@skipIfXpu(msg=...)`, `@skip_if_lt_x_gpu(2)`) replaces the
  // class (class_replacing_calls).
  std::vector<std::string> class_replacing_calls;
  // Qualified names whose call returns a class decorator that hands back a
  // subclass (torch._inductor.config.patch): pytest collects it, but its own
  // namespace holds no test, so instantiate_device_type_tests, which copies
  // the tests of the class's own namespace, makes variants without them.
  std::vector<std::string> class_subclassing_calls;
  // Names whose call loads a module from a file (SourceFileLoader): a
  // module-level function calling one, called at import with a literal
  // module name, loads that module (FileFacts::loads).
  std::vector<std::string> module_loaders;
  std::vector<std::string> device_specific_apis;      // dotted prefixes of APIs that stay device-specific
  std::vector<std::string> device_specific_decorators;
  std::vector<std::string> skip_if_decorators;      // skip when the condition holds: skipIf
  std::vector<std::string> skip_unless_decorators;  // skip when it does not: skipUnless
  std::vector<std::string> argument_decorators;     // supply test arguments: @given(device=...), @parametrize
  std::map<std::string, std::string> accelerator_equivalents;  // "synchronize" -> "torch.accelerator.synchronize"
  std::vector<std::string> value_apis;               // prefixes of calls that read a value: torch.version.
  std::vector<std::string> query_apis;               // prefixes of calls that work without the device
  std::vector<std::string> fake_device_contexts;     // with-callees whose body's devices are fakes
  // Test-framework bases whose own machinery is no evidence for subclasses
  // (common_utils.TestCase's memory checks call torch.cuda).
  std::vector<std::string> framework_bases;
  // Bases that pick their tests' device from availability at run time
  // (DTensorTestBase): a subclass's target is ACCELERATOR.
  std::vector<std::string> runtime_device_bases;
  // Requiring decorators that run their test without the device rather than
  // skip it (`@tf32_on_and_off`): a need, but no guard (never_runs).
  std::vector<std::string> running_decorators;
  // Decorators that skip their test where a device lacks a resource
  // (`@largeTensorTest("40GB", device="cuda")`): a skip where it is missing.
  std::vector<std::string> resource_skips;
  // Top-level packages of libraries, not of the test suite, and the
  // suite's packages inside them (classify/bases.cpp).
  std::vector<std::string> library_packages, helper_packages;
  // Helpers that copy a template class's tests onto their second argument
  // (inductor's copy_tests(Template, TestX, "cpu")).
  std::vector<std::string> test_copiers;
  // Calls that run a CPU-only backend (override_quantized_engine("fbgemm")).
  std::vector<std::string> host_only_calls;
  bool is_framework_base(std::string_view name) const {
    return std::find(framework_bases.begin(), framework_bases.end(), name) != framework_bases.end();
  }
  std::vector<std::string> device_type_contexts;     // code before a device *type* string: "autocast(", "device_type="
  std::vector<std::string> device_type_with_index;   // ... when another argument follows: "torch.device(" ("cuda", 0)
  std::string accelerator_only_decorator, accelerator_only_module;  // onlyAccelerator, where it lives; "" = none
  std::vector<std::string> api_rewrite_modules;          // "torch.cuda.": the calls accelerator-api rewrites
  std::vector<std::vector<std::string>> rewrite_together;  // API names rewritten together or not at all
  std::map<std::string, std::vector<std::string>> api_sources;  // target prefix -> files under the API root

  // The device-generic spelling of a device API call ("torch.cuda.synchronize()"),
  // nullptr when it has none; "" for a tensor method spelt as the module
  // (torch.randn(3).cuda(), which becomes .to(device)).
  const std::string* accelerator_equivalent(std::string_view api_call) const;

  // +1 for a skip-if decorator, -1 for a skip-unless one, 0 for any other.
  int skip_polarity(std::string_view decorator) const {
    if (!maybe(decorator)) return 0;
    auto it = skip_polarities_.find(decorator);
    return it == skip_polarities_.end() ? 0 : it->second;
  }

  bool is_member(std::string_view name) const;
  // The member an invalid declaration plainly means: DEVICE_GENERIC's new
  // name, a qualified enum's member, a string naming a member ("generic");
  // "" when it is not plain (a typo, a bare annotation, anything else).
  std::string intended_member(const Declaration& declaration) const;
  const std::string* alias_target(std::string_view name) const;
  const DeviceInfo* device(std::string_view key) const;
  const DeviceInfo* device(const DeviceName& name) const { return name.names_one() ? device(name.key) : nullptr; }
  // Whether code naming `name` names one accelerator, so that it hardcodes one.
  bool names_one_accelerator(const DeviceName& name) const {
    const DeviceInfo* d = device(name);
    return d && d->kind == DeviceKind::Accelerator;
  }
  // Whether code naming `name` hardcodes one device: one accelerator, or a
  // fixed group of them (GPU_TYPE); not the host, a virtual device or the
  // device-generic spellings.
  bool hardcodes_one_device(const DeviceName& name) const {
    DeviceKind kind = kind_of(name);
    return name.names_one() && (kind == DeviceKind::Accelerator || kind == DeviceKind::AcceleratorGroup);
  }
  DeviceKind kind_of(const DeviceName& name) const {
    const DeviceInfo* d = device(name);
    return d ? d->kind : DeviceKind::Accelerator;
  }
  DeviceKind kind_of(std::string_view key) const {
    const DeviceInfo* d = device(key);
    return d ? d->kind : DeviceKind::Accelerator;
  }
  // The key of the first device table of that kind ("accelerator" for AnyAccelerator).
  std::string key_of_kind(DeviceKind kind) const {
    for (const auto& d : devices)
      if (d.kind == kind) return d.key;
    return "";
  }
  // The device a member is specific to (CUDA -> cuda); null for GENERIC and ACCELERATOR.
  const DeviceInfo* device_of_member(std::string_view member) const;
  const DecoratorInfo* decorator(std::string_view name) const;
  const std::string* flag_device(std::string_view name) const;
  // Whether a flag is true where its device is missing (DeviceInfo::absence_flags).
  bool is_absence_flag(std::string_view name) const { return maybe(name) && absence_flags_.count(name) > 0; }
  // Whether TEXT (a decorator as written) names an absence flag.
  bool names_absence_flag(std::string_view text) const;
  const std::string* api_module_device(std::string_view part) const;
  const std::string* package_device(std::string_view name) const;
  const std::string* tensor_method_device(std::string_view name) const;
  // The device key a string literal names: "cuda", "cuda:0" -> "cuda".
  std::optional<std::string_view> device_of_string(std::string_view literal) const;
  bool is_device_keyword(std::string_view name) const { return maybe(name) && device_keywords_.count(name) > 0; }
  bool is_device_arg_callee(std::string_view name) const {
    return maybe(name) && device_arg_callees_.count(name) > 0;
  }
  bool is_device_value_callee(std::string_view name) const { return device_value_callees_.count(name) > 0; }
  bool is_device_value_reader(std::string_view name) const { return device_value_readers_.count(name) > 0; }
  // A call that only asks about the device a keyword names
  // (torch.get_autocast_dtype(device_type="cuda")): the name is a value.
  bool is_device_query_callee(std::string_view name) const { return device_query_callees_.count(name) > 0; }
  bool is_device_variable(std::string_view name) const { return device_variables_.count(name) > 0; }
  bool is_device_global_name(std::string_view name) const { return device_global_names_.count(name) > 0; }

 private:
  void build_index();
  // One bit per (first byte, length) of every name in the maps below: the
  // extractor asks about every identifier, and most are none of these.
  bool maybe(std::string_view name) const {
    if (name.empty()) return false;
    size_t length = name.size() < 63 ? name.size() : 63;
    return (prefilter_[static_cast<unsigned char>(name[0])] >> length) & 1u;
  }
  void allow(std::string_view name) {
    if (!name.empty()) prefilter_[static_cast<unsigned char>(name[0])] |= 1ull << (name.size() < 63 ? name.size() : 63);
  }
  std::array<uint64_t, 256> prefilter_{};
  NameMap<DecoratorInfo> decorators_;
  NameMap<std::string> flags_, api_modules_, tensor_methods_, strings_, packages_;
  NameMap<int> skip_polarities_;
  NameMap<bool> absence_flags_, device_query_callees_;
  NameMap<bool> device_keywords_, device_arg_callees_, device_value_callees_, device_value_readers_, device_variables_, device_global_names_;
  std::vector<std::string> device_keyword_list_, device_arg_callee_list_, device_value_callee_list_, device_value_reader_list_,
      device_query_callee_list_, device_variable_list_,
      device_global_name_list_;
};

// Loads DIR/devices.toml when dir is non-empty, else the embedded default,
// with each of `extensions` (--rules-extend files) laid over it in order.
Vocabulary load_vocabulary(const std::string& dir, const std::vector<std::string>& extensions = {});

}  // namespace hwclass
