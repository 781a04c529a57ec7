#!/usr/bin/env python3
"""The compiler's half of the layering (ctest layering.compile_guard): a layer's files compile
with the include roots of that layer and of the layers it links, never all of emulator/src
(emulator/CMakeLists.txt, ddbemu_layer), so an include of a layer above or beside it is a
compile error, not only a finding of check_layers.py.

  compile_guard.py COMPILE_COMMANDS_JSON EMULATOR_DIR

Takes the real compile command of one file of a layer from the build's compile_commands.json
and compiles small sources with it (syntax only):
  - each GOOD source (the layer including its own headers and the layers below) must compile;
  - each BAD source (the layer including a header of api_json, server, value_json, or a sibling
    layer) must fail, and fail because that header is not found — any other error would prove
    nothing about the include path.
The headers named are the first of each folder, so the test follows the tree as it changes.
"""
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../lint"))
import compile_commands  # noqa: E402  (the entries of a unity build, per source file)

# (layer, the folder its headers are included from, must the include compile?)
CASES = [
    ("ops", "ops", True),
    ("ops", "api", True),
    ("ops", "storage", True),
    ("ops", "capacity", True),
    ("ops", "value", True),
    ("ops", "api_json", False),
    ("ops", "server", False),
    ("ops", "value_json", False),
    ("ops", "audit", False),
    ("capacity", "storage", False),  # a sibling below ops: not linked, not visible
    ("value", "value_json", False),
    ("value", "sync", True),   # the annotated mutexes: beneath every layer
    ("sigv4", "sync", True),
    ("sigv4", "value", False),
    ("value_json", "value", True),
    ("api_json", "value_json", True),
    ("api_json", "ops", True),
    ("api_json", "server", False),
]


def first_header(emulator, folder):
    names = sorted(n for n in os.listdir(os.path.join(emulator, "src", folder))
                   if n.endswith(".h"))
    return f"{folder}/{names[0]}"


def layer_command(entries, emulator, layer):
    """The compile command (argv, directory) of one file of `layer`, for a new source."""
    prefix = os.path.join(emulator, "src", layer) + os.sep
    for e in entries:
        if e["file"].startswith(prefix) and f"ddbemu_{layer}.dir" in e.get("command", ""):
            argv = shlex.split(e["command"])
            out, skip = [], False
            for arg in argv:
                if skip:
                    skip = False
                    continue
                if arg in ("-o", "-MF", "-MT", "-MQ"):
                    skip = True
                    continue
                if arg in ("-c", "-MD", "-MMD") or arg in (e["file"], e.get("batch")):
                    continue
                out.append(arg)
            return out, e["directory"]
    return None, None


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    entries = compile_commands.load(argv[1])
    emulator = os.path.realpath(argv[2])
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (layer, folder, good) in enumerate(CASES):
            command, directory = layer_command(entries, emulator, layer)
            if command is None:
                print(f"FAIL: no compile command for a file of layer '{layer}'")
                failures += 1
                continue
            header = first_header(emulator, folder)
            source = os.path.join(tmp, f"guard{i}.cc")
            with open(source, "w", encoding="utf-8") as f:
                f.write(f'#include "{header}"\n')
            run = subprocess.run(command + ["-fsyntax-only", source], cwd=directory,
                                 capture_output=True, text=True)
            not_found = f"{header}: No such file or directory" in run.stderr
            what = f"{layer} includes {header}"
            if good and run.returncode == 0:
                print(f"ok: {what}: compiles")
            elif not good and run.returncode != 0 and not_found:
                print(f"ok: {what}: refused by the compiler (header not found)")
            else:
                failures += 1
                expected = "compile" if good else "fail with the header not found"
                print(f"FAIL: {what}: expected to {expected}; exit {run.returncode}")
                print("  " + "\n  ".join(run.stderr.strip().splitlines()[:8]))
    print(f"compile_guard: {len(CASES)} cases, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
