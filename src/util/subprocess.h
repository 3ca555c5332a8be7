// Running a helper program (git) without a shell: arguments go as they are,
// stderr to /dev/null.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace hwclass {

// Starts argv[0] (found on PATH) with stdout on a pipe (`*from`) and, when
// `to` is given, stdin on another. Throws std::runtime_error when it cannot.
pid_t spawn_process(const std::vector<std::string>& argv, int* to, int* from);

// Writes all of `data` to a helper's stdin; false when it stopped reading
// (EPIPE, with no SIGPIPE delivered to hwclass) or the write failed.
bool write_to_child(int fd, const char* data, size_t size);

// Waits for it; its exit status, or 128 when a signal ended it.
int wait_process(pid_t pid);

// Runs argv to completion; its stdout in `out`, its exit status returned.
int run_capture(const std::vector<std::string>& argv, std::string& out);
// The same with `input` (when given) on its stdin, written whole first.
int run_with_input(const std::vector<std::string>& argv, const std::string* input, std::string& out);

}  // namespace hwclass
