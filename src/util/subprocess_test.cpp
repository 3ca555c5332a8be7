#include <catch2/catch.hpp>

#include <signal.h>

#include <string>

#include "util/subprocess.h"

using namespace hwclass;

namespace {

void (*pipe_action())(int) {
  struct sigaction now {};
  sigaction(SIGPIPE, nullptr, &now);
  return now.sa_handler;
}

// Whether a helper's SIGPIPE is ignored: the SigIgn mask a program it execs
// reads from /proc (exec keeps ignored signals ignored), bit 13 - 1.
bool ignored_in(const std::string& status) {
  const size_t at = status.find("SigIgn:");
  REQUIRE(at != std::string::npos);
  const unsigned long long mask = std::stoull(status.substr(at + 7), nullptr, 16);
  return (mask >> (SIGPIPE - 1)) & 1;
}

}  // namespace

// Issue 31: spawn_process ignored SIGPIPE for the whole process, so after any
// command had run a helper, hwclass's own writes to a closed stdout no longer
// ended it as they end any command-line tool, and its helpers inherited the
// ignored signal.
TEST_CASE("a helper that stops reading fails the write, and SIGPIPE stays the process's own", "[util][subprocess]") {
  REQUIRE(pipe_action() == SIG_DFL);
  const std::string input(4 << 20, 'x');  // far more than a pipe holds
  std::string out;
  // `exit 3` reads nothing: the write fails with EPIPE and does not kill us.
  CHECK(run_with_input({"sh", "-c", "exit 3"}, &input, out) == 3);
  CHECK(pipe_action() == SIG_DFL);
  // A helper reads its input whole, and gets SIGPIPE's default action.
  CHECK(run_with_input({"sh", "-c", "wc -c; cat /proc/self/status"}, &input, out) == 0);
  CHECK(out.substr(0, out.find('\n') + 1) == std::to_string(input.size()) + "\n");
  CHECK(!ignored_in(out));
  sigset_t pending;
  sigpending(&pending);
  CHECK(!sigismember(&pending, SIGPIPE));
}

TEST_CASE("a helper started while hwclass ignores SIGPIPE gets its default action", "[util][subprocess]") {
  struct sigaction ignore {}, before {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &before);
  std::string out;
  const int rc = run_capture({"cat", "/proc/self/status"}, out);
  sigaction(SIGPIPE, &before, nullptr);
  CHECK(rc == 0);
  CHECK(!ignored_in(out));
}
