#include "parse/source_encoding.h"

#include <catch2/catch.hpp>

#include "parse/source_reader.h"

using namespace hwclass;

namespace {

// The encoding a file declares, "utf-8" when none, as coding_cookie sees it.
std::string declared(std::string_view bytes) {
  auto cookie = coding_cookie(bytes);
  return cookie ? cookie->name : "utf-8";
}

}  // namespace

TEST_CASE("a coding cookie is found where CPython's tokenize.detect_encoding finds it", "[parse][encoding]") {
  // Each expected name is what CPython 3.11's tokenize.detect_encoding
  // returned for the same bytes (a BOM's "utf-8-sig" is utf-8 here).
  CHECK(declared("# -*- coding: latin-1 -*-\nx = 1\n") == "iso-8859-1");
  CHECK(declared("#!/usr/bin/python\n# vim: set fileencoding=iso-8859-15 :\n") == "iso-8859-15");
  CHECK(declared("import os\n# coding: latin-1\n") == "utf-8");  // line 2 counts only after a comment or blank
  CHECK(declared("#\n#\n# coding: latin-1\n") == "utf-8");         // line 3 never does
  CHECK(declared("# coding: UTF_8-unix\n") == "utf-8");
  CHECK(declared("# coding=Latin_1-foo\n") == "iso-8859-1");
  CHECK(declared("x = 1  # coding: latin-1\n") == "utf-8");  // a comment after code is no cookie
  CHECK(declared("\n# coding: cp1252\n") == "cp1252");
  CHECK(declared("\t\f # blah coding:\tEUC-JP rest\n") == "EUC-JP");
  CHECK(declared("# coding: \n") == "utf-8");
  CHECK(declared("# coding: ascii coding: latin-1\n") == "ascii");
  CHECK(declared("# codingX coding=koi8-r\n") == "koi8-r");
  CHECK(declared("\xEF\xBB\xBF# coding: utf-8\n") == "utf-8");
  CHECK(coding_cookie("#!/usr/bin/python\n# vim: set fileencoding=iso-8859-15 :\n")->line == 2);
}

TEST_CASE("a file declaring Latin-1 is parsed as its UTF-8 decoding, hashed as its bytes", "[parse][encoding]") {
  const std::string bytes = "# coding: latin-1\ns = 'caf\xE9'\n";
  std::string text = bytes;
  FileFacts facts;
  REQUIRE(check_source(text, facts));
  CHECK(facts.issues.empty());
  CHECK(facts.encoding == "iso-8859-1");
  CHECK(text == "# coding: latin-1\ns = 'caf\xC3\xA9'\n");  // U+00E9 in UTF-8, as Python's "é".encode()
  CHECK(facts.size_bytes == bytes.size());

  std::string undeclared = "s = 'caf\xE9'\n";
  FileFacts plain;
  check_source(undeclared, plain);
  REQUIRE(plain.issues.size() == 1);
  CHECK(plain.issues[0].code == "not-utf8");
  CHECK(plain.encoding.empty());
}

TEST_CASE("other encodings decode through iconv, and bytes they lack are an error on their line", "[parse][encoding]") {
  std::string text = "# coding: cp1252\ns = '\x80'\n";  // 0x80 is U+20AC in cp1252
  FileFacts facts;
  check_source(text, facts);
  CHECK(facts.issues.empty());
  CHECK(text == "# coding: cp1252\ns = '\xE2\x82\xAC'\n");

  std::string ascii = "# coding: ascii\nx = 1\ns = '\xE9'\n";
  FileFacts bad;
  check_source(ascii, bad);
  REQUIRE(bad.issues.size() == 1);
  CHECK(bad.issues[0].code == "bad-encoding");
  CHECK(bad.issues[0].line == 3);
  CHECK(bad.has_syntax_error());

  std::string unknown = "# coding: no-such-codec\nx = 1\n";
  FileFacts none;
  check_source(unknown, none);
  REQUIRE(none.issues.size() == 1);
  CHECK(none.issues[0].message == "unknown encoding: no-such-codec");  // CPython's words
}
