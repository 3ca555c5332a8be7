#include "util/subprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace hwclass {

pid_t spawn_process(const std::vector<std::string>& args, int* to, int* from) {
  // A helper that dies must fail a write with EPIPE, not kill hwclass.
  ::signal(SIGPIPE, SIG_IGN);
  int in[2] = {-1, -1}, out[2];
  // Close-on-exec, so a process started from another thread at the same
  // time inherits neither end (its child would hold our pipe open).
  if ((to && ::pipe2(in, O_CLOEXEC) != 0) || ::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("cannot start " + args[0] + ": no pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (to) {
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_addclose(&actions, in[1]);
  }
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (to) ::close(in[0]);
  ::close(out[1]);
  if (rc != 0) {
    if (to) ::close(in[1]);
    ::close(out[0]);
    throw std::runtime_error("cannot run " + args[0] + ": " + std::strerror(rc));
  }
  if (to) *to = in[1];
  *from = out[0];
  return pid;
}

int wait_process(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int run_capture(const std::vector<std::string>& argv, std::string& out) {
  return run_with_input(argv, nullptr, out);
}

int run_with_input(const std::vector<std::string>& argv, const std::string* input, std::string& out) {
  int to = -1, from = -1;
  pid_t pid = spawn_process(argv, input ? &to : nullptr, &from);
  if (input) {
    // The helper must read all of its input before it writes much, or the
    // two pipes deadlock (python3 -c reading sys.stdin.buffer.read() does).
    for (size_t at = 0; at < input->size();) {
      ssize_t n = ::write(to, input->data() + at, input->size() - at);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      at += static_cast<size_t>(n);
    }
    ::close(to);
  }
  char buffer[65536];
  for (ssize_t n; (n = ::read(from, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    out.append(buffer, static_cast<size_t>(n));
  }
  ::close(from);
  return wait_process(pid);
}

}  // namespace hwclass
