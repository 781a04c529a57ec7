# Cross-compiling for arm64 Linux with Debian's aarch64 toolchain (g++-aarch64-linux-gnu) against
# an arm64 Debian sysroot (tools/dist/arm64/sysroot.sh makes one; tools/dist/arm64/build.sh
# passes it). The arm64 executables run under qemu-user (qemu-aarch64-static -L <sysroot>), which
# is also CMAKE_CROSSCOMPILING_EMULATOR, so gtest_discover_tests (which runs the test binaries
# when they are built) and ctest work in the cross tree.
#
#   cmake -S . -B build/arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake \
#         -DDDBEMU_SYSROOT=<sysroot>            (or DDBEMU_SYSROOT in the environment)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# The toolchain file is read again for try_compile projects, which see only the variables
# forwarded to them: the sysroot travels in the environment too.
if(NOT DDBEMU_SYSROOT AND DEFINED ENV{DDBEMU_SYSROOT})
  set(DDBEMU_SYSROOT "$ENV{DDBEMU_SYSROOT}")
endif()
set(DDBEMU_SYSROOT "${DDBEMU_SYSROOT}" CACHE PATH "The arm64 sysroot (tools/dist/arm64/sysroot.sh)")
if(NOT DDBEMU_SYSROOT OR NOT IS_DIRECTORY "${DDBEMU_SYSROOT}/usr/include")
  message(FATAL_ERROR "DDBEMU_SYSROOT (\"${DDBEMU_SYSROOT}\") is not an arm64 sysroot: "
                      "run tools/dist/arm64/sysroot.sh and pass its output as -DDDBEMU_SYSROOT")
endif()
set(ENV{DDBEMU_SYSROOT} "${DDBEMU_SYSROOT}")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES DDBEMU_SYSROOT)

set(CMAKE_SYSROOT "${DDBEMU_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH "${DDBEMU_SYSROOT}")
# Build tools (python3, sh, ...) come from the host; libraries, headers and CMake packages
# only from the sysroot.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (LMDB) reads the sysroot's .pc files and prefixes their paths with the sysroot.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${DDBEMU_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR}
    "${DDBEMU_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${DDBEMU_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# DDBEMU_QEMU_PRELOAD: an arm64 shared library preloaded into every program qemu runs
# (tools/dist/arm64/build.sh passes tools/dist/arm64/qemu_noreserve.c's, without which LMDB's
# 64 GiB map fails under qemu-user on a machine with less memory; see there).
set(DDBEMU_QEMU_PRELOAD "" CACHE FILEPATH "arm64 library preloaded under qemu (optional)")
find_program(DDBEMU_QEMU_AARCH64 qemu-aarch64-static)
if(DDBEMU_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${DDBEMU_QEMU_AARCH64};-L;${DDBEMU_SYSROOT}")
  if(DDBEMU_QEMU_PRELOAD)
    list(APPEND CMAKE_CROSSCOMPILING_EMULATOR "-E;LD_PRELOAD=${DDBEMU_QEMU_PRELOAD}")
  endif()
else()
  message(WARNING "qemu-aarch64-static not found (Debian package qemu-user-static): "
                  "the arm64 test binaries cannot run here")
endif()
