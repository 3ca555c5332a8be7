#include "parse/python_check.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/subprocess.h"

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

// Reads "<length>\n<bytes>" records from stdin, compile()s each and prints
// one line per record: "ok", or "LINE<TAB>MESSAGE".
constexpr const char* kCompileAll =
    "import sys\n"
    "data = sys.stdin.buffer.read()\n"
    "at = 0\n"
    "out = []\n"
    "while at < len(data):\n"
    "    nl = data.index(b'\\n', at)\n"
    "    n = int(data[at:nl])\n"
    "    src = data[nl + 1:nl + 1 + n]\n"
    "    at = nl + 1 + n\n"
    "    try:\n"
    "        compile(src, 'fixed.py', 'exec', dont_inherit=True)\n"
    "        out.append('ok')\n"
    "    except (SyntaxError, ValueError) as e:\n"
    "        line = getattr(e, 'lineno', None) or 1\n"
    "        msg = (getattr(e, 'msg', None) or str(e)).replace('\\n', ' ')\n"
    "        out.append('%d\\t%s' % (line, msg))\n"
    "sys.stdout.write('\\n'.join(out) + ('\\n' if out else ''))\n";

}  // namespace

std::optional<std::vector<std::optional<PythonVerdict>>> python_compile_all(const std::vector<std::string>& sources) {
  std::vector<std::optional<PythonVerdict>> verdicts;
  if (sources.empty()) return verdicts;
  int to = -1, from = -1;
  pid_t pid = 0;
  try {
    pid = spawn_process({"python3", "-c", kCompileAll}, &to, &from);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  // python3 reads everything before it writes, so writing all first cannot
  // deadlock on the pipes.
  bool written = true;
  for (const std::string& source : sources) {
    std::string record = std::to_string(source.size()) + "\n" + source;
    for (size_t at = 0; written && at < record.size();) {
      ssize_t n = ::write(to, record.data() + at, record.size() - at);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) written = false;
      else at += static_cast<size_t>(n);
    }
  }
  ::close(to);
  std::string output;
  char buffer[4096];
  for (ssize_t n; (n = ::read(from, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    output.append(buffer, static_cast<size_t>(n));
  }
  ::close(from);
  if (wait_process(pid) != 0 || !written) return std::nullopt;
  for (size_t at = 0; at < output.size();) {
    size_t nl = output.find('\n', at);
    std::string line = output.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? output.size() : nl + 1;
    if (line == "ok") {
      verdicts.emplace_back(std::nullopt);
      continue;
    }
    size_t tab = line.find('\t');
    verdicts.emplace_back(PythonVerdict{false, tab == std::string::npos ? line : line.substr(tab + 1),
                                        static_cast<uint32_t>(std::strtoul(line.c_str(), nullptr, 10))});
  }
  if (verdicts.size() != sources.size()) return std::nullopt;
  return verdicts;
}

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
