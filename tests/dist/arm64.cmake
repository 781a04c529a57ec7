# The arm64 build (tools/dist/arm64/build.sh: Debian's aarch64 GCC against an arm64 Debian 12
# sysroot, in build/arm64) tested on this x86-64 machine under qemu-user. tools/dev builds
# build/arm64 before ctest; a tree or binary that is missing fails these tests, with a message
# saying so, rather than skipping them.
#
#  - dist.arm64.portable_binary: ddb-local and hrctl are AArch64 ELF executables needing glibc
#    alone (no newer symbol versions than DDBEMU_GLIBC_FLOOR), and ddb-local runs under qemu;
#  - dist.arm64.unit_tests: the value .. database unit suites but ops/ under qemu (about two
#    minutes on two shared cores: tests/dist/arm64/unit_tests.py says which cases and why);
#  - dist.arm64.clients_smoke: the arm64 ddb-local under qemu, used by the host's AWS CLI and
#    boto3 (create a table, put/get across the two clients, query, delete).
#
# Registered in the host's tree only: the cross tree includes tests/dist too.
if(NOT CMAKE_CROSSCOMPILING)
  set(DDBEMU_ARM64_BUILD_DIR "${PROJECT_SOURCE_DIR}/build/arm64" CACHE PATH
      "The arm64 cross tree (tools/dist/arm64/build.sh)")
  set(_arm64_tests "${PROJECT_SOURCE_DIR}/tests/dist/arm64")
  set(_arm64_floor "${DDBEMU_GLIBC_FLOOR}")
  if(NOT _arm64_floor)
    set(_arm64_floor "2.34")  # cmake/ddbemuPortable.cmake's, should it not be defined here
  endif()
  add_test(NAME dist.arm64.portable_binary
    COMMAND /usr/bin/python3 ${_arm64_tests}/check_binary.py
            ${DDBEMU_ARM64_BUILD_DIR} ${_arm64_floor})
  add_test(NAME dist.arm64.unit_tests
    COMMAND /usr/bin/python3 ${_arm64_tests}/unit_tests.py
            ${PROJECT_SOURCE_DIR} ${DDBEMU_ARM64_BUILD_DIR})
  add_test(NAME dist.arm64.clients_smoke
    COMMAND /usr/bin/python3 ${_arm64_tests}/clients_smoke.py
            ${PROJECT_SOURCE_DIR} ${DDBEMU_ARM64_BUILD_DIR})
  set_tests_properties(dist.arm64.portable_binary PROPERTIES TIMEOUT 120 LABELS dist)
  set_tests_properties(dist.arm64.unit_tests PROPERTIES TIMEOUT 900 LABELS dist)
  set_tests_properties(dist.arm64.clients_smoke PROPERTIES TIMEOUT 300 LABELS dist)
endif()
