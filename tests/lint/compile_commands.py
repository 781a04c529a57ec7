"""A build's compile_commands.json, one entry per source file, for the checks that read it.

In a unity build (DDBEMU_UNITY_BUILD) an entry compiles a batch, CMake's
.../Unity/unity_N_cxx.cxx, which holds one `#include "<source>"` per source file. The checks
look at source files (which layer a file is in, what it includes, how it is compiled), so a
batch stands for its sources here: one entry each, with the batch's command, and "batch" naming
the file the command compiles.
"""
import json
import os
import re

_UNITY_SOURCE = re.compile(r'^#include "([^"]+)"$', re.M)


def is_batch(path):
    return os.sep + "Unity" + os.sep in path and os.path.basename(path).startswith("unity_")


def load(path):
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    out = []
    for entry in entries:
        batch = os.path.join(entry["directory"], entry["file"])
        if not is_batch(batch):
            out.append(entry)
            continue
        with open(batch, encoding="utf-8") as f:
            sources = _UNITY_SOURCE.findall(f.read())
        out.extend(dict(entry, file=source, batch=entry["file"]) for source in sources)
    return out
