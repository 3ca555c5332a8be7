#include "parse/python_check.h"

#include <algorithm>
#include <thread>

#include <cstdlib>

#include "util/subprocess.h"

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

namespace {

// One python3 compiling `sources` in order; nothing when it cannot run.
std::optional<std::vector<std::optional<PythonVerdict>>> compile_in_one(const std::vector<const std::string*>& sources) {
  std::vector<std::optional<PythonVerdict>> verdicts;
  std::string input, output;
  for (const std::string* source : sources) input += std::to_string(source->size()) + "\n" + *source;
  try {
    if (run_with_input({"python3", "-c", kCompileAll}, &input, output) != 0) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;  // no python3
  }
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

}  // namespace

std::optional<std::vector<std::optional<PythonVerdict>>> python_compile_all(const std::vector<std::string>& sources,
                                                                            int jobs) {
  std::vector<std::optional<PythonVerdict>> verdicts;
  if (sources.empty()) return verdicts;
  // Contiguous shares of about equal bytes, one python3 each, at once.
  uint64_t total = 0;
  for (const std::string& s : sources) total += s.size();
  size_t parts = static_cast<size_t>(std::max(1, std::min<int>(jobs, static_cast<int>(sources.size()))));
  std::vector<std::vector<const std::string*>> shares(parts);
  uint64_t done = 0;
  for (const std::string& s : sources) {
    size_t part = std::min(parts - 1, static_cast<size_t>(done * parts / std::max<uint64_t>(total, 1)));
    shares[part].push_back(&s);
    done += s.size();
  }
  std::vector<std::optional<std::vector<std::optional<PythonVerdict>>>> results(parts);
  std::vector<std::thread> threads;
  for (size_t p = 1; p < parts; ++p) threads.emplace_back([&, p] { results[p] = compile_in_one(shares[p]); });
  results[0] = compile_in_one(shares[0]);
  for (auto& t : threads) t.join();
  for (auto& r : results) {
    if (!r) return std::nullopt;
    verdicts.insert(verdicts.end(), r->begin(), r->end());
  }
  return verdicts;
}

std::optional<PythonVerdict> python_parse(const std::string& path) {
  std::string output;
  int status = 0;
  try {
    status = run_capture({"python3", "-c", kProgram, path}, output);
  } catch (const std::exception&) {
    return std::nullopt;  // no python3
  }
  if (status > 1) return std::nullopt;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  PythonVerdict verdict{status == 0, output};
  if (!verdict.valid) {  // "LINE\nMESSAGE"
    size_t newline = output.find('\n');
    verdict.line = static_cast<uint32_t>(std::strtoul(output.c_str(), nullptr, 10));
    verdict.message = newline == std::string::npos ? output : output.substr(newline + 1);
  }
  return verdict;
}

void apply_python_verdict(FileFacts& facts, const PythonVerdict& verdict) {
  // What CPython parses is valid Python: the grammar's or the decoder's
  // complaint becomes a note (a gap of ours, not the file's error).
  for (FileIssue& issue : facts.issues) {
    if (!verdict.valid || (issue.code != "syntax-error" && issue.code != "bad-encoding")) continue;
    issue.code = issue.code == "syntax-error" ? "grammar-gap" : "encoding-gap";
    issue.severity = IssueSeverity::Note;
  }
  if (!verdict.valid)
    facts.issues.push_back(
        {IssueSeverity::Error, "python-syntax-error", verdict.message, verdict.line ? verdict.line : 1, 0, true});
}

}  // namespace hwclass
