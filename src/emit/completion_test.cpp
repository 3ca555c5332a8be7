#include <catch2/catch.hpp>

#include <stdexcept>

#include "emit/completion.h"

using namespace hwclass;

namespace {

CompletionCommand tool() {
  CompletionCommand top{"tool", "a tool", {}, false, {}, {}};
  CompletionOption format{{}, {"format"}, "Output [json] or 'text'", true, {"json", "text"}, false};
  CompletionOption jobs{{"j"}, {"jobs"}, "Workers", true, {}, true};
  CompletionCommand lint{"lint", "Check it's right", {format, jobs}, true, {}, {}};
  top.subcommands.push_back(lint);
  return top;
}

}  // namespace

TEST_CASE("completion scripts quote help text for each shell", "[emit][completion]") {
  const std::string zsh = completion_script(tool(), "zsh");
  // zsh: brackets escaped inside the description, the quote closed and reopened.
  CHECK(zsh.find("'*--format=[Output \\[json\\] or '\\''text'\\'']:value:(json text)'") != std::string::npos);
  CHECK(zsh.find("'*'{'-j+','--jobs='}'[Workers]:number: '") != std::string::npos);
  CHECK(zsh.find("'lint:Check it'\\''s right'") != std::string::npos);
  const std::string fish = completion_script(tool(), "fish");
  CHECK(fish.find("-l format -x -a 'json text' -d 'Output [json] or \\'text\\''") != std::string::npos);
  CHECK(fish.find("-n '__fish_seen_subcommand_from lint' -s j -l jobs -x -d 'Workers'") != std::string::npos);
  const std::string bash = completion_script(tool(), "bash");
  CHECK(bash.find("\"tool lint|--format\") COMPREPLY=($(compgen -W \"json text\" -- \"$cur\"))") != std::string::npos);
  CHECK(bash.find("\"tool lint\") opts=\"--format -j --jobs\"; words=\"\"; files=1 ;;") != std::string::npos);
  CHECK(bash.find("complete -F _tool tool") != std::string::npos);
}

TEST_CASE("completion names the shells it knows", "[emit][completion]") {
  CHECK_THROWS_AS(completion_script(tool(), "tcsh"), std::invalid_argument);
}
