"""ctest dist.arm64.portable_binary: build/arm64's ddb-local and hrctl are portable arm64 programs.

    check_binary.py <arm64 build dir> <glibc floor, e.g. 2.34>

For each: a 64-bit AArch64 ELF executable with glibc's dynamic loader as its interpreter, whose
only NEEDED libraries are glibc's (libc.so.6, libm.so.6, ld-linux-aarch64.so.1: libstdc++,
libgcc, LMDB, libcrypto and zlib are linked in, DDBEMU_PORTABLE), and which asks for no glibc
symbol version newer than the floor (DDBEMU_GLIBC_FLOOR) and no GLIBCXX_/CXXABI_/GCC_ one.
ddb-local must also run under qemu and print its version.
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arm64_tree import Arm64Tree, TreeError, fail  # noqa: E402

PROGRAMS = ["tools/ddb-local", "tools/hrctl/hrctl"]
GLIBC_LIBS = {"libc.so.6", "libm.so.6", "ld-linux-aarch64.so.1"}
INTERPRETER = "/lib/ld-linux-aarch64.so.1"


def readelf(*args):
    tool = shutil.which("aarch64-linux-gnu-readelf") or shutil.which("readelf")
    if not tool:
        fail("no readelf (binutils)")
    return subprocess.run([tool, "-W", *args], check=True, capture_output=True, text=True).stdout


def version(v):
    return tuple(int(p) for p in v.split("."))


def check(path, floor):
    problems = []
    header = readelf("-h", path)
    if not re.search(r"Class:\s+ELF64", header):
        problems.append("not a 64-bit ELF")
    if not re.search(r"Machine:\s+AArch64", header):
        machine = re.search(r"Machine:\s+(.*)", header)
        problems.append(f"machine is {machine.group(1) if machine else '?'}, not AArch64")
    if not re.search(r"Type:\s+(EXEC|DYN)", header):
        problems.append("not an executable")
    interp = re.search(r"Requesting program interpreter: ([^\]]+)\]", readelf("-l", path))
    if not interp or interp.group(1) != INTERPRETER:
        problems.append(f"interpreter is {interp.group(1) if interp else 'none (static?)'}, "
                        f"not {INTERPRETER}")
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf("-d", path))
    extra = sorted(set(needed) - GLIBC_LIBS)
    if extra:
        problems.append(f"NEEDED libraries beyond glibc's: {', '.join(extra)}")
    if "libc.so.6" not in needed:
        problems.append(f"libc.so.6 not NEEDED (NEEDED: {needed})")
    dyn_syms = readelf("--dyn-syms", path)
    versions = set(re.findall(r"@GLIBC_([0-9]+(?:\.[0-9]+)+)", dyn_syms))
    too_new = sorted((v for v in versions if version(v) > version(floor)), key=version)
    if too_new:
        problems.append(f"needs glibc symbol versions newer than {floor}: {', '.join(too_new)}")
    runtime = sorted(set(re.findall(r"@((?:GLIBCXX|CXXABI|GCC)_[0-9.]+)", dyn_syms)))
    if runtime:
        problems.append(f"refers to the GCC runtime's shared libraries: {', '.join(runtime)}")
    newest = max(versions, key=version) if versions else "none"
    print(f"{path}: NEEDED {', '.join(needed)}; newest GLIBC_ version {newest}")
    return problems


def main():
    if len(sys.argv) != 3 or not sys.argv[2]:
        fail("usage: check_binary.py <arm64 build dir> <glibc floor>")
    build_dir, floor = sys.argv[1:]
    try:
        tree = Arm64Tree(build_dir)
        paths = [tree.program(p) for p in PROGRAMS]
        version_cmd = tree.command("tools/ddb-local", "--version")
    except TreeError as e:
        fail(str(e))
    problems = []
    for path in paths:
        problems += [f"{path}: {p}" for p in check(path, floor)]
    run = subprocess.run(version_cmd, capture_output=True, text=True, timeout=60,
                         stdin=subprocess.DEVNULL)
    if run.returncode != 0 or not run.stdout.strip():
        problems.append(f"{' '.join(version_cmd)} exited {run.returncode}: "
                        f"{run.stdout}{run.stderr}")
    else:
        print(f"under qemu: {run.stdout.strip().splitlines()[0]}")
    if problems:
        fail("\n  ".join(["the arm64 binaries are not portable:"] + problems))


if __name__ == "__main__":
    main()
