#include <catch2/catch.hpp>

#include "util/error.h"
#include "vocab/vocabulary.h"

using namespace hwclass;

TEST_CASE("the embedded vocabulary loads and indexes devices", "[vocab]") {
  const Vocabulary& v = Vocabulary::embedded();
  CHECK(v.members.names() == std::vector<std::string>{"GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"});
  REQUIRE(v.alias_target("DEVICE_GENERIC"));
  CHECK(*v.alias_target("DEVICE_GENERIC") == "ACCELERATOR");
  CHECK(v.deny_decorators.size() == 10);
  CHECK(v.decorator("onlyCUDA")->device == DeviceName::one("cuda"));
  CHECK(v.decorator("onlyCUDA")->role == DecoratorRole::Only);
  CHECK(v.decorator("dtypesIfMPS")->role == DecoratorRole::Dtypes);
  CHECK(*v.flag_device("GPU_TYPE") == "gpu");
  CHECK(v.device_of_string("cuda:0") == std::optional<std::string_view>("cuda"));
  CHECK_FALSE(v.device_of_string("cuda:"));
  CHECK_FALSE(v.device_of_string("cudax"));
  CHECK(v.device_of_string("cpu") == std::optional<std::string_view>("cpu"));
}

TEST_CASE("a new backend is a data change", "[vocab]") {
  std::string toml = R"(
schema = 1
[classification]
members = ["GENERIC", "ACCELERATOR"]
[upstream]
deny_decorators = []
accelerator_api_modules = ["npu"]
[positions]
device_keywords = ["device"]
device_arg_callees = ["device"]
device_variable_names = []
device_global_names = []
[device.accelerator]
kind = "any-accelerator"
member = "ACCELERATOR"
[device.npu]
strings = ["npu"]
only = ["onlyNPU"]
flags = ["TEST_NPU"]
)";
  Vocabulary v = Vocabulary::from_toml(toml, "npu.toml");
  CHECK(v.device_of_string("npu:1") == std::optional<std::string_view>("npu"));
  CHECK(v.decorator("onlyNPU")->device == DeviceName::one("npu"));
  CHECK(*v.flag_device("TEST_NPU") == "npu");
}

TEST_CASE("bad rules name the file, line and key", "[vocab]") {
  try {
    Vocabulary::from_toml("schema = 1\nbogus = 2\n", "r.toml");
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()) == "r.toml:2: unknown key 'bogus' in the top level");
  }
  try {
    Vocabulary::from_toml("schema = [\n", "r.toml");
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()).rfind("r.toml:", 0) == 0);
  }
}

// Tables that contradict each other name the file and the key's line
// (issue 18): a silent first-wins would leave one device's code unseen.
TEST_CASE("contradictory device tables are errors at the key's line", "[vocab]") {
  const std::string head = R"(schema = 1
[classification]
members = ["GENERIC", "ACCELERATOR", "CUDA"]
[upstream]
deny_decorators = []
accelerator_api_modules = ["cuda"]
[positions]
device_keywords = ["device"]
device_arg_callees = ["device"]
device_variable_names = []
device_global_names = []
[device.accelerator]
kind = "any-accelerator"
member = "ACCELERATOR"
)";
  auto error = [&](const std::string& tables) {
    try {
      Vocabulary::from_toml(head + tables, "r.toml");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("[device.cuda]\nmember = \"CUDA\"\nstrings = [\"cuda\"]\n[device.npu]\nstrings = [\"npu\",\n  \"cuda\"]\n") ==
        "r.toml:20: string 'cuda' is in both [device.cuda] and [device.npu]; a name belongs to one device");
  CHECK(error("[device.npu]\nmember = \"ACCELERATOR\"\nstrings = [\"npu\"]\n") ==
        "r.toml:16: [device.npu] member 'ACCELERATOR' is no single device's member; leave it empty for a device "
        "without one");
  CHECK(error("[device.npu]\nstrings = [\"npu\"]\n[instantiate]\ndefault_devices = [\"cpu\"]\nprivateuse1 = [\"npu\", \"openreg\"]\n") ==
        "r.toml:19: [instantiate] privateuse1 names 'openreg', which has no [device.openreg] table");
  // The same name in two keys of one table is fine: "cuda" is its string and its tensor method.
  CHECK(error("[device.cuda]\nmember = \"CUDA\"\nstrings = [\"cuda\"]\ntensor_methods = [\"cuda\"]\n") == "no error");
}

// Issue 31 item 4: code asks for the member of a role, never spells one; the
// rules say which member plays it.
TEST_CASE("the members' roles and aliases come from the rules", "[vocab]") {
  const Members& built_in = Vocabulary::embedded().members;
  // rules/devices.toml: [device.accelerator] names ACCELERATOR; GENERIC is the first member no table names.
  CHECK(built_in.generic() == "GENERIC");
  CHECK(built_in.accelerator() == "ACCELERATOR");
  CHECK(built_in.alias_of("ACCELERATOR") == "DEVICE_GENERIC");
  CHECK(built_in.alias_of("CUDA") == "");
  CHECK(*built_in.alias_target("DEVICE_GENERIC") == "ACCELERATOR");
  CHECK_FALSE(built_in.is_generic(""));

  const std::string head = R"(schema = 1
[classification]
members = ["ANY", "NONE", "NPU"]
aliases = { OLD_ANY = "ANY" }
[upstream]
deny_decorators = []
accelerator_api_modules = ["npu"]
[positions]
device_keywords = ["device"]
device_arg_callees = ["device"]
device_variable_names = []
device_global_names = []
[device.npu]
member = "NPU"
strings = ["npu"]
)";
  Vocabulary renamed = Vocabulary::from_toml(head + "[device.any]\nkind = \"any-accelerator\"\nmember = \"ANY\"\n", "r.toml");
  CHECK(renamed.members.accelerator() == "ANY");
  CHECK(renamed.members.generic() == "NONE");
  CHECK(renamed.members.alias_of("ANY") == "OLD_ANY");
  try {
    Vocabulary::from_toml(head, "r.toml");
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()) == "r.toml: no [device.*] table of kind \"any-accelerator\" names the member of tests "
                                   "that run on any accelerator");
  }
}
