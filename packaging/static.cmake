# hwclass_static: hwclass linked with -static, for a release that runs on any
# x86-64 Linux with none of the build machine's libraries (lintrunner's
# s3_init and the wheel ship it; the .deb keeps the dynamic binary, whose
# libraries Debian provides). It reuses hwclass's compiled code; only what
# Debian ships as shared libraries alone is compiled again here:
# - tinyxml2, from Debian's source package of the version the headers are
#   (bookworm: 9.0.0; libtinyxml2-dev has no static library);
# - toml++'s compiled part, from the headers Debian ships
#   (toml_implementation.cpp);
# - xxhash comes from Debian's libxxhash.a.
# glibc is linked in too: a binary built against bookworm's glibc 2.36 that
# loaded the host's would not start on older ones. hwclass uses none of what
# static glibc cannot do (NSS look-ups, dlopen, iconv).
set(HWCLASS_DEBIAN_SOURCE_CACHE "$ENV{HOME}/.cache/hwclass" CACHE PATH
    "Where Debian source tarballs are kept once fetched (the static release binary's tinyxml2)")
set(HWCLASS_TINYXML2_SOURCE "" CACHE FILEPATH
    "tinyxml2_9.0.0+dfsg.orig.tar.xz for an offline build (empty: fetched from Debian's archive into HWCLASS_DEBIAN_SOURCE_CACHE)")
set(TINYXML2_TARBALL tinyxml2_9.0.0+dfsg.orig.tar.xz)
set(TINYXML2_SHA256 96510f47a5db537f70dff3e83dd71fd2180cbba4aa76c589a549467e7f34bc9b)
if(NOT tinyxml2_VERSION VERSION_EQUAL 9.0.0)
  message(WARNING "libtinyxml2-dev is ${tinyxml2_VERSION}, the release binary compiles tinyxml2 9.0.0: "
                  "update TINYXML2_TARBALL and TINYXML2_SHA256 in ${CMAKE_CURRENT_LIST_FILE}")
endif()
set(tinyxml2_cpp ${CMAKE_CURRENT_BINARY_DIR}/tinyxml2-9.0.0/tinyxml2.cpp)
# At build time, and only for this target: the main build needs no network
# beyond npm, and the tarball is fetched once per cache, not per build tree.
add_custom_command(OUTPUT ${tinyxml2_cpp}
  COMMAND ${CMAKE_COMMAND} -DTARBALL=${HWCLASS_TINYXML2_SOURCE} -DNAME=${TINYXML2_TARBALL}
          -DSHA256=${TINYXML2_SHA256} -DCACHE=${HWCLASS_DEBIAN_SOURCE_CACHE}
          -DFETCH=${PROJECT_SOURCE_DIR}/scripts/fetch-debian-source.sh -DDESTINATION=${CMAKE_CURRENT_BINARY_DIR}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/tinyxml2.cmake
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tinyxml2.cmake VERBATIM)

add_executable(hwclass_static EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/src/cli/main.cpp ${tinyxml2_cpp}
               ${CMAKE_CURRENT_SOURCE_DIR}/toml_implementation.cpp)
set_target_properties(hwclass_static PROPERTIES OUTPUT_NAME hwclass RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/static)
# Compiled as hwclass_core's sources are (its include directories and
# definitions, its dependencies' included), without linking its dependencies:
# the shared libraries among them cannot go into a static link.
foreach(property INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS)
  set_property(TARGET hwclass_static PROPERTY ${property} "$<TARGET_PROPERTY:hwclass_core,${property}>")
endforeach()
set_source_files_properties(${tinyxml2_cpp} PROPERTIES COMPILE_OPTIONS -w)
find_library(XXHASH_STATIC NAMES libxxhash.a HINTS ${XXHASH_LIBRARY_DIRS} REQUIRED)
add_dependencies(hwclass_static hwclass_core hwclass_embedded_rules tree_sitter_python tree_sitter)
# Stripped (-s): a smaller download for s3_init and pip; the .deb strips its binary too.
target_link_options(hwclass_static PRIVATE -static -pthread -s)
target_link_libraries(hwclass_static PRIVATE -Wl,--start-group $<TARGET_FILE:hwclass_core>
  $<TARGET_FILE:hwclass_embedded_rules> $<TARGET_FILE:tree_sitter_python> $<TARGET_FILE:tree_sitter>
  ${XXHASH_STATIC} -Wl,--end-group)
# The grammar's archives hold link-time-optimisation objects when they were
# built so (grammars/CMakeLists.txt): this link must then optimise too.
get_target_property(grammar_ipo tree_sitter_python INTERPROCEDURAL_OPTIMIZATION)
if(grammar_ipo)
  set_target_properties(hwclass_static PROPERTIES INTERPROCEDURAL_OPTIMIZATION ON)
endif()
