// The one-line reason a PR description gives for a class's member (issue
// 32): the kind of code that decides it, in words, and one line of it as
// the example. Written from classify's verdict (its rule and evidence),
// never decided again.
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "util/source_lines.h"

namespace hwclass {

struct ClassReason {
  std::string words;  // "every test needs cuda: calls `torch.cuda.Stream()`"
  std::string file;   // repo-relative file of the cited line
  uint32_t line = 0;
  std::string code;   // that line as the file has it, without its indentation and trailing space
};

// The reason for `v`; the cited line is the evidence site the words name,
// else the class's own line. `lines` reads the files by the paths `files`
// were read from.
ClassReason class_reason(const std::vector<FileFacts>& files, const Verdict& v, SourceLines& lines);

// `text` as a markdown code span, whatever backticks it holds.
std::string markdown_code(const std::string& text);

// What a site is, in words: "calls `torch.cuda.Stream()`".
std::string site_words(const Reason& site);

}  // namespace hwclass
