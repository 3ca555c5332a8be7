// The one-line reason `hwclass pr` gives per class (issue 32 item 1): the
// kind of code that decides, in words, and one line of it, cited by file
// and line with the text the file has there.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "classify/classifier.h"
#include "emit/class_reason.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

// The reason for class `cls` of `source`, read back from a file on disk as
// the command reads it.
ClassReason reason_for(const std::string& source, const std::string& cls) {
  auto dir = std::filesystem::temp_directory_path() / ("hwclass-reason-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "test_x.py") << source;
  std::vector<FileFacts> files{scan_source(source, "test/test_x.py")};
  files[0].path = (dir / "test_x.py").string();
  Resolution resolution = resolve(files, Vocabulary::embedded());
  SourceLines lines;
  for (const Verdict& v : classify(files, resolution, Vocabulary::embedded()))
    if (files[0].classes[v.ref.cls].name == cls) return class_reason(files, v, lines);
  FAIL("no verdict for " << cls);
  return {};
}

}  // namespace

TEST_CASE("pr reason: a class without device code is pure Python, cited at its class line", "[pr]") {
  ClassReason r = reason_for(R"(import re
from torch.testing._internal.common_utils import TestCase


class TestGlobGroup(TestCase):
    def test_match(self):
        self.assertTrue(re.match("a*", "aa"))
)", "TestGlobGroup");
  CHECK(r.words == "pure Python, no device code");
  CHECK(r.file == "test/test_x.py");
  CHECK(r.line == 5);
  CHECK(r.code == "class TestGlobGroup(TestCase):");
}

TEST_CASE("pr reason: a CUDA class names the API call that decides it, with its line", "[pr]") {
  ClassReason r = reason_for(R"(import torch
from torch.testing._internal.common_utils import TestCase


class TestFooCUDA(TestCase):
    def test_stream(self):
        s = torch.cuda.Stream()
        self.assertIsNotNone(s)

    def test_event(self):
        e = torch.cuda.Event()
)", "TestFooCUDA");
  CHECK(r.words == "every test needs cuda: calls `torch.cuda.Stream()`");
  CHECK(r.line == 7);
  CHECK(r.code == "s = torch.cuda.Stream()");
}

TEST_CASE("pr reason: an instantiated device-generic class cites its instantiate call", "[pr]") {
  ClassReason r = reason_for(R"(import torch
from torch.testing._internal.common_utils import TestCase
from torch.testing._internal.common_device_type import instantiate_device_type_tests


class TestAdd(TestCase):
    def test_add(self, device):
        x = torch.ones(2, device=device)


instantiate_device_type_tests(TestAdd, globals())
)", "TestAdd");
  CHECK(r.words == "device-generic, instantiated per device: `instantiate_device_type_tests(TestAdd)`");
  CHECK(r.line == 11);
  CHECK(r.code == "instantiate_device_type_tests(TestAdd, globals())");
}

TEST_CASE("pr reason: a mixed class whose device test guards itself says how many never run", "[pr]") {
  ClassReason r = reason_for(R"(import torch
import unittest
from torch.testing._internal.common_utils import TestCase, TEST_CUDA


class TestMixed(TestCase):
    def test_a(self):
        pass

    def test_b(self):
        pass

    @unittest.skipIf(not TEST_CUDA, "no cuda")
    def test_c(self):
        x = torch.ones(2).cuda()
)", "TestMixed");
  CHECK(r.words.rfind("runs anywhere; its 1 device test skips itself without the device: ", 0) == 0);
  CHECK(r.line == 15);
  CHECK(r.code == "x = torch.ones(2).cuda()");
}

TEST_CASE("pr reason: code spans hold backticks", "[pr]") {
  CHECK(markdown_code("a") == "`a`");
  CHECK(markdown_code("x = `y`") == "`` x = `y` ``");
}
