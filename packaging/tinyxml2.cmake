# cmake -DTARBALL=... -DNAME=... -DSHA256=... -DCACHE=... -DFETCH=... -DDESTINATION=... -P tinyxml2.cmake
# tinyxml2's source for the static release binary (static.cmake): TARBALL if
# given, else Debian's upstream tarball NAME fetched into CACHE by FETCH
# (scripts/fetch-debian-source.sh); either must match SHA256. Unpacks
# DESTINATION/tinyxml2-9.0.0/tinyxml2.{cpp,h}.
if(NOT TARBALL)
  execute_process(COMMAND ${FETCH} ${CACHE} bookworm tinyxml2 ${NAME} ${SHA256}
                  OUTPUT_VARIABLE TARBALL OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE fetched)
  if(NOT fetched EQUAL 0)
    message(FATAL_ERROR "tinyxml2's source could not be fetched from Debian's archive; "
                        "pass -DHWCLASS_TINYXML2_SOURCE=/path/to/${NAME} for an offline build")
  endif()
endif()
file(SHA256 ${TARBALL} actual)
if(NOT actual STREQUAL SHA256)
  message(FATAL_ERROR "${TARBALL}: sha256 ${actual} does not match the pinned ${SHA256}")
endif()
file(ARCHIVE_EXTRACT INPUT ${TARBALL} DESTINATION ${DESTINATION}
     PATTERNS tinyxml2-9.0.0/tinyxml2.cpp tinyxml2-9.0.0/tinyxml2.h)
# The extracted file keeps the tarball's date: touched, so the build sees it as new.
file(TOUCH ${DESTINATION}/tinyxml2-9.0.0/tinyxml2.cpp)
