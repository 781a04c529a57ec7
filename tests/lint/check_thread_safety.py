#!/usr/bin/env python3
"""The thread-safety check (ctest lint.thread_safety): Clang's -Wthread-safety over every
translation unit of emulator/, hrcore/, tools/ and bench/ that reaches the annotated mutexes
(emulator/src/sync/), compiled with the include paths and defines of the real build, so that a
GUARDED_BY member touched without its mutex, or a REQUIRES function called without the lock,
fails CI. GCC builds the project and ignores the annotations (sync/thread_annotations.h); this
check is what gives them a meaning.

  check_thread_safety.py COMPILE_COMMANDS_JSON SOURCE_DIR [--jobs N] [--clang PATH]
                         [--only REGEX] [--no-pch]

--only checks the selected units whose path matches REGEX (and skips the coverage rule below),
for a quick look at one file: tests/lint/check_thread_safety.py build/dev/compile_commands.json
. --only storage/catalog.

It fails:
  - when clang++ is missing: a check that did not run is not a pass;
  - when its self-test fails: with the command of a real translation unit, small sources that
    read a GUARDED_BY member without its lock, write it under a shared lock, or call a REQUIRES
    function without the lock must each be rejected with a thread-safety error, and the same
    sources with the lock must compile; a check that cannot fail is worth nothing;
  - when a file that includes sync/mutex.h is in the include closure of no translation unit of
    compile_commands.json (its code would go unchecked);
  - when any selected translation unit has a thread-safety error (printed).

A unit is selected when its own text or a project header it includes (followed through the
quoted includes, resolved on its command's -I paths) includes sync/. Each is compiled with
-fsyntax-only, N at a time (default 2). The units of one library share a command, so each such
group first gets a precompiled header of the system headers its files include outside any #if
(the standard library, Boost, OpenSSL: about half of a unit's time), which each unit loads
with -include-pch; project headers are never in it, so every line of ours is analysed in the
unit as it is. A unit that #defines something before its first #include (a configuration
macro of a library, say) is compiled without it; --no-pch compiles every unit without one.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compile_commands  # noqa: E402  (the entries of a unity build, per source file)

SCOPES = ("emulator/", "hrcore/", "tools/", "bench/")
SYNC_DIR = "emulator/src/sync/"
DIRECTIVE = re.compile(r"^\s*#\s*(\w+)(.*)$")
SYNC_INCLUDE = re.compile(r'^\s*#\s*include\s*"sync/[^"]+"', re.MULTILINE)
# Only the thread-safety diagnostics, as errors; every other warning is the GCC build's.
CHECK_FLAGS = ["-fsyntax-only", "-Wno-everything", "-Wthread-safety", "-Werror=thread-safety"]
# Flags of the GCC build that clang refuses or reads differently (the profile-guided build's).
# Every -fprofile-* option is GCC's profile-guided build (cmake/ddbemuProfileGuided.cmake);
# clang spells its own differently and refuses -fprofile-prefix-path outright.
GCC_ONLY_PREFIXES = ("-fprofile-", "-fno-semantic-interposition")


def clang_argv(entry, clang):
    """The entry's compile command as a clang++ syntax-only check, without its source."""
    argv = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out, skip = [clang], False
    for arg in argv[1:]:
        if skip:
            skip = False
            continue
        if arg in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if arg in ("-c", "-MD", "-MMD") or arg in (entry["file"], entry.get("batch")):
            continue
        if arg.startswith(GCC_ONLY_PREFIXES):
            continue
        out.append(arg)
    return out + CHECK_FLAGS


def include_dirs(argv):
    dirs, i = [], 0
    while i < len(argv):
        arg = argv[i]
        for flag in ("-I", "-isystem", "-iquote"):
            if arg == flag and i + 1 < len(argv):
                dirs.append(argv[i + 1])
                i += 1
                break
            if arg.startswith(flag) and arg != flag:
                dirs.append(arg[len(flag):])
                break
        i += 1
    return dirs


class Includes:
    """What each file includes: its quoted includes (followed to project files), and for the
    precompiled headers the system headers it includes outside any #if, and whether it defines
    a macro before its first include."""

    def __init__(self):
        self._scanned = {}

    def scan(self, path):
        """(quoted includes, unconditional system includes, defines before including)."""
        if path not in self._scanned:
            quoted, system, depth, defines_first, included = [], [], 0, False, False
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    for line in f:
                        m = DIRECTIVE.match(line)
                        if not m:
                            continue
                        word, rest = m.group(1), m.group(2).strip()
                        if word in ("if", "ifdef", "ifndef"):
                            depth += 1
                        elif word == "endif":
                            depth -= 1
                        elif word == "define" and not included:
                            defines_first = True
                        elif word == "include":
                            included = True
                            if rest.startswith('"'):
                                quoted.append(rest[1:].split('"', 1)[0])
                            elif rest.startswith("<") and depth == 0:
                                system.append(rest[1:].split(">", 1)[0])
            except OSError:
                pass
            self._scanned[path] = (quoted, system, defines_first)
        return self._scanned[path]

    def closure(self, source, dirs):
        """The project files `source` reaches, itself included, in the order found."""
        seen, order, stack = set(), [], [os.path.realpath(source)]
        while stack:
            path = stack.pop()
            if path in seen:
                continue
            seen.add(path)
            order.append(path)
            for target in reversed(self.scan(path)[0]):
                for d in [os.path.dirname(path)] + dirs:
                    candidate = os.path.join(d, target)
                    if os.path.isfile(candidate):
                        stack.append(os.path.realpath(candidate))
                        break
        return order


def annotated_files(source_dir):
    """Files under the scopes (sync/ itself aside) that include a header of sync/."""
    found = []
    for scope in SCOPES:
        for dirpath, dirnames, names in os.walk(os.path.join(source_dir, scope)):
            dirnames[:] = [d for d in dirnames if not d.startswith(("build", "."))]
            for name in names:
                if not name.endswith((".h", ".cc", ".inc")):
                    continue
                path = os.path.realpath(os.path.join(dirpath, name))
                if os.path.relpath(path, source_dir).startswith(SYNC_DIR):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    if SYNC_INCLUDE.search(f.read()):
                        found.append(path)
    return sorted(found)


def compile_one(argv, directory, source):
    """(exit status, stderr, CPU seconds) of compiling `source`."""
    with tempfile.TemporaryFile(mode="w+") as err:
        process = subprocess.Popen(argv + [source], cwd=directory, stdout=subprocess.DEVNULL,
                                   stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return process.returncode, err.read(), usage.ru_utime + usage.ru_stime


# The self-test's sources: (name, text, must the check reject it?). Each uses the annotations
# as the code does; a rejected one must be rejected for a thread-safety reason.
SELF_TEST_PRELUDE = """#include "sync/mutex.h"
namespace {
class Counter {
 public:
  int Get();
  void Set(int v);
 private:
  void BumpLocked() REQUIRES(mu_) { ++n_; }
  ddbemu::sync::Mutex mu_;
  int n_ GUARDED_BY(mu_) = 0;
};
class Shared {
 public:
  void Set(int v);
 private:
  ddbemu::sync::SharedMutex mu_;
  int v_ GUARDED_BY(mu_) = 0;
};
}  // namespace
"""
SELF_TEST_CASES = [
    ("read_without_lock", "int Counter::Get() { return n_; }", True),
    ("read_with_lock", "int Counter::Get() { ddbemu::sync::MutexLock l(mu_); return n_; }", False),
    ("requires_without_lock", "void Counter::Set(int) { BumpLocked(); }", True),
    ("requires_with_lock",
     "void Counter::Set(int) { ddbemu::sync::MutexLock l(mu_); BumpLocked(); }", False),
    ("write_under_shared_lock",
     "void Shared::Set(int v) { ddbemu::sync::ReaderMutexLock l(mu_); v_ = v; }", True),
    ("write_under_exclusive_lock",
     "void Shared::Set(int v) { ddbemu::sync::WriterMutexLock l(mu_); v_ = v; }", False),
]


def self_test(argv, directory):
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, body, bad in SELF_TEST_CASES:
            source = os.path.join(tmp, f"{name}.cc")
            with open(source, "w", encoding="utf-8") as f:
                f.write(SELF_TEST_PRELUDE + body + "\n")
            rc, stderr, _ = compile_one(argv, directory, source)
            rejected = rc != 0 and "[-Werror,-Wthread-safety" in stderr
            if bad and rejected:
                print(f"self-test ok: {name}: rejected")
            elif not bad and rc == 0:
                print(f"self-test ok: {name}: compiles")
            else:
                failures += 1
                expected = "a thread-safety error" if bad else "to compile"
                print(f"SELF-TEST FAILURE: {name}: expected {expected}; exit {rc}")
                print("  " + "\n  ".join(stderr.strip().splitlines()[:10]))
    return failures


def build_pchs(selected, includes, tmp, jobs):
    """{unit's relative path: its precompiled header} for the units that share their command
    with another. A group whose header does not build goes without (said, not failed)."""
    groups = {}
    for unit in selected:
        rel, argv, directory, source, closure = unit
        if includes.scan(source)[2]:
            continue  # configures a library before including it: the header could differ
        groups.setdefault((tuple(argv), directory), []).append(unit)
    jobs_ = []
    for i, ((argv, directory), units) in enumerate(sorted(groups.items())):
        if len(units) < 2:
            continue
        headers = []
        for unit in units:
            for path in unit[4]:
                for header in includes.scan(path)[1]:
                    if header not in headers:
                        headers.append(header)
        text = os.path.join(tmp, f"group{i}.h")
        with open(text, "w", encoding="utf-8") as f:
            f.write("".join(f"#include <{h}>\n" for h in headers))
        base = [a for a in argv if a not in CHECK_FLAGS]
        build = base + ["-Wno-everything", "-x", "c++-header", "-o", text + ".pch"]
        jobs_.append((units, text, build, directory))
    pchs, cpu = {}, 0.0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(compile_one, build, d, text): (units, text)
                   for units, text, build, d in jobs_}
        for future in concurrent.futures.as_completed(futures):
            units, text = futures[future]
            rc, stderr, seconds = future.result()
            cpu += seconds
            if rc != 0:
                print(f"note: no precompiled header for {len(units)} units like {units[0][0]} "
                      f"(it did not build: {stderr.strip().splitlines()[:1]})")
                continue
            for unit in units:
                pchs[unit[0]] = text + ".pch"
    return pchs, cpu


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("compile_commands")
    parser.add_argument("source_dir")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--clang", default="clang++")
    parser.add_argument("--only", help="check only the units whose path matches this regex")
    parser.add_argument("--no-pch", action="store_true", help="no precompiled system headers")
    args = parser.parse_args(argv[1:])

    clang = shutil.which(args.clang)
    if clang is None:
        print(f"FAIL: {args.clang} not found: the thread-safety check needs Clang "
              "(Debian: apt-get install clang); not run is not passed")
        return 1
    source_dir = os.path.realpath(args.source_dir)
    entries = compile_commands.load(args.compile_commands)

    includes = Includes()
    selected = []  # (relative path, argv, directory, source, closure)
    reached = set()
    for entry in entries:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        rel = os.path.relpath(source, source_dir)
        if not rel.startswith(SCOPES):
            continue
        argv_ = clang_argv(entry, clang)
        closure = includes.closure(source, include_dirs(argv_))
        if any(os.path.relpath(p, source_dir).startswith(SYNC_DIR) for p in closure):
            selected.append((rel, argv_, entry["directory"], source, closure))
            reached.update(closure)
    selected.sort(key=lambda unit: unit[0])
    if not selected:
        print("FAIL: no translation unit of compile_commands.json reaches emulator/src/sync/")
        return 1

    unchecked = []
    if args.only:
        selected = [s for s in selected if re.search(args.only, s[0])]
        print(f"--only {args.only}: {len(selected)} unit(s); the coverage rule is not applied")
        if not selected:
            return 1
    else:
        unchecked = [f for f in annotated_files(source_dir) if f not in reached]
    for f in unchecked:
        print(f"FAIL: {os.path.relpath(f, source_dir)} includes sync/ but no translation unit "
              "of compile_commands.json includes it: its code is not checked")

    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        pchs, cpu_pch = ({}, 0.0) if args.no_pch else build_pchs(selected, includes, tmp,
                                                                 args.jobs)

        def command(unit):
            pch = pchs.get(unit[0])
            return unit[1] + (["-include-pch", pch] if pch else [])

        # The self-test runs with a real unit's command (include paths, defines, standard, and
        # its precompiled header), so it proves the very command the units get.
        unit = next((s for s in selected if s[0].startswith("emulator/src/storage/")),
                    selected[0])
        print(f"self-test with the command of {unit[0]}")
        failures = self_test(command(unit), unit[2])
        if failures:
            print(f"FAIL: the self-test failed {failures} time(s): the check could not catch a "
                  "violation, so it proves nothing")
            return 1

        errors, cpu = 0, {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = {pool.submit(compile_one, command(u), u[2], u[3]): u[0] for u in selected}
            for future in concurrent.futures.as_completed(futures):
                rel = futures[future]
                rc, stderr, cpu[rel] = future.result()
                if rc != 0:
                    errors += 1
                    print(f"FAIL: {rel}\n{stderr.rstrip()}")
    elapsed = time.monotonic() - start
    slowest = sorted(cpu, key=cpu.get, reverse=True)[:3]
    print("slowest: " + ", ".join(f"{rel} {cpu[rel]:.1f} s" for rel in slowest))
    print(f"thread_safety: {len(selected)} translation units ({len(pchs)} with a precompiled "
          f"header of {len(set(pchs.values()))}) in {elapsed:.0f} s, {args.jobs} at a time, "
          f"{sum(cpu.values()) + cpu_pch:.0f} s of CPU; {errors} with errors; "
          f"{len(unchecked)} annotated file(s) unchecked")
    return 1 if errors or unchecked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
