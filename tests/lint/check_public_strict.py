#!/usr/bin/env python3
"""The public headers and examples/ compile for an outside consumer with -Wall -Wextra -Werror,
on GCC and on Clang: every header of emulator/include/ddbemu/ in one translation unit (each also
alone, so that none leans on another's includes), and every example program.

Usage: check_public_strict.py SOURCE_DIR BUILD_DIR --cxx g++ --cxx clang++
A compiler that cannot be run fails the check: a check that did not run is not a pass.

GCC before 14 warns under -Wextra (-Wmissing-field-initializers) about every designated
initializer that leaves a member to its default, which is how the model's requests are meant to
be written ({.table_name = "t", .key = k}); Clang and GCC 14 do not. So on GCC that one warning
is off, and docs/using-cpp.md says so.
"""
import argparse
import concurrent.futures
import pathlib
import subprocess
import sys
import tempfile

FLAGS = ['-std=c++20', '-Wall', '-Wextra', '-Werror', '-fsyntax-only']


def compile_one(cxx, source, includes):
    gcc = 'clang' not in pathlib.Path(cxx).name
    extra = ['-Wno-missing-field-initializers'] if gcc else []
    cmd = [cxx, *FLAGS, *extra, *[f'-I{i}' for i in includes], str(source)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return cxx, source, r.returncode, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('source')
    ap.add_argument('build')
    ap.add_argument('--cxx', action='append', required=True)
    ap.add_argument('--jobs', type=int, default=2)
    a = ap.parse_args()
    src = pathlib.Path(a.source)
    includes = [src / 'emulator/include', pathlib.Path(a.build) / 'include']
    headers = sorted(p.relative_to(src / 'emulator/include')
                     for p in (src / 'emulator/include/ddbemu').rglob('*.h'))
    with tempfile.TemporaryDirectory() as tmp:
        units = []
        everything = pathlib.Path(tmp, 'all_headers.cc')
        everything.write_text(''.join(f'#include "{h}"\n' for h in headers))
        units.append(everything)
        for i, h in enumerate(headers):
            alone = pathlib.Path(tmp, f'header_{i}.cc')
            alone.write_text(f'#include "{h}"\n')
            units.append(alone)
        units += sorted((src / 'examples').glob('*.cc'))
        jobs = [(cxx, u) for cxx in a.cxx for u in units]
        failed = 0
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            for cxx, unit, rc, err in pool.map(lambda j: compile_one(j[0], j[1], includes), jobs):
                if rc != 0:
                    failed += 1
                    name = unit.read_text().strip() if unit.parent == pathlib.Path(tmp) else unit
                    print(f'FAIL {cxx}: {name}\n{err[:4000]}')
    print(f'check_public_strict: {len(headers)} headers and {len(units) - 1 - len(headers)} '
          f'examples on {", ".join(a.cxx)}: {failed} failure(s) of {len(jobs)}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
