"""lint.clang_format: every C and C++ file of the project is as clang-format (the checkout's
.clang-format) writes it.

  check_format.py SOURCE_DIR [--clang-format BIN]

Prints each file clang-format would change and exits 1 if there is one; `tools/dev format`
rewrites them. A self-test first gives clang-format a file it must refuse, beside the same
.clang-format, so that a clang-format which checks nothing (a wrong binary, an ignored style
file) fails the test instead of passing it.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

FOLDERS = ("emulator", "hrcore", "bench", "tests", "tools", "examples")
EXTENSIONS = (".cc", ".h", ".c")
# Generated or third-party trees, and the build trees a checkout may hold.
SKIP_DIRS = {"node_modules", "third_party", "corpus", ".venv", "__pycache__"}


def source_files(source_dir):
    out = []
    for folder in FOLDERS:
        for dirpath, dirnames, names in os.walk(os.path.join(source_dir, folder)):
            dirnames[:] = sorted(d for d in dirnames
                                 if d not in SKIP_DIRS and not d.startswith(("build", ".")))
            out.extend(os.path.join(dirpath, n) for n in sorted(names) if n.endswith(EXTENSIONS))
    return out


def unformatted(clang_format, files, cwd):
    """The files among `files` that clang-format would change."""
    bad = []
    for start in range(0, len(files), 64):
        batch = files[start:start + 64]
        run = subprocess.run([clang_format, "--dry-run", "-Werror", "--style=file"] + batch,
                             cwd=cwd, capture_output=True, text=True)
        if run.returncode == 0:
            continue
        for f in batch:  # which ones: the batch's report names them, but one at a time is exact
            one = subprocess.run([clang_format, "--dry-run", "-Werror", "--style=file", f],
                                 cwd=cwd, capture_output=True, text=True)
            if one.returncode != 0:
                bad.append(f)
    return bad


def self_test(clang_format, source_dir):
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(source_dir, ".clang-format"), tmp)
        path = os.path.join(tmp, "bad.cc")
        with open(path, "w", encoding="utf-8") as f:
            f.write("int  f( int x ){return x;}\n")
        if not unformatted(clang_format, [path], tmp):
            print("SELF-TEST FAILURE: clang-format accepted a badly formatted file")
            return False
        with open(path, "w", encoding="utf-8") as f:
            f.write("int f(int x) { return x; }\n")
        if unformatted(clang_format, [path], tmp):
            print("SELF-TEST FAILURE: clang-format refused a well formatted file")
            return False
    return True


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("source_dir")
    parser.add_argument("--clang-format", default="clang-format")
    args = parser.parse_args(argv)
    clang_format = shutil.which(args.clang_format)
    if clang_format is None:
        print(f"FAIL: {args.clang_format} not found (Debian package clang-format)")
        return 1
    if not self_test(clang_format, args.source_dir):
        return 1
    files = source_files(args.source_dir)
    bad = unformatted(clang_format, files, args.source_dir)
    for f in bad:
        print(f"not clang-formatted: {os.path.relpath(f, args.source_dir)}")
    print(f"check_format: {len(files)} files, {len(bad)} not formatted"
          + (" (tools/dev format rewrites them)" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
