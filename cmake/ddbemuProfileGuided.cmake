# Profile-guided optimisation (GCC) of the emulator's code: what ddb-local runs per request.
#
# Two trees take part. One is built with counters (DDBEMU_PGO_GENERATE=<dir>): its ddb-local,
# serving a workload until it exits, writes what each branch and call did into <dir>. The
# release tree (DDBEMU_PGO_USE=<dir>) compiles the emulator's libraries with those counts:
# hot paths laid out straight and inlined, cold ones out of the way. tools/dev does both, with
# hrbench's HR read and write mixes as the workload, and keeps the profile per content of the
# sources (see train_profile there); measured on the read mix: about 10% less server CPU per
# request. Neither option is set by default: a plain CMake build is not profile-guided.
#
# -fprofile-prefix-path names each counter file by its object's path inside the build tree, so
# the two trees (different directories, same layout) find each other's files.
# -fprofile-partial-training keeps code the workload never ran optimised as without a profile
# (GCC would otherwise optimise it for size): operations outside the HR mixes are not slowed.
# -Wno-coverage-mismatch: a function edited since the profile was taken is compiled without its
# counts rather than failing the build.
set(DDBEMU_PGO_GENERATE "" CACHE PATH "Build with profile counters, written into this directory at exit")
set(DDBEMU_PGO_USE "" CACHE PATH "Compile the emulator's libraries with the profile in this directory")

set(DDBEMU_PGO_USE_OPTIONS "")
if(DDBEMU_PGO_GENERATE OR DDBEMU_PGO_USE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    message(FATAL_ERROR "DDBEMU_PGO_GENERATE and DDBEMU_PGO_USE are for GCC (the release compiler)")
  endif()
  if(DDBEMU_PGO_GENERATE AND DDBEMU_PGO_USE)
    message(FATAL_ERROR "DDBEMU_PGO_GENERATE and DDBEMU_PGO_USE are two different trees")
  endif()
endif()
if(DDBEMU_PGO_GENERATE)
  # Everything the tree builds counts (it builds only ddb-local and its load generator);
  # atomically, as ddb-local's threads share the counters.
  add_compile_options(-fprofile-generate=${DDBEMU_PGO_GENERATE} -fprofile-update=atomic
                      -fprofile-prefix-path=${CMAKE_BINARY_DIR})
  add_link_options(-fprofile-generate)
elseif(DDBEMU_PGO_USE)
  # Taken by emulator/CMakeLists.txt for its libraries only: tests, tools and benchmarks are
  # compiled as usual (and stay in the compiler cache).
  set(DDBEMU_PGO_USE_OPTIONS
      -fprofile-use=${DDBEMU_PGO_USE} -fprofile-partial-training
      -fprofile-prefix-path=${CMAKE_BINARY_DIR} -Wno-missing-profile -Wno-coverage-mismatch)
endif()
