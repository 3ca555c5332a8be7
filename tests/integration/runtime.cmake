# The tests that ask a real PyTorch runtime (tests/harness/): the host's
# torch 1.13.1, and the 2.6.0 chroot scripts/pytorch-runtime.sh builds.
#
# Two tiers (README, "Test tiers"). The gate runs each check on a fixed-seed
# sample drawn from every directory of the tree (`--sample N`; the seed is
# printed, and each script takes `--seed` for a fresh draw); the oracle tier
# (label `oracle`, `ctest --preset oracle`, scripts/oracle.sh) runs the same
# script on the whole tree. Trees are fixtures (trees.py, built once per
# ctest run); collections and runs go through the collection cache, so the
# oracle tier costs what changed since its last run.

# hwclass_runtime_test(NAME TIER gate|oracle TREES fixture... TIMEOUT s COMMAND ...)
# TREES names the corpora (`2.6.0`, `1.13.1`) and fixture trees
# (`2.6.0-safe`, `1.13.1-seeded`...) the test reads.
function(hwclass_runtime_test name)
  cmake_parse_arguments(T "" "TIER;TIMEOUT" "TREES;COMMAND" ${ARGN})
  add_test(NAME "${name}" COMMAND ${T_COMMAND})
  set(fixtures "")
  foreach(tree IN LISTS T_TREES)
    if(tree STREQUAL "2.6.0")
      list(APPEND fixtures corpus)
    elseif(tree STREQUAL "1.13.1")
      list(APPEND fixtures corpus-1.13.1)
    else()
      list(APPEND fixtures tree-${tree})
    endif()
  endforeach()
  set(labels runtime)
  if(T_TIER STREQUAL "oracle")
    set(labels oracle)
  elseif(NOT T_TIER STREQUAL "gate")
    message(FATAL_ERROR "hwclass_runtime_test(${name}): TIER gate or oracle, not '${T_TIER}'")
  endif()
  set_tests_properties("${name}" PROPERTIES LABELS "${labels}" TIMEOUT ${T_TIMEOUT})
  if(fixtures)
    set_tests_properties("${name}" PROPERTIES FIXTURES_REQUIRED "${fixtures}")
  endif()
endfunction()

set(hw $<TARGET_FILE:hwclass>)
set(here ${CMAKE_CURRENT_SOURCE_DIR})
set(old ${HWCLASS_CORPUS_CACHE}/pytorch-1.13.1)
# Each version's corpus root, for the loops over both versions.
set(corpus_2.6.0 ${corpus})
set(corpus_1.13.1 ${old})

# The harness itself: a test stuck in C is killed with its run, runs at once
# have loopbacks of their own, a sample whose process dies goes on after it,
# each runner registers its backend (a misspelt variable collects no
# PRIVATEUSE1 variant), and the collection cache reuses only what is unchanged.
hwclass_runtime_test("runtime: the harness: boxes, ports, runners and the collection cache" TIER gate TIMEOUT 300
  COMMAND python3 ${here}/runtime_harness.py)

# select equals what the runtime collects and filters (issue 18, issue 27
# item 1): on a tree declared by fix and on a seeded one, for every member
# and runner, the classes select names are those pytest collects with that
# hw_classification, every printed node id is collected, and the files
# pytest cannot collect are those select reports. The gate: a sample of
# run_test.py's files from every directory plus the tricky shapes
# (aggregators, OpInfo files, only_for/except_for, generated tests).
foreach(version 2.6.0 1.13.1)
  set(root ${corpus_${version}})
  set(per_directory 60)
  if(version STREQUAL "1.13.1")
    set(per_directory 30)
  endif()
  foreach(kind declared seeded)
    set(tree safe)
    if(kind STREQUAL "seeded")
      set(tree seeded)
    endif()
    hwclass_runtime_test("runtime: select equals the runtime on a sample, torch ${version}, ${kind} tree" TIER gate
      TREES ${version} ${version}-${tree} TIMEOUT 900
      COMMAND python3 ${here}/select_tree_oracle.py ${hw} ${root} ${version} ${kind} --sample ${per_directory})
    hwclass_runtime_test("runtime: select equals the runtime on the whole tree, torch ${version}, ${kind} tree"
      TIER oracle TREES ${version} ${version}-${tree} TIMEOUT 3600
      COMMAND python3 ${here}/select_tree_oracle.py ${hw} ${root} ${version} ${kind})
  endforeach()
endforeach()

# select --coverage for a CI plan (GENERIC/cpu, ACCELERATOR/cuda, CUDA/cuda,
# ACCELERATOR/privateuse1) on the declared 2.6.0 tree, against the runtime's
# collection. The gate draws with seed 738084208, one that found a bug
# (test_jit_profiling.py runs test_jit.py's classes).
hwclass_runtime_test("runtime: select --coverage equals the runtime on a sample, torch 2.6.0" TIER gate
  TREES 2.6.0 2.6.0-safe TIMEOUT 900 COMMAND python3 ${here}/coverage_oracle.py ${hw} ${corpus} --sample 20)
hwclass_runtime_test("runtime: select --coverage equals the runtime on the whole tree, torch 2.6.0" TIER oracle
  TREES 2.6.0 2.6.0-safe TIMEOUT 1800 COMMAND python3 ${here}/coverage_oracle.py ${hw} ${corpus})

# Device conditions are runner flags (issue 27, item 4): PyTorch 2.6.0's
# test_mps.py on mps and cpu runners, and a fixture of NoTest conditions
# collected by the 2.6.0 runtime on cpu and on the fake npu backend.
hwclass_runtime_test("runtime: device conditions are runner flags, torch 2.6.0" TIER gate TREES 2.6.0 TIMEOUT 600
  COMMAND python3 ${here}/runner_conditions.py ${hw} ${corpus})

# select's 4-shard github-matrix, run for real on CPU with torch 1.13.1 and
# durations from a JUnit run: every classified test runs exactly once, even
# after one fails.
hwclass_runtime_test("runtime: select's shards run every test once, torch 1.13.1" TIER gate TREES 1.13.1
  TIMEOUT 900 COMMAND python3 ${here}/select_real_run.py ${hw} ${old})

# select's run-test command, written with -o and run by PyTorch 2.6.0's own
# run_test.py in the chroot: exactly the selected classes' tests run.
hwclass_runtime_test("runtime: select's run-test command runs in run_test.py, torch 2.6.0" TIER gate
  TREES 2.6.0 2.6.0-unsafe TIMEOUT 900 COMMAND python3 ${here}/select_run_test.py ${hw} ${corpus})

# A real client for select: Debian's pytest and torch 1.13.1 collect every
# node id select gives for PyTorch 1.13.1's own test files, and run a few.
hwclass_runtime_test("runtime: pytest collects what select gives, torch 1.13.1" TIER gate TREES 1.13.1
  TIMEOUT 900 COMMAND python3 ${here}/pytest_client.py ${hw} ${old} ${CMAKE_CURRENT_BINARY_DIR}/pytest-client)

# The README's vendor's per-PR job, run as written, pytest in the 2.6.0 runtime.
hwclass_runtime_test("runtime: the README's vendor per-PR job, torch 2.6.0" TIER gate TIMEOUT 900
  COMMAND python3 ${here}/vendor_job.py ${hw})

# select --changed-since / --changed-files on a scratch git history of the
# 2.6.0 tree: six commits against an ast reference, every printed id
# collected in the runtime with the fake npu backend, and random
# --changed-files subsets (seed printed) giving the whole tree's entries.
hwclass_runtime_test("runtime: select --changed-since over a scratch history, 6 subsets, torch 2.6.0" TIER gate
  TREES 2.6.0 2.6.0-safe TIMEOUT 900 COMMAND python3 ${here}/select_changed_history.py ${hw} ${corpus} 6 --sample 8)
hwclass_runtime_test("runtime: select --changed-since over a scratch history, torch 2.6.0" TIER oracle
  TREES 2.6.0 2.6.0-safe TIMEOUT 1800 COMMAND python3 ${here}/select_changed_history.py ${hw} ${corpus})

# min_devices against contract 5.8 computed in the 2.6.0 runtime from the
# imported classes (issue 27 item 5): every multi-process class and every
# class a device-count decorator touches, in test/distributed/ (the gate: a
# file from each of its directories).
hwclass_runtime_test("runtime: select min_devices equals upstream's multi-GPU need on a sample, torch 2.6.0"
  TIER gate TREES 2.6.0 2.6.0-safe TIMEOUT 600 COMMAND python3 ${here}/multigpu_runtime.py ${hw} ${corpus} --sample 33)
hwclass_runtime_test("runtime: select min_devices equals upstream's multi-GPU need, torch 2.6.0" TIER oracle
  TREES 2.6.0 2.6.0-safe TIMEOUT 1500 COMMAND python3 ${here}/multigpu_runtime.py ${hw} ${corpus})

# classify checked by running its GENERIC verdicts on a CPU (issue 21):
# under 1% of the GENERIC tests run may skip for lack of a device that
# never_runs does not list. The gate: files drawn from every directory; the
# oracle: the 60 smallest top-level files.
hwclass_runtime_test("runtime: classify's GENERIC verdicts run on a CPU, a sample, torch 2.6.0" TIER gate
  TREES 2.6.0 TIMEOUT 900 COMMAND python3 ${here}/classify_runtime.py ${hw} ${corpus} --sample 16)
hwclass_runtime_test("runtime: classify's GENERIC verdicts run on a CPU, torch 2.6.0" TIER oracle TREES 2.6.0
  TIMEOUT 2400 COMMAND python3 ${here}/classify_runtime.py ${hw} ${corpus} 60)

# classify's never_runs checked by running the tests on a CPU (issue 29): in
# GENERIC classes with guarded device tests drawn across directories, the
# tests never_runs lists are those the runtime skips for lack of a device.
hwclass_runtime_test("runtime: classify's never_runs are the tests a CPU skips, a sample, torch 2.6.0" TIER gate
  TREES 2.6.0 TIMEOUT 900 COMMAND python3 ${here}/never_runs_runtime.py ${hw} ${corpus} --sample 8)
hwclass_runtime_test("runtime: classify's never_runs are the tests a CPU skips for a device, torch 2.6.0"
  TIER oracle TREES 2.6.0 TIMEOUT 2400 COMMAND python3 ${here}/never_runs_runtime.py ${hw} ${corpus})

# hwclass pr on files of the 2.6.0 tree drawn from every directory (seed
# 32): labels as classify's, reasons citing real lines, and the renamed ids
# equal to what the runtime collects before and after fix --unsafe-fixes.
hwclass_runtime_test("runtime: pr's labels, reasons and renames, a sample, torch 2.6.0" TIER gate TREES 2.6.0
  TIMEOUT 900 COMMAND python3 ${here}/pr_runtime.py ${hw} ${corpus} --sample 10)
hwclass_runtime_test("runtime: pr's labels, reasons and renames, torch 2.6.0" TIER oracle TREES 2.6.0
  TIMEOUT 1800 COMMAND python3 ${here}/pr_runtime.py ${hw} ${corpus})

# fix on a fixed list of files, in each tree's runtime (issue 30's
# regressions: test_torch.py, test_expanded_weights.py, test_c10d_common.py
# and more): node ids kept or renamed to their CPU variant, every test that
# passed before passing after; the only runs after the fixes on 1.13.1.
foreach(version 2.6.0 1.13.1)
  set(root ${corpus_${version}})
  hwclass_runtime_test("runtime: fix keeps node ids and passing tests, torch ${version}" TIER gate TREES ${version}
    TIMEOUT 900 COMMAND python3 ${here}/fix_runtime.py ${hw} ${root} ${version})
endforeach()

# fix --write (safe) and --write --unsafe-fixes on the whole test/ tree at
# once (issue 30's acceptance): every file that collected before still
# collects, on every runner (cpu, and for 2.6.0 the fake npu backend, whose
# PRIVATEUSE1 variants each pass counts), and the safe fixes keep every node
# id. The gate: the select gate's draw, plus files the fixes leave
# device-generic, so the PrivateUse1 pass has variants to collect.
foreach(version 2.6.0 1.13.1)
  set(root ${corpus_${version}})
  set(drawn 24)
  if(version STREQUAL "1.13.1")
    set(drawn 30)
  endif()
  hwclass_runtime_test("runtime: fix keeps files collecting on a sample, torch ${version}" TIER gate
    TREES ${version} ${version}-safe ${version}-unsafe TIMEOUT 900
    COMMAND python3 ${here}/fix_whole_tree.py ${hw} ${root} ${version} --sample ${drawn})
  hwclass_runtime_test("runtime: fix on the whole tree keeps every file collecting, torch ${version}" TIER oracle
    TREES ${version} ${version}-safe ${version}-unsafe TIMEOUT 3600
    COMMAND python3 ${here}/fix_whole_tree.py ${hw} ${root} ${version})
endforeach()
# The longest oracle: COST starts it first, so the rest run beside it.
set_tests_properties("runtime: fix on the whole tree keeps every file collecting, torch 2.6.0" PROPERTIES
                     COST 100000)

# After fix --write --unsafe-fixes on the whole 2.6.0 tree, changed files
# drawn from every directory keep every node id (renamed variants mapped),
# and tests drawn in each that passed before pass after under their new
# names, each in a time box.
hwclass_runtime_test("runtime: the unsafe fixes keep passing tests passing, a sample, torch 2.6.0" TIER gate
  TREES 2.6.0 2.6.0-unsafe TIMEOUT 900 COMMAND python3 ${here}/fix_sample_run.py ${hw} ${corpus} --sample 6)
hwclass_runtime_test("runtime: the unsafe fixes keep passing tests passing, 30 files drawn, torch 2.6.0" TIER oracle
  TREES 2.6.0 2.6.0-unsafe TIMEOUT 2400 COMMAND python3 ${here}/fix_sample_run.py ${hw} ${corpus})

# fix --split (issue 32 item 2) on mixed classes drawn with a fixed seed:
# the split files collect, every test of those classes that passed on CPU
# passes under its new name, and the GENERIC part lints clean under
# upstream's rules. Only the drawn classes' tests run.
hwclass_runtime_test("runtime: fix --split keeps passing tests, a sample, torch 2.6.0" TIER gate TREES 2.6.0
  TIMEOUT 900 COMMAND python3 ${here}/split_runtime.py ${hw} ${corpus} --sample 3)
hwclass_runtime_test("runtime: fix --split keeps passing tests, torch 2.6.0" TIER oracle TREES 2.6.0
  TIMEOUT 2400 COMMAND python3 ${here}/split_runtime.py ${hw} ${corpus})

# The fix --split goldens (tests/golden/split-tree, before and after) run in
# the 2.6.0 runtime on CPU: each node id, its class's hw_classification and
# its outcome as written in the script by reading the files. Seconds.
hwclass_runtime_test("runtime: the fix --split goldens collect and pass, torch 2.6.0" TIER gate TIMEOUT 300
  COMMAND python3 ${here}/split_goldens_runtime.py ${PROJECT_SOURCE_DIR}/tests/golden)

# fix --unsafe-fixes keeps the runtime's semantics (issue 30): where the
# instantiate call goes, the templates it leaves (read at run time, under the
# main guard, imported elsewhere), device-type arguments run in the 2.6.0
# runtime, inherited and upstream-rejected declarations; collected with the
# host's torch 1.13.1.
hwclass_runtime_test("runtime: fix keeps the runtime's semantics, fix_semantics tree" TIER gate TREES 2.6.0
  TIMEOUT 600 COMMAND python3 ${here}/fix_semantics.py ${hw} ${corpus})
