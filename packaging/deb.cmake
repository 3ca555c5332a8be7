# The Debian package, from CPack: what `cmake --install` puts under /usr (the
# dynamic binary, hwclass(1) and the shell completions). Its Depends come from dpkg-shlibdeps
# (dpkg-dev), read off the binary: the bookworm libraries it links
# (libc6, libstdc++6, libgcc-s1, libtinyxml2-9, libtomlplusplus3, libxxhash0).
# git and python3 are recommended: history, --changed-since and pr read git,
# --python-check and fix's checks run python3; the rest needs neither.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hwclass)
set(CPACK_PACKAGE_CONTACT "hwclass maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "classify PyTorch's tests by the hardware they need")
# CPack puts the summary above it and indents it as Debian's control format wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "hwclass reads PyTorch's test files and lints, classifies and selects
their test classes by the hardware they need (hw_classification): a drop-in
for lintrunner's TEST_LINTER, codemods, test selection and migration reports.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "git, python3")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/cpack)
# cpack installs without first building every target (the tests, the
# benchmarks): the .deb's rule below depends on what it holds.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON CACHE INTERNAL "")
include(CPack)

execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE deb_arch OUTPUT_STRIP_TRAILING_WHITESPACE)
set(deb ${dist}/hwclass_${PROJECT_VERSION}_${deb_arch}.deb)
add_custom_command(OUTPUT ${deb}
  COMMAND ${CMAKE_CPACK_COMMAND} -G DEB --config ${CMAKE_BINARY_DIR}/CPackConfig.cmake
  COMMAND ${CMAKE_COMMAND} -E copy ${CPACK_PACKAGE_DIRECTORY}/hwclass_${PROJECT_VERSION}_${deb_arch}.deb ${deb}
  DEPENDS hwclass ${CMAKE_BINARY_DIR}/man/hwclass.1 ${completion_files} ${CMAKE_BINARY_DIR}/CPackConfig.cmake VERBATIM)
