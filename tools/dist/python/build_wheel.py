#!/usr/bin/env python3
"""The pytest-ddb-local wheels (tools/dist/README.md), with the standard library alone.

    build_wheel.py --version V --dist DIR          one wheel per release tarball in DIR
    build_wheel.py --check --dist DIR [--version V] [--partial]

writes DIR/python/pytest_ddb_local-V-py3-none-manylinux_2_34_<march>.whl for each
DIR/ddb-local-V-linux-<arch>.tar.gz: the plugin (tools/pytest-ddb-local/src/pytest_ddb_local),
the tarball's bin/ddb-local as pytest_ddb_local/bin/ddb-local (mode 755), which the plugin runs
unless told otherwise, and its licence files in the .dist-info directory. The metadata comes
from tools/pytest-ddb-local/pyproject.toml (its version is replaced by V). The wheel is not pure
(Root-Is-Purelib: false) and is tagged manylinux_2_34: the binary needs glibc 2.34 at most,
which the build verifies from the ELF file's version needs. A wheel is reproducible: sorted
entries, each dated with the tarball's bin/ddb-local.

--check opens every DIR/python/*.whl and fails on any problem: the file name against METADATA
(name, version) and WHEEL (tag, Root-Is-Purelib), the entry point, RECORD (every entry listed
once with its sha256 and size), the binary's mode, ELF machine and glibc needs, and, when the
tarball is in DIR, the binary being the tarball's; and, unless --partial, a wheel missing for
one of the two platforms.
"""

import argparse
import base64
import csv
import hashlib
import io
import os
import re
import stat
import sys
import tarfile
import time
import zipfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    sys.exit("build_wheel.py: needs Python 3.11 or later (tomllib), "
             "e.g. Debian 12's /usr/bin/python3")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
PLUGIN_DIR = os.path.join(ROOT, "tools", "pytest-ddb-local")
PACKAGE = "pytest_ddb_local"
DIST_NAME = "pytest-ddb-local"
GLIBC_MAX = (2, 34)
# tarball arch -> (wheel platform machine, ELF e_machine)
ARCHS = {"x64": ("x86_64", 62), "arm64": ("aarch64", 183)}
LICENSE_FILES = ("LICENSE", "NOTICE", "THIRD-PARTY-NOTICES.txt")


class WheelError(Exception):
    pass


def platform_tag(arch):
    return f"manylinux_{GLIBC_MAX[0]}_{GLIBC_MAX[1]}_{ARCHS[arch][0]}"


def wheel_name(version, arch):
    return f"{PACKAGE}-{version}-py3-none-{platform_tag(arch)}.whl"


# --- ELF: the machine and the glibc symbol versions a binary needs -----------------------------

def elf_machine_and_glibc(data):
    """(e_machine, highest GLIBC_x.y needed as a tuple or None) of a 64-bit little-endian ELF."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise WheelError("not a 64-bit little-endian ELF file")
    u16 = lambda off: int.from_bytes(data[off:off + 2], "little")  # noqa: E731
    u32 = lambda off: int.from_bytes(data[off:off + 4], "little")  # noqa: E731
    u64 = lambda off: int.from_bytes(data[off:off + 8], "little")  # noqa: E731
    machine = u16(18)
    shoff, shentsize, shnum = u64(0x28), u16(0x3A), u16(0x3C)
    sections = [(u32(o + 4), u64(o + 0x18), u64(o + 0x20), u32(o + 0x28))  # type, off, size, link
                for o in (shoff + i * shentsize for i in range(shnum))]
    highest = None
    for kind, offset, _size, link in sections:
        if kind != 0x6FFFFFFE:  # SHT_GNU_verneed
            continue
        strtab = sections[link][1]
        name = lambda off: data[strtab + off:data.index(b"\0", strtab + off)].decode()  # noqa: E731
        need = offset
        while True:  # Elf64_Verneed: version, cnt, file, aux, next
            count, aux, next_need = u16(need + 2), u32(need + 8), u32(need + 12)
            entry = need + aux
            for _ in range(count):  # Elf64_Vernaux: hash, flags, other, name, next
                match = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", name(u32(entry + 8)))
                if match:
                    highest = max(highest or (0, 0), (int(match[1]), int(match[2])))
                entry += u32(entry + 12)
            if not next_need:
                break
            need += next_need
    return machine, highest


def check_binary(data, arch, what):
    machine, glibc = elf_machine_and_glibc(data)
    if machine != ARCHS[arch][1]:
        raise WheelError(f"{what} is an ELF for machine {machine}, not {ARCHS[arch][0]}")
    if glibc and glibc > GLIBC_MAX:
        raise WheelError(f"{what} needs GLIBC_{glibc[0]}.{glibc[1]}, more than manylinux_"
                         f"{GLIBC_MAX[0]}_{GLIBC_MAX[1]} allows")


# --- Building ----------------------------------------------------------------------------------

def record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def read_tarball(path, version, arch):
    """{name: (bytes, mode)} of the tarball's bin/ddb-local and licence files, and its mtime."""
    top = f"ddb-local-{version}-linux-{arch}"
    wanted = {f"{top}/bin/ddb-local": "ddb-local", **{f"{top}/{f}": f for f in LICENSE_FILES}}
    found, mtime = {}, None
    with tarfile.open(path, "r:gz") as tar:
        for member in tar:
            if member.name in wanted and member.isfile():
                found[wanted[member.name]] = tar.extractfile(member).read()
                if wanted[member.name] == "ddb-local":
                    mtime = member.mtime
                    if not member.mode & stat.S_IXUSR:
                        raise WheelError(f"{path}: bin/ddb-local is not executable")
    missing = sorted(set(wanted.values()) - set(found))
    if missing:
        raise WheelError(f"{path} lacks {', '.join(missing)}")
    return found, mtime


def metadata(version):
    with open(os.path.join(PLUGIN_DIR, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    if project["name"] != DIST_NAME:
        raise WheelError(f"pyproject.toml names {project['name']}, not {DIST_NAME}")
    lines = ["Metadata-Version: 2.1", f"Name: {DIST_NAME}", f"Version: {version}",
             f"Summary: {project['description']}"]
    if "text" in project.get("license", {}):
        lines.append(f"License: {project['license']['text']}")
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    lines += [f"License-File: {f}" for f in LICENSE_FILES]
    lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    for extra, deps in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {d}; extra == "{extra}"' for d in deps]
    lines.append("Description-Content-Type: text/markdown")
    with open(os.path.join(PLUGIN_DIR, project["readme"]), encoding="utf-8") as f:
        readme = f.read()
    entry_points = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()) + "\n"
        for group, points in project.get("entry-points", {}).items())
    if "pytest11" not in project.get("entry-points", {}):
        raise WheelError("pyproject.toml has no pytest11 entry point")
    return "\n".join(lines) + "\n\n" + readme, entry_points


def build(version, dist, arch):
    tarball = os.path.join(dist, f"ddb-local-{version}-linux-{arch}.tar.gz")
    files, mtime = read_tarball(tarball, version, arch)
    check_binary(files["ddb-local"], arch, f"{tarball}'s bin/ddb-local")
    meta, entry_points = metadata(version)
    info = f"{PACKAGE}-{version}.dist-info"
    entries = []  # (archive name, bytes, mode)
    source = os.path.join(PLUGIN_DIR, "src", PACKAGE)
    for name in sorted(os.listdir(source)):
        if name.endswith(".py"):
            with open(os.path.join(source, name), "rb") as f:
                entries.append((f"{PACKAGE}/{name}", f.read(), 0o644))
    entries.append((f"{PACKAGE}/bin/ddb-local", files["ddb-local"], 0o755))
    entries += [(f"{info}/{f}", files[f], 0o644) for f in LICENSE_FILES]
    entries.append((f"{info}/METADATA", meta.encode(), 0o644))
    entries.append((f"{info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: ddbemu tools/dist/python/build_wheel.py\n"
        f"Root-Is-Purelib: false\nTag: py3-none-{platform_tag(arch)}\n").encode(), 0o644))
    entries.append((f"{info}/entry_points.txt", entry_points.encode(), 0o644))
    entries.append((f"{info}/top_level.txt", f"{PACKAGE}\n".encode(), 0o644))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data, _ in entries:
        writer.writerow([name, record_hash(data), len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    entries.append((f"{info}/RECORD", record.getvalue().encode(), 0o644))

    out_dir = os.path.join(dist, "python")
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, wheel_name(version, arch))
    date_time = time.gmtime(max(mtime or 0, 315532800))[:6]  # ZIP dates start in 1980
    with zipfile.ZipFile(out + ".tmp", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as whl:
        for name, data, mode in entries:  # RECORD last, as the wheel spec recommends
            zinfo = zipfile.ZipInfo(name, date_time)
            zinfo.create_system = 3  # Unix, so that installers read the mode
            zinfo.external_attr = (stat.S_IFREG | mode) << 16
            zinfo.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(zinfo, data)
    os.replace(out + ".tmp", out)
    return out


# --- Checking ----------------------------------------------------------------------------------

WHEEL_FILE = re.compile(r"(?P<name>[^-]+)-(?P<version>[^-]+)-(?P<python>[^-]+)-(?P<abi>[^-]+)-"
                        r"(?P<platform>[^-]+)\.whl")


def headers(text):
    """The RFC 822 header lines of METADATA or WHEEL as {name: [values]}."""
    result = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        key, _, value = line.partition(": ")
        result.setdefault(key, []).append(value)
    return result


def check_wheel(path, version, dist):
    problems = []
    match = WHEEL_FILE.fullmatch(os.path.basename(path))
    if not match:
        return [f"{path}: not a wheel file name"]
    v, platform = match["version"], match["platform"]
    arch = next((a for a in ARCHS if platform == platform_tag(a)), None)
    if match["name"] != PACKAGE:
        problems.append(f"the distribution is {match['name']}, not {PACKAGE}")
    if version and v != version:
        problems.append(f"the version is {v}, not {version}")
    if (match["python"], match["abi"]) != ("py3", "none") or arch is None:
        problems.append(f"the tag {match['python']}-{match['abi']}-{platform} is not "
                        f"py3-none-manylinux_2_34_<x86_64|aarch64>")
    info = f"{PACKAGE}-{v}.dist-info"
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        if len(names) != len(set(names)):
            problems.append("an entry is there twice")
        read = lambda name: whl.read(name) if name in names else None  # noqa: E731
        for required in ("METADATA", "WHEEL", "RECORD", "entry_points.txt", *LICENSE_FILES):
            if f"{info}/{required}" not in names:
                problems.append(f"no {info}/{required}")
        meta = headers((read(f"{info}/METADATA") or b"").decode())
        if meta.get("Name") != [DIST_NAME]:
            problems.append(f"METADATA's Name is {meta.get('Name')}, not {DIST_NAME}")
        if meta.get("Version") != [v]:
            problems.append(f"METADATA's Version is {meta.get('Version')}, not {v}")
        wheel = headers((read(f"{info}/WHEEL") or b"").decode())
        if wheel.get("Wheel-Version") != ["1.0"]:
            problems.append(f"WHEEL's Wheel-Version is {wheel.get('Wheel-Version')}")
        if wheel.get("Root-Is-Purelib") != ["false"]:
            problems.append("WHEEL does not say Root-Is-Purelib: false")
        if wheel.get("Tag") != [f"{match['python']}-{match['abi']}-{platform}"]:
            problems.append(f"WHEEL's Tag {wheel.get('Tag')} is not the file name's")
        points = (read(f"{info}/entry_points.txt") or b"").decode()
        if not re.search(r"^\[pytest11\]\n(?:.*\n)*?\w+ = pytest_ddb_local\.plugin$", points, re.M):
            problems.append("entry_points.txt has no pytest11 entry for pytest_ddb_local.plugin")
        listed = set()
        for row in csv.reader(io.StringIO((read(f"{info}/RECORD") or b"").decode())):
            name, digest, size = (row + ["", "", ""])[:3]
            if name in listed:
                problems.append(f"RECORD lists {name} twice")
            listed.add(name)
            if name == f"{info}/RECORD":
                continue
            data = read(name)
            if data is None:
                problems.append(f"RECORD lists {name}, which is not in the wheel")
            elif digest != record_hash(data) or size != str(len(data)):
                problems.append(f"RECORD's hash or size of {name} is wrong")
        for name in sorted(set(names) - listed):
            problems.append(f"{name} is not in RECORD")
        binary = f"{PACKAGE}/bin/ddb-local"
        if binary not in names:
            problems.append(f"no {binary}")
        else:
            mode = whl.getinfo(binary).external_attr >> 16
            if mode != stat.S_IFREG | 0o755:
                problems.append(f"{binary} has mode {oct(mode)}, not 0o100755")
            data = whl.read(binary)
            if arch:
                try:
                    check_binary(data, arch, binary)
                except WheelError as e:
                    problems.append(str(e))
                tarball = os.path.join(dist, f"ddb-local-{v}-linux-{arch}.tar.gz")
                if os.path.exists(tarball):
                    files, _ = read_tarball(tarball, v, arch)
                    if files["ddb-local"] != data:
                        problems.append(f"{binary} is not the bin/ddb-local of {tarball}")
        for name in names:
            if name.startswith(f"{PACKAGE}/") and name.endswith(".py"):
                try:
                    compile(whl.read(name), name, "exec")
                except SyntaxError as e:
                    problems.append(f"{name} does not compile: {e}")
    return [f"{os.path.basename(path)}: {p}" for p in problems]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version")
    parser.add_argument("--dist", required=True)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--partial", action="store_true",
                        help="--check: a wheel for one platform only is no problem")
    args = parser.parse_args(argv)
    try:
        if args.check:
            wheels = sorted(f for f in os.listdir(os.path.join(args.dist, "python"))
                            if f.endswith(".whl")) if os.path.isdir(
                                os.path.join(args.dist, "python")) else []
            if not wheels:
                raise WheelError(f"no wheels in {args.dist}/python")
            problems = [p for w in wheels
                        for p in check_wheel(os.path.join(args.dist, "python", w), args.version,
                                             args.dist)]
            platforms = {m["platform"] for m in map(WHEEL_FILE.fullmatch, wheels) if m}
            if not args.partial:
                problems += [f"no {platform_tag(a)} wheel (no linux-{a} tarball?)"
                             for a in ARCHS if platform_tag(a) not in platforms]
            for p in problems:
                print(f"build_wheel.py --check: {p}", file=sys.stderr)
            if not problems:
                print("\n".join(f"ok {w}" for w in wheels))
            return 1 if problems else 0
        if not args.version:
            raise WheelError("--version is needed")
        archs = [a for a in ARCHS if os.path.exists(
            os.path.join(args.dist, f"ddb-local-{args.version}-linux-{a}.tar.gz"))]
        if not archs:
            raise WheelError(f"no {args.dist}/ddb-local-{args.version}-linux-*.tar.gz")
        out_dir = os.path.join(args.dist, "python")
        if os.path.isdir(out_dir):  # no wheel of an earlier version or build left behind
            for stale in os.listdir(out_dir):
                if stale.endswith(".whl"):
                    os.remove(os.path.join(out_dir, stale))
        for arch in archs:
            print(build(args.version, args.dist, arch))
        return 0
    except (WheelError, OSError, tarfile.TarError, zipfile.BadZipFile) as e:
        print(f"build_wheel.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
