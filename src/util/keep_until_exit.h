// Hands an object over to the process: it is never destroyed, and the
// operating system takes its memory back at exit in one go. A warm run over
// PyTorch's tree spent 5% of its instructions freeing the facts it had
// already written out, one allocation at a time (clang's -disable-free skips
// the same work for the same reason). Only for what a command holds until
// it returns: the object stays reachable, so leak checkers do not flag it.
#pragma once

#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace hwclass {

template <class T>
void keep_until_exit(T&& object) {
  static auto* kept = new std::vector<std::shared_ptr<void>>;
  kept->push_back(std::make_shared<std::decay_t<T>>(std::forward<T>(object)));
}

}  // namespace hwclass
