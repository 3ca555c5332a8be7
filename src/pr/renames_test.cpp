// The pairing of old and new node ids `hwclass pr --base` prints (issue 32
// item 1): the ids are written here by hand, as PyTorch would name them.
#include <catch2/catch.hpp>

#include "pr/renames.h"

using namespace hwclass;

namespace {

NodeId id(const std::string& cls, const std::string& def, const std::string& source, const std::string& device = "",
          const std::string& file = "test/test_foo.py") {
  return NodeId{file, cls, device.empty() ? def : def + "_" + device, source, def, device, false, file};
}

std::vector<std::string> ids(const std::vector<NodeId>& v) {
  std::vector<std::string> out;
  for (const NodeId& n : v) out.push_back(n.id());
  return out;
}

}  // namespace

TEST_CASE("renames: a class newly instantiated maps each test to its variants", "[pr]") {
  IdChanges c = compare_node_ids({id("TestFoo", "test_x", "TestFoo"), id("TestBar", "test_x", "TestBar")},
                                 {id("TestFooCPU", "test_x", "TestFoo", "cpu"), id("TestFooCUDA", "test_x", "TestFoo", "cuda"),
                                  id("TestBar", "test_x", "TestBar")});
  REQUIRE(c.renamed.size() == 1);
  CHECK(c.renamed[0].from.id() == "test/test_foo.py::TestFoo::test_x");
  CHECK(ids(c.renamed[0].to) == std::vector<std::string>{"test/test_foo.py::TestFooCPU::test_x_cpu",
                                                         "test/test_foo.py::TestFooCUDA::test_x_cuda"});
  CHECK(c.added.empty());
  CHECK(c.removed.empty());
}

TEST_CASE("renames: a split moves tests into the classes named from the old one", "[pr]") {
  IdChanges c = compare_node_ids(
      {id("TestFoo", "test_a", "TestFoo"), id("TestFoo", "test_b", "TestFoo"), id("TestOther", "test_b", "TestOther")},
      {id("TestFoo", "test_a", "TestFoo"), id("TestFooCUDA", "test_b", "TestFooCUDA"), id("TestOther", "test_b", "TestOther"),
       id("TestFoo", "test_new", "TestFoo")});
  REQUIRE(c.renamed.size() == 1);
  CHECK(c.renamed[0].from.id() == "test/test_foo.py::TestFoo::test_b");
  CHECK(ids(c.renamed[0].to) == std::vector<std::string>{"test/test_foo.py::TestFooCUDA::test_b"});
  CHECK(ids(c.added) == std::vector<std::string>{"test/test_foo.py::TestFoo::test_new"});
  CHECK(c.removed.empty());
}

TEST_CASE("renames: a def moved once into one unrelated class is a move; ambiguous ones are not", "[pr]") {
  IdChanges moved = compare_node_ids({id("TestDropoutNN", "test_x", "TestDropoutNN")},
                                     {id("TestNNDeviceTypeCPU", "test_x", "TestNNDeviceType", "cpu")});
  REQUIRE(moved.renamed.size() == 1);
  CHECK(ids(moved.renamed[0].to) == std::vector<std::string>{"test/test_foo.py::TestNNDeviceTypeCPU::test_x_cpu"});
  // Two classes lose test_x and two unrelated classes gain it: no pairing is sure.
  IdChanges unsure = compare_node_ids({id("TestA", "test_x", "TestA"), id("TestB", "test_x", "TestB")},
                                      {id("TestC", "test_x", "TestC"), id("TestD", "test_x", "TestD")});
  CHECK(unsure.renamed.empty());
  CHECK(ids(unsure.removed) == std::vector<std::string>{"test/test_foo.py::TestA::test_x", "test/test_foo.py::TestB::test_x"});
  CHECK(ids(unsure.added) == std::vector<std::string>{"test/test_foo.py::TestC::test_x", "test/test_foo.py::TestD::test_x"});
}

TEST_CASE("renames: a moved file keeps its class's tests paired", "[pr]") {
  IdChanges c = compare_node_ids({id("TestFoo", "test_x", "TestFoo", "", "test/test_old.py")},
                                 {id("TestFoo", "test_x", "TestFoo", "", "test/nn/test_new.py")});
  REQUIRE(c.renamed.size() == 1);
  CHECK(c.renamed[0].to[0].id() == "test/nn/test_new.py::TestFoo::test_x");
}

TEST_CASE("renames: two classes split alike pair each test with its own class's part", "[pr]") {
  IdChanges c = compare_node_ids({id("TestFoo", "test_b", "TestFoo"), id("TestBar", "test_b", "TestBar")},
                                 {id("TestBarCUDA", "test_b", "TestBarCUDA"), id("TestFooCUDA", "test_b", "TestFooCUDA")});
  REQUIRE(c.renamed.size() == 2);
  CHECK(c.renamed[0].from.id() == "test/test_foo.py::TestBar::test_b");
  CHECK(ids(c.renamed[0].to) == std::vector<std::string>{"test/test_foo.py::TestBarCUDA::test_b"});
  CHECK(c.renamed[1].from.id() == "test/test_foo.py::TestFoo::test_b");
  CHECK(ids(c.renamed[1].to) == std::vector<std::string>{"test/test_foo.py::TestFooCUDA::test_b"});
}

TEST_CASE("renames: a moved file's variants each move as themselves", "[pr]") {
  // `git mv test/test_foo.py test/test_bar.py` of an instantiated class.
  const std::string bar = "test/test_bar.py";
  IdChanges c = compare_node_ids(
      {id("TestFooCPU", "test_x", "TestFoo", "cpu"), id("TestFooCUDA", "test_x", "TestFoo", "cuda")},
      {id("TestFooCPU", "test_x", "TestFoo", "cpu", bar), id("TestFooCUDA", "test_x", "TestFoo", "cuda", bar)});
  REQUIRE(c.renamed.size() == 2);
  CHECK(c.renamed[0].from.id() == "test/test_foo.py::TestFooCPU::test_x_cpu");
  CHECK(ids(c.renamed[0].to) == std::vector<std::string>{"test/test_bar.py::TestFooCPU::test_x_cpu"});
  CHECK(c.renamed[1].from.id() == "test/test_foo.py::TestFooCUDA::test_x_cuda");
  CHECK(ids(c.renamed[1].to) == std::vector<std::string>{"test/test_bar.py::TestFooCUDA::test_x_cuda"});
  CHECK(c.added.empty());
  CHECK(c.removed.empty());
}
