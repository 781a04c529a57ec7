#!/usr/bin/env python3
"""The layering check (ctest layering.check): every #include under emulator/src obeys the one-way
layers of docs/architecture.md, and JSON / Beast stay out of the layers below api_json.

  check_layers.py EMULATOR_DIR   check emulator/src and emulator/include; exit 1 on a violation
  check_layers.py --self-test    run the check on fake trees that must pass or fail

A violation is printed as the offending include line (file:line: text) with the rule it breaks:
  - a layer includes a header of a layer it may not use (ALLOWED below: a layer sees only the
    layers under it, never one above);
  - a file of value, storage, expr, capacity, api, ops, partiql or embedded reaches
    <rapidjson/...> or <boost/beast...>, directly or through a project header it includes
    (EXCEPTIONS aside);
  - a public header (emulator/include) reaches <rapidjson/...>.
"""
import os
import re
import sys
import tempfile

# Layer -> the layers its files may include (its own always). "ddbemu" is the public headers
# (emulator/include/ddbemu) and "sync" the annotated mutexes (src/sync, header only), which
# every layer may use. "root" is src/*.cc|h (Database).
BASE = {"ddbemu", "sync"}
ALLOWED = {
    "sync": set(),
    "value": set(),
    "value_json": {"value"},
    "storage": {"value"},
    "expr": {"value"},
    "capacity": {"value"},
    "api": {"value", "expr", "storage"},  # the model names storage's TableSchema
    "partiql": {"value", "expr"},
    "ops": {"value", "storage", "expr", "capacity", "api", "partiql"},
    "api_json": {"value", "value_json", "storage", "expr", "capacity", "api", "partiql", "ops"},
    "audit": {"value", "value_json", "storage", "expr", "capacity", "api", "partiql", "ops"},
    "root": {"value", "value_json", "storage", "expr", "capacity", "api", "partiql", "ops",
             "api_json", "audit"},
    # The in-process client: typed requests straight to ops, through Database's run step, with
    # no JSON codec (docs/architecture.md).
    "embedded": {"value", "storage", "expr", "capacity", "api", "partiql", "ops", "audit",
                 "root"},
    "sigv4": set(),
    # One tree: the typed codec (http_client/), its transport (http_client/transport/), and
    # remote/ joining them; the transport reads errors with the codec's reader.
    "http_client": {"value", "value_json"},
    "http_client/transport": {"value", "sigv4", "http_client"},
    "http_client/remote": {"value", "value_json", "http_client", "http_client/transport"},
    "server": {"value", "value_json", "storage", "expr", "capacity", "api", "partiql", "ops",
               "api_json", "audit", "root", "sigv4", "http_client", "http_client/transport"},
}
NO_JSON = {"sync", "value", "storage", "expr", "capacity", "api", "ops", "partiql", "embedded"}
FORBIDDEN_SYSTEM = re.compile(r"^(rapidjson/|boost/beast)")

# Files below api_json that may use RapidJSON themselves, and why; including them from another
# file of those layers would still be a violation. Empty since the value layer's JSON codec became
# its own layer (value_json) above them: keep it so.
EXCEPTIONS = {}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(rel):
    """rel: path under emulator/src ("ops/items/items.cc") -> its layer name; src/*.cc|h are
    "root": Database, the run step and the operation table."""
    parts = rel.split("/")
    if len(parts) == 1:
        return "root"
    if parts[0] == "http_client" and len(parts) > 2:
        return "http_client/" + parts[1]  # transport/, remote/
    return parts[0]


def read_includes(path):
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                out.append((number, m.group(1), m.group(2), line.rstrip("\n")))
    return out


def collect(root):
    """{key: (path, includes)} for emulator/src (key "src/...") and emulator/include ("include/...")."""
    files = {}
    for top in ("src", "include"):
        base = os.path.join(root, top)
        for dirpath, _, names in os.walk(base):
            for name in names:
                if name.endswith((".h", ".cc", ".inc")):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, base).replace(os.sep, "/")
                    files[top + "/" + rel] = (path, read_includes(path))
    return files


def resolve(files, target):
    """The project file an #include "target" names, or None (a system or third-party header)."""
    for top in ("src/", "include/"):
        if top + target in files:
            return top + target
    return None


def reaches_forbidden(files, key, memo, stack=()):
    """The chain of includes from `key` to a forbidden system header, or None."""
    if key in memo:
        return memo[key]
    memo[key] = None  # cycles: assume clean while visiting
    for _, kind, target, _ in files[key][1]:
        if FORBIDDEN_SYSTEM.match(target):
            memo[key] = [target]
            return memo[key]
        inner = resolve(files, target) if kind == '"' else None
        if inner:
            chain = reaches_forbidden(files, inner, memo)
            if chain:
                memo[key] = [target] + chain
                return memo[key]
    return memo[key]


def check(root):
    files = collect(root)
    problems = []
    memo = {}
    for key in sorted(files):
        path, includes = files[key]
        top, rel = key.split("/", 1)
        if top == "include":
            for number, kind, target, text in includes:
                chain = [target] if FORBIDDEN_SYSTEM.match(target) else None
                inner = resolve(files, target) if kind == '"' else None
                if inner:
                    sub = reaches_forbidden(files, inner, memo)
                    chain = [target] + sub if sub else None
                if chain and chain[-1].startswith("rapidjson/"):
                    problems.append(f"{path}:{number}: {text}\n    public header reaches "
                                    f"RapidJSON: {' -> '.join(chain)}")
            continue
        layer = layer_of(rel)
        allowed = ALLOWED.get(layer)
        for number, kind, target, text in includes:
            inner = resolve(files, target) if kind == '"' else None
            if inner and inner.startswith("src/") and allowed is not None:
                to = layer_of(inner[len("src/"):])
                if to != layer and to not in allowed and to not in BASE:
                    problems.append(f"{path}:{number}: {text}\n    layer '{layer}' may not "
                                    f"include layer '{to}' (docs/architecture.md)")
            if layer in NO_JSON and rel not in EXCEPTIONS:
                chain = [target] if FORBIDDEN_SYSTEM.match(target) else None
                if inner and not chain:
                    sub = reaches_forbidden(files, inner, memo)
                    chain = [target] + sub if sub else None
                if chain:
                    problems.append(f"{path}:{number}: {text}\n    layer '{layer}' may not use "
                                    f"RapidJSON or Beast: {' -> '.join(chain)}")
    return len(files), problems


def report(root):
    count, problems = check(root)
    for p in problems:
        print(p)
    print(f"check_layers: {count} files, {len(problems)} violation(s)")
    return 1 if problems else 0


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def self_test():
    """A clean fake tree passes; each bad include alone makes the check fail and is named."""
    clean = {
        "include/ddbemu/client.h": '#include <string>\n',
        "src/value_json/json_codec.h": '#include <rapidjson/document.h>\n#include "value/item.h"\n',
        "src/api/item_requests.h": '#include "ddbemu/client.h"\n#include "value/item.h"\n',
        "src/value/item.h": '#include <map>\n',
        "src/ops/items.cc": '#include "api/item_requests.h"\n',
        "src/api_json/item_codec.cc": '#include "ops/items.h"\n#include <rapidjson/writer.h>\n',
        "src/ops/items.h": '#include "api/item_requests.h"\n',
        "src/sync/mutex.h": '#include <mutex>\n',
        "src/sigv4/core.h": '#include "sync/mutex.h"\n',
        "src/storage/env.h": '#include "sync/mutex.h"\n',
    }
    bad = {
        "ops includes api_json": ("src/ops/bad.cc", '#include "api_json/item_codec.h"\n'),
        "embedded includes api_json": ("src/embedded/bad.cc",
                                       '#include "api_json/item_codec.h"\n'),
        "embedded includes rapidjson": ("src/embedded/bad2.cc",
                                        '#include <rapidjson/document.h>\n'),
        # The HTTP client's codec stays below its transport (one tree, no include cycle).
        "the http codec includes its transport": ("src/http_client/bad.cc",
                                                  '#include "http_client/transport/pool.h"\n',
                                                  {"src/http_client/transport/pool.h":
                                                   '#pragma once\n'}),
        "api includes ops": ("src/api/bad.h", '#include "ops/items.h"\n'),
        "value includes api": ("src/value/bad.cc", '#include "api/item_requests.h"\n'),
        "sync includes value": ("src/sync/bad.h", '#include "value/item.h"\n'),
        "sync includes rapidjson": ("src/sync/bad2.h", '#include <rapidjson/document.h>\n'),
        "api includes rapidjson": ("src/api/bad.cc", '#include <rapidjson/document.h>\n'),
        # Two files: a header of ops that reaches RapidJSON, and a source that includes it.
        "ops reaches rapidjson through a header": ("src/ops/bad2.cc",
                                                   '#include "ops/json_helper.h"\n',
                                                   {"src/ops/json_helper.h":
                                                    '#include "value_json/json_codec.h"\n'}),
        "ops includes value_json": ("src/ops/bad3.cc", '#include "value_json/json_codec.h"\n'),
        "capacity includes value_json": ("src/capacity/bad.cc",
                                         '#include "value_json/json_codec.h"\n'),
        "value_json includes ops": ("src/value_json/bad.cc", '#include "ops/items.h"\n'),
        "value reaches rapidjson": ("src/value/bad.h", '#include <rapidjson/writer.h>\n'),
        # The JSON writers (value_json/json_text.h among them) sit above the value layer.
        "value includes value_json": ("src/value/bad2.cc",
                                      '#include "value_json/json_codec.h"\n'),
        "partiql includes beast": ("src/partiql/bad.cc", '#include <boost/beast/http.hpp>\n'),
        "public header includes rapidjson": ("include/ddbemu/bad.h",
                                             '#include <rapidjson/document.h>\n'),
    }
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "clean")
        for rel, text in clean.items():
            write(base, rel, text)
        write(base, "src/api_json/item_codec.h", "#pragma once\n")
        _, problems = check(base)
        if problems:
            failures.append("the clean tree fails: " + "; ".join(problems))
        for i, (name, (rel, text, *extra)) in enumerate(bad.items()):
            root = os.path.join(tmp, f"bad{i}")
            for r, t in clean.items():
                write(root, r, t)
            write(root, "src/api_json/item_codec.h", "#pragma once\n")
            for r, t in (extra[0] if extra else {}).items():
                write(root, r, t)
            write(root, rel, text)
            _, problems = check(root)
            named = [p for p in problems if rel in p and text.strip() in p]
            if not named:
                failures.append(f"not caught: {name} ({rel}: {text.strip()})")
            else:
                print(f"caught: {name}:\n  " + named[0].replace("\n", "\n  "))
    for f in failures:
        print("SELF-TEST FAILURE: " + f)
    print(f"check_layers self-test: {len(bad)} bad trees, {len(failures)} failure(s)")
    return 1 if failures else 0


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2:
        print(__doc__)
        return 2
    return report(argv[1])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
