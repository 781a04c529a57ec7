#!/usr/bin/env python3
"""Every C++ file opens the library's namespace through its versioned inline namespace.

The public headers declare everything in `ddbemu::inline DDBEMU_ABI_NAMESPACE` (ddbemu/version.h),
so a definition in a plain `namespace ddbemu {` would declare a second, different entity, and a
file that uses the macro without ddbemu/version.h in reach would silently open a namespace named
`DDBEMU_ABI_NAMESPACE`. This check refuses both: a `namespace ddbemu` opening without the inline
namespace, and a file that uses the macro but neither includes ddbemu/version.h nor (a .cc file)
includes a header of the checkout that does.

usage: check_abi_namespace.py SOURCE_DIR | --self-test
"""
import pathlib
import re
import sys

ROOTS = ("emulator", "hrcore", "bench", "tests", "tools", "examples")
SUFFIXES = (".h", ".cc", ".cpp")
OPENING = re.compile(r"^\s*namespace ddbemu(::[\w:]+)?\s*\{", re.M)
VERSIONED = re.compile(r"^\s*namespace ddbemu::inline DDBEMU_ABI_NAMESPACE(::\w+)*\s*\{", re.M)
INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)
VERSION_INCLUDE = '#include "ddbemu/version.h"'


def sources(root):
    for top in ROOTS:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in SUFFIXES and "node_modules" not in path.parts:
                yield path


def problems(files):
    """files: {relative path: text}. Yields one line per file that breaks the rule."""
    headers_with_version = {p for p, t in files.items() if VERSION_INCLUDE in t}

    def reaches_version(name):
        return any(p == name or p.endswith("/" + name) for p in headers_with_version)

    for path, text in files.items():
        for m in OPENING.finditer(text):
            yield f"{path}: `{m.group(0).strip()}` opens ddbemu without its inline namespace"
        if not VERSIONED.search(text) or VERSION_INCLUDE in text:
            continue
        if path.endswith(".h") or not any(reaches_version(i) for i in INCLUDE.findall(text)):
            yield f"{path}: uses DDBEMU_ABI_NAMESPACE without including ddbemu/version.h"


def self_test():
    good_h = '#include "ddbemu/version.h"\nnamespace ddbemu::inline DDBEMU_ABI_NAMESPACE::x {\n}\n'
    good_cc = '#include "a/good.h"\nnamespace ddbemu::inline DDBEMU_ABI_NAMESPACE::x {\n}\n'
    cases = {
        "a/good.h": good_h,
        "a/good.cc": good_cc,
        "a/plain.cc": '#include "a/good.h"\nnamespace ddbemu::x {\n}\n',
        "a/bare.h": "namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {\n}\n",
        "a/lost.cc": "#include <string>\nnamespace ddbemu::inline DDBEMU_ABI_NAMESPACE {\n}\n",
    }
    found = sorted({line.split(":")[0] for line in problems(cases)})
    expected = ["a/bare.h", "a/lost.cc", "a/plain.cc"]
    if found != expected:
        print(f"self-test failed: flagged {found}, expected {expected}")
        return 1
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__)
        return 2
    root = pathlib.Path(argv[1])
    files = {str(p.relative_to(root)): p.read_text() for p in sources(root)}
    found = list(problems(files))
    for line in found:
        print(line)
    print(f"{len(files)} files, {len(found)} problems")
    return 1 if found or self_test() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
