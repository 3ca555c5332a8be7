# The Python wheel, laid out as ruff's: the static binary is the wheel's
# script (so the `hwclass` pip puts on PATH is the binary itself, with no
# interpreter in between) and the `hwclass` package only finds and starts it,
# for `python3 -m hwclass` (lintrunner's pip-installed linters run so). The
# tag is py3-none-<platform>: any Python 3, no Python ABI, one machine. A
# static binary needs no glibc of the host, so it claims the oldest
# manylinux tag pip knows and musllinux too.
#
# Built offline with Debian's python3-build, -setuptools and -wheel
# (scripts/install-deps.sh --release), by Debian's interpreter: a python3
# earlier on PATH (pyenv's) may lack them.
find_program(HWCLASS_BUILD_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
set(wheel_platform manylinux_2_17_${CMAKE_SYSTEM_PROCESSOR}.musllinux_1_1_${CMAKE_SYSTEM_PROCESSOR})
set(wheel ${dist}/hwclass-${PROJECT_VERSION}-py3-none-${wheel_platform}.whl)
set(stage ${CMAKE_CURRENT_BINARY_DIR}/wheel)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/wheel/pyproject.toml.in ${stage}/pyproject.toml @ONLY)
file(GLOB wheel_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/wheel/*.py ${CMAKE_CURRENT_SOURCE_DIR}/wheel/hwclass/*.py)
add_custom_command(OUTPUT ${wheel}
  # setuptools keeps build/ and *.egg-info/ in the stage: removed, so no file of an older wheel stays.
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${stage}/build ${stage}/hwclass ${stage}/bin ${stage}/hwclass.egg-info
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_CURRENT_SOURCE_DIR}/wheel/hwclass ${stage}/hwclass
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/wheel/setup.py ${stage}/setup.py
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:hwclass_static> ${stage}/bin/hwclass
  COMMAND ${CMAKE_COMMAND} -E env HWCLASS_WHEEL_PLATFORM=${wheel_platform}
          ${HWCLASS_BUILD_PYTHON} -m build --wheel --no-isolation --outdir ${dist} ${stage}
  DEPENDS hwclass_static ${wheel_sources} ${stage}/pyproject.toml VERBATIM)
