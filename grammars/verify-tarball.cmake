# Checks an npm tarball (the tree-sitter runtime, the Python grammar) against its pinned sha512.
# Included by grammars/CMakeLists.txt, and runnable on its own (ctest does):
#   cmake -DTARBALL=path -DEXPECTED_SHA512=hex -P grammars/verify-tarball.cmake
function(hwclass_verify_tarball path expected)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "${path}: no such tarball")
  endif()
  file(SHA512 "${path}" digest)
  if(NOT digest STREQUAL expected)
    message(FATAL_ERROR "${path}: sha512 ${digest} does not match the pinned digest (${expected})")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED TARBALL)
  hwclass_verify_tarball("${TARBALL}" "${EXPECTED_SHA512}")
  message(STATUS "${TARBALL}: sha512 matches")
endif()
