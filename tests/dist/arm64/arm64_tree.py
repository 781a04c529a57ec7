"""The arm64 cross tree (build/arm64, made by tools/dist/arm64/build.sh) as the tests use it.

Its CMakeCache.txt names the sysroot, qemu-aarch64-static and the preloaded library
(tools/dist/arm64/qemu_noreserve.c) it was configured with; every arm64 program runs as
`qemu-aarch64-static -L <sysroot> -E LD_PRELOAD=<library> <program>` (binfmt is not needed).
Anything missing is a failure with a message saying what to run, never a skip.
"""

import os
import sys


class TreeError(Exception):
    pass


def fail(message):
    sys.stdout.flush()
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def _cache_value(cache, name):
    prefix = name + ":"
    for line in cache.splitlines():
        if line.startswith(prefix) and "=" in line:
            return line.split("=", 1)[1]
    return ""


class Arm64Tree:
    def __init__(self, build_dir):
        self.build_dir = os.path.abspath(build_dir)
        cache_path = os.path.join(self.build_dir, "CMakeCache.txt")
        hint = "run tools/dist/arm64/build.sh (tools/dev test does) before ctest"
        if not os.path.isfile(cache_path):
            raise TreeError(f"{self.build_dir} is not a configured arm64 tree "
                            f"(no CMakeCache.txt): {hint}")
        with open(cache_path, encoding="utf-8", errors="replace") as f:
            cache = f.read()
        self.sysroot = _cache_value(cache, "DDBEMU_SYSROOT")
        self.qemu = _cache_value(cache, "DDBEMU_QEMU_AARCH64")
        if not self.sysroot or not os.path.isdir(
                os.path.join(self.sysroot, "usr/lib/aarch64-linux-gnu")):
            raise TreeError(f"the sysroot of {self.build_dir} ({self.sysroot!r}) is missing: "
                            + hint)
        if not self.qemu or not os.access(self.qemu, os.X_OK):
            raise TreeError(f"qemu-aarch64-static ({self.qemu!r}) is missing "
                            "(Debian package qemu-user-static): " + hint)
        self.preload = _cache_value(cache, "DDBEMU_QEMU_PRELOAD")
        if not self.preload or not os.path.isfile(self.preload):
            raise TreeError(f"the library preloaded under qemu ({self.preload!r}) is missing: "
                            + hint)
        self.hint = hint

    def program(self, relative):
        """The absolute path of a built program, which must exist."""
        path = os.path.join(self.build_dir, relative)
        if not os.access(path, os.X_OK):
            raise TreeError(f"{path} was not built: {self.hint}")
        return path

    def command(self, relative, *args):
        """The command line running a built arm64 program under qemu."""
        return [self.qemu, "-L", self.sysroot, "-E", f"LD_PRELOAD={self.preload}",
                self.program(relative), *args]
