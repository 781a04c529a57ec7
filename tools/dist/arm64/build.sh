#!/usr/bin/env bash
# Cross-builds ddb-local for arm64 Linux in build/arm64: Debian's aarch64 GCC 12 against an arm64
# Debian 12 sysroot (tools/dist/arm64/sysroot.sh), with the portable options of the release
# (DDBEMU_PORTABLE=ON: glibc alone dynamic). Its test binaries run under qemu-aarch64-static
# (the toolchain file's CMAKE_CROSSCOMPILING_EMULATOR; ctest tests dist.arm64.*).
#
#   tools/dist/arm64/build.sh [cmake targets...]   default: ddb-local, hrctl and the unit test
#                                                  executables that dist.arm64.unit_tests runs
#
# Quiet like tools/dev: nothing but errors (the build's log when it fails). Uses ccache when it
# is there, as tools/dev does, so a warm rebuild (CI's fresh clone included) compiles nothing.
#
# Not profile-guided: the x86-64 release's profile (tools/dev, cmake/ddbemuProfileGuided.cmake)
# describes the x86-64 code, not the arm64 code GCC generates from the same sources. A profile
# could be taken under qemu with an arm64 tree built with counters; that is not done.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
BUILD="$ROOT/build/arm64"
# The unit suites that run under qemu (tests/dist/arm64.cmake, dist.arm64.unit_tests): the
# layers that need no second process (a test binary under qemu-user cannot start an arm64
# ddb-local without binfmt), except ops/, whose cases the database suite's fixtures cover end
# to end (paging, indexes, transactions): under qemu each case costs about a second (its
# Database's LMDB map), and the two suites together took half of CI's arm64 time.
UNIT_TESTS=(value_tests value_json_tests storage_tests expr_tests capacity_tests api_tests
  partiql_tests database_tests)
DEFAULT_TARGETS=(ddb-local hrctl "${UNIT_TESTS[@]}")

say() { printf 'tools/dist/arm64/build.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

if [[ "${1:-}" == --unit-tests ]]; then  # the suites' names, for the tests
  printf '%s\n' "${UNIT_TESTS[@]}"
  exit 0
fi
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${DEFAULT_TARGETS[@]}")

sysroot="$("$ROOT/tools/dist/arm64/sysroot.sh")"
export DDBEMU_SYSROOT="$sysroot"

if [[ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]] && command -v ccache >/dev/null 2>&1; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The library preloaded into the programs run under qemu (qemu_noreserve.c says why), built
# before the tree is configured: gtest_discover_tests runs the test binaries with it.
preload="$BUILD/qemu/noreserve.so"
preload_src="$ROOT/tools/dist/arm64/qemu_noreserve.c"
if [[ ! -f "$preload" || "$preload_src" -nt "$preload" ]]; then
  mkdir -p "$BUILD/qemu"
  if ! aarch64-linux-gnu-gcc --sysroot="$sysroot" -shared -fPIC -O2 -Wall -Wextra -Werror \
      -o "$preload.tmp" "$preload_src" >"$log" 2>&1; then
    cat "$log" >&2
    die "building $preload failed"
  fi
  mv "$preload.tmp" "$preload"
fi

# A tree configured against another sysroot (a changed package list) is configured afresh:
# CMake keeps the compiler checks made against the old one.
fresh=()
if [[ -f "$BUILD/build.ninja" ]] &&
    ! grep -qxF "DDBEMU_SYSROOT:PATH=$sysroot" "$BUILD/CMakeCache.txt" 2>/dev/null; then
  fresh=(--fresh)
fi
if [[ ! -f "$BUILD/build.ninja" || ${#fresh[@]} -gt 0 ]] ||
    ! grep -qxF "DDBEMU_QEMU_PRELOAD:FILEPATH=$preload" "$BUILD/CMakeCache.txt"; then
  [[ -f "$BUILD/build.ninja" && ${#fresh[@]} -eq 0 ]] || say "configuring $BUILD"
  if ! cmake "${fresh[@]}" -S "$ROOT" -B "$BUILD" -G Ninja \
      -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/toolchain-aarch64-linux-gnu.cmake" \
      -DDDBEMU_SYSROOT="$sysroot" -DDDBEMU_QEMU_PRELOAD="$preload" \
      -DCMAKE_BUILD_TYPE=Release -DDDBEMU_PORTABLE=ON -DDDBEMU_UNITY_BUILD=ON \
      -DDDBEMU_BUILD_TESTS=ON -DDDBEMU_BUILD_BENCH=OFF -DDDBEMU_BUILD_EXAMPLES=OFF \
      >"$log" 2>&1; then
    cat "$log" >&2
    die "configuring $BUILD failed"
  fi
fi
if ! cmake --build "$BUILD" -j"$(nproc)" --target "${targets[@]}" >"$log" 2>&1; then
  cat "$log" >&2
  die "the arm64 build failed"
fi
