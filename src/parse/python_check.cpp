#include "parse/python_check.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace hwclass {
namespace {

constexpr const char* kProgram =
    "import ast, sys\n"
    "try:\n"
    "    ast.parse(open(sys.argv[1], 'rb').read(), sys.argv[1])\n"
    "except SyntaxError as e:\n"
    "    print(e.lineno or 1)\n"
    "    print(e.msg)\n"
    "    sys.exit(1)\n"
    "except ValueError as e:\n"
    "    print(1)\n"
    "    print(e)\n"
    "    sys.exit(1)\n";

}  // namespace

std::optional<PythonVerdict> python_parse(const std::string& path) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::string program = kProgram;
  std::array<char*, 5> argv{const_cast<char*>("python3"), const_cast<char*>("-c"), program.data(),
                            const_cast<char*>(path.c_str()), nullptr};
  pid_t pid = 0;
  int spawned = posix_spawnp(&pid, "python3", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    return std::nullopt;
  }
  std::string output;
  char buffer[4096];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    output.append(buffer, static_cast<size_t>(n));
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) return std::nullopt;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  PythonVerdict verdict{WEXITSTATUS(status) == 0, output};
  if (!verdict.valid) {  // "LINE\nMESSAGE"
    size_t newline = output.find('\n');
    verdict.line = static_cast<uint32_t>(std::strtoul(output.c_str(), nullptr, 10));
    verdict.message = newline == std::string::npos ? output : output.substr(newline + 1);
  }
  return verdict;
}

void apply_python_verdict(FileFacts& facts, const PythonVerdict& verdict) {
  for (FileIssue& issue : facts.issues) {
    if (issue.code != "syntax-error" || !verdict.valid) continue;
    issue.code = "grammar-gap";
    issue.severity = IssueSeverity::Note;
  }
  if (!verdict.valid)
    facts.issues.push_back(
        {IssueSeverity::Error, "python-syntax-error", verdict.message, verdict.line ? verdict.line : 1, 0, true});
}

}  // namespace hwclass
