#!/usr/bin/env python3
"""The release tarballs' binaries depend on glibc alone, and on no glibc newer than the floor.

dist/SHA256SUMS covers every file of dist/. For each dist/ddb-local-<V>-linux-<arch>.tar.gz (x64 and arm64 must both be there): the archive
holds exactly the documented files; each binary is an ELF of its architecture, stripped; its
NEEDED entries are glibc's own libraries; it refers to no GLIBCXX_/CXXABI_/GCC_ symbol version
(libstdc++ and libgcc are linked in) and to no GLIBC_ version above the floor
(cmake/ddbemuPortable.cmake); the x64 one prints the project's version. Uses binutils' readelf,
which reads either architecture.

  check_portable_binary.py DIST_DIR VERSION GLIBC_FLOOR
"""
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ARCHES = {
    # arch: (ELF machine as readelf names it, the dynamic loader's file name)
    "x64": ("Advanced Micro Devices X86-64", "ld-linux-x86-64.so.2"),
    "arm64": ("AArch64", "ld-linux-aarch64.so.1"),
}
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1"}
FILES = {"bin/ddb-local", "bin/hrctl", "LICENSE", "NOTICE", "THIRD-PARTY-NOTICES.txt", "README.md"}


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True,
                          text=True).stdout


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def check_binary(path, arch, floor, problems):
    machine, loader = ARCHES[arch]
    header = readelf("-h", str(path))
    if machine not in header:
        problems.append(f"{path}: not an {arch} ELF")
        return
    dynamic = readelf("-d", str(path))
    needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))
    extra = needed - GLIBC_LIBRARIES - {loader}
    if extra:
        problems.append(f"{path}: needs libraries other than glibc's: {sorted(extra)}")
    if "libc.so.6" not in needed:
        problems.append(f"{path}: does not link glibc dynamically (NEEDED {sorted(needed)})")
    interp = readelf("-l", str(path))
    if loader not in interp:
        problems.append(f"{path}: its program interpreter is not {loader}")
    if ".symtab" in readelf("-S", str(path)):
        problems.append(f"{path}: not stripped")
    versions = set(re.findall(r"\b((?:GLIBC|GLIBCXX|CXXABI|GCC)_[0-9.]+)\b",
                              readelf("--dyn-syms", str(path))))
    runtime = sorted(v for v in versions if not v.startswith("GLIBC_"))
    if runtime:
        problems.append(f"{path}: refers to the shared GCC runtime's versions {runtime}")
    glibc = sorted((v[len("GLIBC_"):] for v in versions if v.startswith("GLIBC_")),
                   key=version_key)
    if not glibc:
        problems.append(f"{path}: no GLIBC_ symbol versions found")
    elif version_key(glibc[-1]) > version_key(floor):
        newer = [v for v in glibc if version_key(v) > version_key(floor)]
        symbols = [line.split()[-1] for line in readelf("--dyn-syms", str(path)).splitlines()
                   if any(f"GLIBC_{v}" in line for v in newer)]
        problems.append(f"{path}: needs glibc {glibc[-1]} > {floor}: {symbols}")
    print(f"{arch} {path.name}: NEEDED {sorted(needed)}, newest GLIBC_{glibc[-1] if glibc else '?'}, "
          f"{path.stat().st_size} bytes")


def check_sums(dist, problems):
    """dist/SHA256SUMS names every other file of dist/ once, with its digest."""
    sums = dist / "SHA256SUMS"
    if not sums.is_file():
        problems.append(f"{sums} is missing")
        return
    listed = {}
    for line in sums.read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name.lstrip("*")] = digest
    present = {str(p.relative_to(dist)) for p in dist.rglob("*")
               if p.is_file() and p.name != "SHA256SUMS"}
    if set(listed) != present:
        problems.append(f"SHA256SUMS lists {sorted(set(listed) ^ present)} wrongly")
    for name, digest in listed.items():
        path = dist / name
        if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            problems.append(f"SHA256SUMS: {name} does not match")
    print(f"SHA256SUMS: {len(listed)} files")


def main():
    dist, version, floor = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    problems = []
    for arch in ARCHES:
        name = f"ddb-local-{version}-linux-{arch}"
        archive = dist / f"{name}.tar.gz"
        if not archive.is_file():
            problems.append(f"{archive} is missing (tools/dev package writes it)")
            continue
        with tempfile.TemporaryDirectory() as tmp, tarfile.open(archive) as tar:
            members = {m.name for m in tar.getmembers() if m.isfile()}
            expected = {f"{name}/{f}" for f in FILES}
            if members != expected:
                problems.append(f"{archive}: holds {sorted(members)}, expected {sorted(expected)}")
                continue
            tar.extractall(tmp)
            for exe in ("ddb-local", "hrctl"):
                check_binary(Path(tmp, name, "bin", exe), arch, floor, problems)
            if arch == "x64":
                out = subprocess.run([str(Path(tmp, name, "bin", "ddb-local")), "--version"],
                                     check=True, capture_output=True, text=True).stdout
                if not out.startswith(f"ddb-local {version}\ncommit: ") or "portable" not in out:
                    problems.append(f"--version printed {out!r}")
    check_sums(dist, problems)
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
