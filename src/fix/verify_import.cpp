#include "fix/verify_import.h"

#include "util/subprocess.h"

namespace hwclass {
namespace {

// Reads paths from stdin, one a line; prints one line per path, in order:
// "ok" or the error. Children are forked after torch is imported, so each
// import costs the module's own code only; their output goes to /dev/null.
constexpr const char* kImportAll = R"PY(
import importlib, os, signal, sys
paths = [p for p in sys.stdin.read().split("\n") if p]
cwd, jobs = sys.argv[1], max(1, int(sys.argv[2]))
import torch
try:
    import torch.testing._internal.common_utils
except Exception:
    pass

def module_of(path):
    base, name = os.path.split(os.path.abspath(path))
    name = name[:-3]
    while os.path.exists(os.path.join(base, "__init__.py")):
        base, package = os.path.split(base)
        name = package + "." + name
    return base, name

def child(path, w):
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0), os.dup2(null, 1), os.dup2(null, 2)
    signal.alarm(300)
    try:
        base, name = module_of(path)
        os.chdir(cwd)
        sys.path.insert(0, base)
        sys.argv = [path]
        importlib.import_module(name)
        message = "ok"
    except BaseException as e:
        text = str(e).strip().splitlines()
        message = type(e).__name__ + (": " + text[0] if text else "")
    os.write(w, message.replace("\t", " ").encode("utf-8", "replace")[:2000])
    os._exit(0)

results = [None] * len(paths)
running = {}
nxt = 0
while nxt < len(paths) or running:
    while nxt < len(paths) and len(running) < jobs:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            child(paths[nxt], w)
        os.close(w)
        running[pid] = (nxt, r)
        nxt += 1
    pid, status = os.wait()
    if pid not in running:
        continue
    i, r = running.pop(pid)
    chunks = []
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(r)
    text = b"".join(chunks).decode("utf-8", "replace")
    results[i] = text or "killed (status %d)" % status
sys.stdout.write("".join(r.replace("\n", " ") + "\n" for r in results))
)PY";

}  // namespace

bool python_imports_torch() {
  std::string out;
  try {
    return run_capture({"python3", "-c", "from torch.testing._internal.common_utils import HardwareClassification"},
                       out) == 0;
  } catch (const std::exception&) {
    return false;
  }
}

std::optional<std::vector<std::optional<std::string>>> python_import_all(const std::vector<std::string>& paths,
                                                                         const std::string& cwd, int jobs) {
  std::vector<std::optional<std::string>> out;
  if (paths.empty()) return out;
  std::string input, output;
  for (const std::string& p : paths) input += p + "\n";
  try {
    if (run_with_input({"python3", "-c", kImportAll, cwd, std::to_string(jobs)}, &input, output) != 0) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  for (size_t at = 0; at < output.size();) {
    size_t nl = output.find('\n', at);
    std::string line = output.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? output.size() : nl + 1;
    out.push_back(line == "ok" ? std::nullopt : std::optional<std::string>(line));
  }
  if (out.size() != paths.size()) return std::nullopt;
  return out;
}

}  // namespace hwclass
