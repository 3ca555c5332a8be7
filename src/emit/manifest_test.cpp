#include "emit/manifest.h"

#include <catch2/catch.hpp>

using namespace hwclass;

TEST_CASE("select --unassigned names test_file as the manifest does: the module", "[emit][select]") {
  // The manifest's test_file is run_test.py's module (select/test_module.h);
  // --unassigned used the path, so the two could not be joined.
  std::vector<Unassigned> list{
      {"unclassified-class", "test/nn/test_conv.py", "test/nn/test_conv.py", 7, "TestConv", {"TestConv"}, "GENERIC"}};
  const std::string json = unassigned_json(list);
  CHECK(json.find("\"test_file\": \"nn/test_conv\"") != std::string::npos);
  CHECK(json.find("\"defined_in\": \"test/nn/test_conv.py\"") != std::string::npos);
  CHECK(unassigned_nodeids(list) == "test/nn/test_conv.py::TestConv\n");
}

TEST_CASE("select's pytest format quotes an id only where the shell would split or expand it", "[emit][select]") {
  // pytest's class ids are file::Class: no brackets (those are parametrized
  // test ids), and no shell character in PyTorch's paths.
  SelectedClass plain, spaced;
  plain.invoking_file = "test/nn/test_conv.py", plain.name = "TestConvNNDeviceTypeCPU";
  spaced.invoking_file = "test/odd dir/test_[x].py", spaced.name = "TestX";
  CHECK(pytest_nodeids({&plain, &spaced}) ==
        "test/nn/test_conv.py::TestConvNNDeviceTypeCPU\n'test/odd dir/test_[x].py::TestX'\n");
}
