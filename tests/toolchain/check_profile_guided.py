#!/usr/bin/env python3
"""The profile-guided build is what it says (ctest toolchain.profile_guided; see
cmake/ddbemuProfileGuided.cmake and tools/dev's build()).

  check_profile_guided.py COMPILE_COMMANDS_JSON BINARY_DIR PROFILE_DIR

PROFILE_DIR is the tree's DDBEMU_PGO_USE (empty: a plain build). Checks, from the build's real
compile commands:
  - a plain build compiles nothing with a profile;
  - a profile-guided build compiles every file of the emulator's libraries but the value layer's
    (emulator/CMakeLists.txt says why), and nothing else, with that profile;
  - the profile covers the request path: the counter files GCC looks for (named by the object's
    path in the build tree) exist for the files every read and write passes through;
  - GCC finds them: one of those files, compiled with its real command but warning about a
    missing profile instead of silencing it, compiles without that warning. (A mistake in the
    naming would otherwise leave the build silently unguided.)
"""
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../lint"))
import compile_commands  # noqa: E402  (the entries of a unity build, per source file)

# Files every request of the HR mixes runs through, relative to emulator/src.
REQUEST_PATH = [
    "server/connection.cc",
    "server/http_head.cc",
    "database.cc",
    "api_json/plain_json_parse.cc",
    "ops/items/items.cc",
    "ops/reads/read_page.cc",
    "value_json/encoded_item_json.cc",
]
# Compiled for the last check: small, and on the request path.
PROBE = "api_json/plain_json_parse.cc"
# Compiled without the profile (emulator/CMakeLists.txt).
UNGUIDED_LAYER = "value/"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def counter_file(profile_dir, binary_dir, output):
    # -fprofile-prefix-path=BINARY_DIR: the object's path below the build tree, '/' as '#'.
    path = output if os.path.isabs(output) else os.path.join(binary_dir, output)
    relative = os.path.relpath(os.path.normpath(path), binary_dir)
    return os.path.join(profile_dir, relative.replace("/", "#")[: -len(".o")] + ".gcda")


def main():
    commands_path, binary_dir, profile_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    binary_dir = os.path.realpath(binary_dir)
    commands = compile_commands.load(commands_path)
    emulator_src = None
    guided, plain = {}, []
    for entry in commands:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        args = shlex.split(entry["command"]) if "command" in entry else entry["arguments"]
        uses = [a for a in args if a.startswith("-fprofile-use")]
        if "/emulator/src/" in source:
            emulator_src = source[: source.index("/emulator/src/") + len("/emulator/src/")]
            guided[source[len(emulator_src):]] = (entry, args, uses)
        elif uses:
            plain.append(source)
    if not guided:
        fail("no file of emulator/src in " + commands_path)

    if not profile_dir:
        with_profile = [s for s, (_, _, uses) in guided.items() if uses] + plain
        if with_profile:
            fail("a plain build compiles with a profile: " + ", ".join(with_profile[:5]))
        print("plain build: %d files of the emulator, none with a profile" % len(guided))
        return

    plain += [emulator_src + s for s, (_, _, uses) in guided.items()
              if s.startswith(UNGUIDED_LAYER) and uses]
    if plain:
        fail("files outside the guided libraries use the profile: " + ", ".join(plain[:5]))
    guided = {s: v for s, v in guided.items() if not s.startswith(UNGUIDED_LAYER)}
    expected = "-fprofile-use=" + profile_dir
    wrong = [s for s, (_, args, uses) in guided.items()
             if uses != [expected] or "-fprofile-partial-training" not in args]
    if wrong:
        fail("emulator files not compiled with %s -fprofile-partial-training: %s"
             % (expected, ", ".join(sorted(wrong)[:5])))

    missing = []
    for name in REQUEST_PATH:
        if name not in guided:
            fail("%s is not in the build (update REQUEST_PATH)" % name)
        entry, args, _ = guided[name]
        output = args[args.index("-o") + 1]
        object_path = os.path.join(entry["directory"], output)
        if not os.path.isfile(counter_file(profile_dir, binary_dir, object_path)):
            missing.append(name)
    if missing:
        fail("the profile in %s has no counts for %s" % (profile_dir, ", ".join(missing)))
    covered = sum(
        os.path.isfile(counter_file(profile_dir, binary_dir,
                                    os.path.join(e["directory"], a[a.index("-o") + 1])))
        for e, a, _ in guided.values())

    # The probe writes its object into a mirror of the build tree, so that the counter file it
    # looks for is named as in the build (GCC names it by the object's path).
    entry, args, _ = guided[PROBE]
    probe = args[1:] if os.path.basename(args[0]) == "ccache" else list(args)
    probe = [a for a in probe if a != "-Wno-missing-profile"] + ["-Wmissing-profile"]
    with tempfile.TemporaryDirectory() as mirror:
        for i, a in enumerate(probe):
            if a.startswith("-fprofile-prefix-path="):
                probe[i] = "-fprofile-prefix-path=" + mirror
            elif i > 0 and probe[i - 1] in ("-o", "-MF"):
                probe[i] = os.path.relpath(os.path.join(entry["directory"], a), binary_dir)
                os.makedirs(os.path.join(mirror, os.path.dirname(probe[i])), exist_ok=True)
        result = subprocess.run(probe, cwd=mirror, capture_output=True, text=True)
    if result.returncode != 0:
        fail("compiling %s failed:\n%s" % (PROBE, result.stderr[-2000:]))
    if "profile count data file not found" in result.stderr:
        fail("GCC does not find the profile of %s:\n%s" % (PROBE, result.stderr[-2000:]))
    print("profile-guided build: %d files of the emulator (the value layer aside) with %s; "
          "counts for %d of them, including every file of the request path; GCC reads %s's"
          % (len(guided), profile_dir, covered, PROBE))


if __name__ == "__main__":
    main()
