#include "util/subprocess.h"

#include <fcntl.h>
#include <pthread.h>
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
  // The helper gets SIGPIPE's default action, whatever hwclass was started
  // with: it is a program of its own (git, python3), not part of hwclass.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t pipe_signal;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &pipe_signal);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
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

bool write_to_child(int fd, const char* data, size_t size) {
  // A helper that stops reading must fail the write with EPIPE, not kill
  // hwclass; so SIGPIPE is blocked in this thread alone while it writes,
  // and the one the failed write raised is taken off before it is unblocked.
  // The process's own disposition stays as it was: hwclass piped into
  // `head` ends as any command-line tool does.
  sigset_t pipe_signal, before;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &before);
  bool ok = true;
  for (size_t at = 0; at < size;) {
    ssize_t n = ::write(fd, data + at, size - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n < 0 && errno == EPIPE && !sigismember(&before, SIGPIPE)) {
        const timespec now{0, 0};
        while (sigtimedwait(&pipe_signal, nullptr, &now) < 0 && errno == EINTR) {
        }
      }
      ok = false;
      break;
    }
    at += static_cast<size_t>(n);
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  return ok;
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
    // One that exits without reading it is judged by its exit status.
    write_to_child(to, input->data(), input->size());
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
