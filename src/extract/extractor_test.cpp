#include <catch2/catch.hpp>

#include "support/scan_source.h"

using namespace hwclass;

TEST_CASE("statement scan finds classes where upstream looks", "[extract][scan]") {
  FileFacts f = scan_source(R"(
if x:
    class A(TestCase):
        def test_a(self): pass
elif y:
    class B(TestCase):
        def test_b(self): pass
else:
    class C(TestCase):
        def test_c(self): pass
try:
    class D(TestCase):
        def test_d(self): pass
except ImportError:
    class E(TestCase):
        def test_e(self): pass
else:
    class F(TestCase): pass
finally:
    class G(TestCase): pass
with ctx():
    class H(TestCase): pass
for i in y:
    class I(TestCase): pass
else:
    class J(TestCase): pass
while z:
    class K(TestCase): pass
else:
    class L(TestCase): pass
def f():
    class Hidden(TestCase):
        def test_h(self): pass
class Outer:
    class Inner(TestCase):
        def test_i(self): pass
async def g():
    async with a:
        class AsyncWith: pass
try:
    pass
except* ValueError:
    class ExceptStar: pass
match v:
    case 1:
        class InMatch: pass
)");
  std::vector<std::string> names;
  for (const auto& c : f.classes) names.push_back(c.name);
  CHECK(names == std::vector<std::string>{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "Outer"});
  CHECK(f.classes[0].is_test_class);
  CHECK_FALSE(f.classes[5].is_test_class);
  CHECK_FALSE(f.classes.back().is_test_class);  // Outer's tests are in Inner
}

TEST_CASE("async for and async with at module level are not scanned", "[extract][scan]") {
  FileFacts f = scan_source("async with a:\n    class A: pass\nasync for x in y:\n    class B: pass\n");
  CHECK(f.classes.empty());
}

TEST_CASE("test classes need their own test* def", "[extract][scan]") {
  FileFacts f = scan_source(R"(
class Camel(TestCase):
    def testFoo(self): pass
class Async(TestCase):
    async def test_x(self): pass
class Decorated(TestCase):
    @skip
    def test_y(self): pass
class Nested(TestCase):
    if True:
        def test_z(self): pass
class Inherits(Camel):
    pass
class Prefix(TestCase):
    def testing_utils(self): pass
)");
  REQUIRE(f.classes.size() == 6);
  CHECK(f.classes[0].is_test_class);
  CHECK(f.classes[1].is_test_class);
  CHECK(f.classes[1].methods[0].is_async);
  CHECK(f.classes[2].is_test_class);
  CHECK_FALSE(f.classes[3].is_test_class);
  CHECK_FALSE(f.classes[4].is_test_class);
  CHECK(f.classes[5].is_test_class);
}

TEST_CASE("class line excludes decorators; method line is the def or async line", "[extract][lines]") {
  FileFacts f = scan_source("@dec\n@dec2(1)\nclass A(Base, mixins.M, metaclass=X):\n    @d\n    async def test_a(self): pass\n");
  REQUIRE(f.classes.size() == 1);
  const ClassFact& c = f.classes[0];
  CHECK(c.line == 3);
  CHECK(c.bases == std::vector<std::string>{"Base", "mixins.M"});
  REQUIRE(c.decorators.size() == 2);
  CHECK(c.decorators[1].name == "dec2");
  CHECK(c.decorators[1].text == "dec2(1)");
  CHECK(c.decorators[1].line == 2);
  CHECK(c.methods[0].line == 5);
}

TEST_CASE("decorator names as upstream reads them", "[extract][decorators]") {
  FileFacts f = scan_source(R"(
class A(TestCase):
    @onlyCUDA
    @common_device_type.onlyCPU
    @onlyOn(["cuda"])
    @a.b.onlyNativeDeviceTypesAnd(["xpu"])
    @dtypes(
        torch.float,
    )
    def test_a(self, device): pass
)");
  const auto& d = f.classes[0].methods[0].decorators;
  REQUIRE(d.size() == 5);
  CHECK(d[0].name == "onlyCUDA");
  CHECK(d[1].name == "onlyCPU");
  CHECK(d[1].text == "common_device_type.onlyCPU");
  CHECK(d[2].name == "onlyOn");
  CHECK(d[3].name == "onlyNativeDeviceTypesAnd");
  CHECK(d[4].text == "dtypes(torch.float,)");
  CHECK(d[4].line == 7);
}

TEST_CASE("parameters of every kind", "[extract][parameters]") {
  FileFacts f = scan_source(
      "class A:\n    def test_a(self, a, /, b: int, c=1, *args, d, e: int = 2, **kw): pass\n"
      "    def test_b(self, *, device): pass\n");
  const auto& p = f.classes[0].methods[0].parameters;
  REQUIRE(p.size() == 8);
  CHECK(p[0].kind == ParamKind::PositionalOnly);
  CHECK(p[1].name == "a");
  CHECK(p[1].kind == ParamKind::PositionalOnly);
  CHECK(p[2].name == "b");
  CHECK(p[2].kind == ParamKind::Regular);
  CHECK(p[3].name == "c");
  CHECK(p[4].name == "args");
  CHECK(p[4].kind == ParamKind::VarArgs);
  CHECK(p[5].kind == ParamKind::KeywordOnly);
  CHECK(p[6].name == "e");
  CHECK(p[6].kind == ParamKind::KeywordOnly);
  CHECK(p[7].kind == ParamKind::VarKwargs);
  const auto& q = f.classes[0].methods[1].parameters;
  REQUIRE(q.size() == 2);
  CHECK(q[1].name == "device");
  CHECK(q[1].kind == ParamKind::KeywordOnly);
}

static Declaration declaration_of(const std::string& body) {
  FileFacts f = scan_source("class A(TestCase):\n" + body + "    def test_a(self): pass\n");
  REQUIRE(f.classes.size() == 1);
  return f.classes[0].declaration;
}

TEST_CASE("declaration forms", "[extract][declaration]") {
  Declaration d = declaration_of("    hw_classification = HardwareClassification.GENERIC\n");
  CHECK(d.state == DeclarationState::Valid);
  CHECK(d.member == "GENERIC");
  CHECK(d.location.line == 2);

  d = declaration_of("    hw_classification: HardwareClassification = HardwareClassification.XPU\n");
  CHECK(d.state == DeclarationState::Valid);
  CHECK(d.annotated);

  d = declaration_of("    hw_classification = HardwareClassification.DEVICE_GENERIC\n");
  CHECK(d.reason == InvalidReason::AliasMember);
  CHECK(d.alias_of == "ACCELERATOR");

  CHECK(declaration_of("    hw_classification = 'GENERIC'\n").reason == InvalidReason::StringValue);
  CHECK(declaration_of("    hw_classification: HardwareClassification\n").reason ==
        InvalidReason::AnnotationWithoutValue);
  CHECK(declaration_of("    hw_classification: str = HardwareClassification.CPU\n").reason ==
        InvalidReason::WrongAnnotation);
  CHECK(declaration_of("    hw_classification = common_utils.HardwareClassification.CPU\n").reason ==
        InvalidReason::QualifiedName);
  CHECK(declaration_of("    hw_classification = HardwareClassification.GPU\n").reason ==
        InvalidReason::UnknownMember);
  CHECK(declaration_of("    hw_classification = get()\n").reason == InvalidReason::OtherExpression);
}

TEST_CASE("the first assignment decides; skipped forms do not count", "[extract][declaration]") {
  Declaration d = declaration_of(
      "    hw_classification = 'CPU'\n    hw_classification = HardwareClassification.CPU\n");
  CHECK(d.state == DeclarationState::Invalid);
  d = declaration_of("    a = hw_classification = HardwareClassification.CPU\n");
  CHECK(d.state == DeclarationState::Absent);
  d = declaration_of("    hw_classification, b = HardwareClassification.CPU, 1\n");
  CHECK(d.state == DeclarationState::Absent);
  d = declaration_of("    if x:\n        hw_classification = HardwareClassification.CPU\n");
  CHECK(d.state == DeclarationState::Absent);
}

TEST_CASE("instantiate calls and their keywords", "[extract][instantiate]") {
  FileFacts f = scan_source(R"(
instantiate_device_type_tests(A, globals(), only_for="cuda", allow_mps=True, allow_xpu=False)
common_device_type.instantiate_device_type_tests(B, globals(), only_for=("cpu", "cu" "da"), except_for=None)
instantiate_device_type_tests(C, globals(), only_for=GPU_TYPE, include_lazy=flag)
instantiate_device_type_tests(D, globals(), only_for=["cuda", 1])
instantiate_device_type_tests(D, globals(), only_for={"cuda"})
x = instantiate_device_type_tests(E, globals())
def f():
    instantiate_device_type_tests(F, globals())
instantiate_device_type_tests(generic_test_class=G, scope=globals())
instantiate_parametrized_tests(H)
if __name__ == "__main__":
    instantiate_device_type_tests(I, globals(), only_for=None)
)");
  REQUIRE(f.instantiations.size() == 10);
  const auto& a = f.instantiations[0];
  CHECK(a.target == "A");
  CHECK(a.only_for.state == DeviceList::State::Literal);
  CHECK(a.only_for.values == std::vector<std::string>{"cuda"});
  CHECK(a.flag("allow_mps") == Tristate::True);
  CHECK(a.flag("allow_xpu") == Tristate::False);
  CHECK(a.flag("include_lazy") == Tristate::Absent);
  const auto& b = f.instantiations[1];
  CHECK(b.attribute_form);
  CHECK(b.only_for.values == std::vector<std::string>{"cpu", "cuda"});
  CHECK(b.except_for.state == DeviceList::State::Absent);
  CHECK(f.instantiations[2].only_for.state == DeviceList::State::Unknown);
  CHECK(f.instantiations[2].only_for.text == "GPU_TYPE");
  CHECK(f.instantiations[2].flag("include_lazy") == Tristate::Unknown);
  CHECK(f.instantiations[3].only_for.state == DeviceList::State::Unknown);
  CHECK(f.instantiations[4].only_for.state == DeviceList::State::Unknown);
  // Assignments, calls in functions, keyword-passed classes: not statement-level links.
  CHECK_FALSE(f.instantiations[5].statement_level);
  CHECK(f.instantiations[5].target == "E");
  CHECK_FALSE(f.instantiations[6].statement_level);
  CHECK(f.instantiations[7].statement_level);
  CHECK(f.instantiations[7].target.empty());
  CHECK(f.instantiations[8].kind == InstantiateKind::Parametrized);
  CHECK(f.instantiations[9].statement_level);
  CHECK(f.instantiations[9].only_for.state == DeviceList::State::Absent);
  CHECK(f.instantiations[9].target == "I");
}

TEST_CASE("run_tests is recorded", "[extract]") {
  CHECK(scan_source("if __name__ == '__main__':\n    run_tests()\n").calls_run_tests);
  CHECK_FALSE(scan_source("def run(): pass\n").calls_run_tests);
}

// Valid Python in places the extractor's usual shapes do not reach. The first
// crashed every command (issue 20): a torch.device(...) call as a class base
// has an argument_list parent whose own parent, the class, has no `function`
// field. Each is kept as fuzz/regressions/scan/ too. The sites are what CPython's
// ast has at those places: a "cuda" constant inside a torch.device call.
TEST_CASE("device calls in class bases, keywords, decorators, defaults, lambdas and match patterns",
          "[extract][shapes]") {
  using Sites = std::vector<std::string>;
  SECTION("a class base") {
    FileFacts f = scan_source("import torch\nclass TestA(torch.device(\"cuda\")):\n    def test_a(self):\n        pass\n");
    REQUIRE(f.classes.size() == 1);
    CHECK(f.classes[0].name == "TestA");
    CHECK(f.classes[0].methods.size() == 1);
    CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"2:\"cuda\"@cuda"});
  }
  SECTION("a class keyword") {
    FileFacts f = scan_source("class TestK(TestCase, metaclass=meta(torch.device(\"cuda\"))):\n    def test_k(self): pass\n");
    REQUIRE(f.classes.size() == 1);
    CHECK(f.classes[0].is_test_class);
    CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"1:\"cuda\"@cuda"});
  }
  SECTION("a class decorator") {
    FileFacts f = scan_source("@decorate(torch.device(\"cuda\"))\nclass TestD(TestCase):\n    def test_d(self): pass\n");
    REQUIRE(f.classes.size() == 1);
    CHECK(f.classes[0].decorators.size() == 1);
    CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"1:\"cuda\"@cuda"});
  }
  SECTION("a default value") {
    FileFacts f = scan_source("class TestV(TestCase):\n    def test_v(self, d=torch.device(\"cuda\")): pass\n");
    CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"2:\"cuda\"@cuda"});
  }
  SECTION("lambdas") {
    FileFacts f = scan_source(
        "class TestL(TestCase):\n    def test_l(self):\n        f = lambda d=torch.device(\"cuda\"): d\n"
        "        g = lambda: torch.device(\"cuda\")\n");
    CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"3:\"cuda\"@cuda", "4:\"cuda\"@cuda"});
  }
  SECTION("a match pattern matches a device; it allocates nothing") {
    FileFacts f = scan_source(
        "class TestM(TestCase):\n    def test_m(self, x):\n        match x:\n"
        "            case torch.device(type=\"cuda\"):\n                pass\n");
    REQUIRE(f.classes.size() == 1);
    CHECK(f.classes[0].methods.size() == 1);
    CHECK(sites_of(f, SiteKind::DeviceString).empty());
  }
}

TEST_CASE("classes, methods, decorators and instantiate calls have their columns in code points", "[extract]") {
  FileFacts f = scan_source(
      "import torch\n"
      "if True:\n"
      "    class TestA(TestCase):\n"
      "        @skipIf(x, \"y\")\n"
      "        def test_a(self):\n"
      "            pass\n"
      "        async def test_b(self): pass\n"
      "s = \"\xC3\xA9\"; x = instantiate_device_type_tests(TestA, globals())\n"
      "\xC3\xA9l\xC3\xA8ve = 1; instantiate_device_type_tests(TestA, globals())\n");
  // CPython's ast: col_offset (UTF-8 bytes) as code points, plus one; a
  // decorator's '@' is one before its expression's.
  REQUIRE(f.classes.size() == 1);
  const ClassFact& c = f.classes[0];
  CHECK(std::pair(c.line, c.column) == std::pair(3u, 5u));
  REQUIRE(c.methods.size() == 2);
  CHECK(std::pair(c.methods[0].line, c.methods[0].column) == std::pair(5u, 9u));
  CHECK(std::pair(c.methods[1].line, c.methods[1].column) == std::pair(7u, 9u));
  REQUIRE(c.methods[0].decorators.size() == 1);
  CHECK(std::pair(c.methods[0].decorators[0].line, c.methods[0].decorators[0].column) == std::pair(4u, 9u));
  std::vector<std::pair<uint32_t, uint32_t>> calls;
  for (const Instantiation& i : f.instantiations) calls.emplace_back(i.line, i.column);
  CHECK(calls == std::vector<std::pair<uint32_t, uint32_t>>{{8, 14}, {9, 12}});
}
