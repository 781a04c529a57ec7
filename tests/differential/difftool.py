"""The differential runner's logic: load cases, normalize responses, compare, explain.

A case file (cases/*.json) is one named sequence of steps run in order against two servers,
the reference (Amazon DynamoDB Local) and the target (ddb-local), each holding only the
tables that the case creates. A step:

  {
    "name":      "what the step shows",                        (optional)
    "operation": "PutItem",           X-Amz-Target DynamoDB_20120810.<operation>; null: no header
    "request":   {...},               JSON body; {"$repeat": ["x", 5]} expands to "xxxxx"
    "raw_body":  "{not json",         instead of request: the exact bytes to send
    "headers":   {"Content-Type": null},   header overrides (null removes a header)
    "check":     {"status": 400, "error": "ValidationException"},
                 asserted on the reference's answer, so a case cannot silently test nothing
    "ignore":    ["Item.when"],       extra paths dropped from both bodies (volatile data)
    "accept":    [{"id": "LOCAL-...", "ignore": [...], "expect": {...}, "evidence": "..."}]
  }

Compared: HTTP status; for errors the short error type (after '#') and the message; the
rest of the body after normalization (below). An `accept` entry applies a known deviation of
DynamoDB Local from AWS; its id must be a heading in ACCEPTED_DIFFERENCES.md. `ignore` paths
are dropped from both sides; `expect` replaces the reference's status / error / message /
body (any subset) with AWS's documented answer, which the target must then give; within
`expect`, "set": {path: value} changes single members of the expected body ("<timestamp>"
stands for any time stamp, "<uuid>" for any UUID), "unset": [path, ...] removes members that
AWS does not send (the target must not send them either), "message_regex" replaces the
message with a pattern the target's message must match in full (for texts that AWS itself
varies, e.g. the order of a Java set or an object dump), and "any_message": true leaves the
message uncompared; `evidence` names the source that shows AWS's answer. In self mode (the
target is DynamoDB Local too) acceptances are not applied, since both sides are the same
program; instead a step is flagged if its acceptance expects what Local already answers.

A few deviations show in every answer of an operation, whichever case sends it (every case
creates its tables with CreateTable): OPERATION_ACCEPTS lists them, and the runner applies
them to every step of that operation as if the step named them first in its `accept`.

Paths are dotted; `*` matches every key of a map or every element of a list.
"""

import copy
import difflib
import json
import os
import re
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
ACCEPTED_MD = os.path.join(HERE, "ACCEPTED_DIFFERENCES.md")

# --- loading -------------------------------------------------------------------------------

STEP_KEYS = {"name", "operation", "request", "raw_body", "headers", "check", "ignore", "accept",
             "comment"}
CASE_KEYS = {"name", "description", "steps"}
ACCEPT_KEYS = {"id", "ignore", "expect", "evidence"}
EXPECT_KEYS = {"status", "error", "message", "body", "set", "unset", "message_regex",
               "any_message"}


# Deviations of every answer of an operation (see the module docstring), applied by the runner.
OPERATION_ACCEPTS = {
    # AWS's answer to the CreateTable that makes a table on-demand has BillingModeSummary
    # {"BillingMode": "PAY_PER_REQUEST"} only; Local adds LastUpdateToPayPerRequestDateTime.
    "CreateTable": [{
        "id": "LOCAL-PPR-SUMMARY-TIME",
        "expect": {"unset": ["TableDescription.BillingModeSummary.LastUpdateToPayPerRequestDateTime"]},
        "evidence": "AWS CreateTable response in internal-aws-training/qinyun-week4-dynamoDB "
                    "result.md",
    }],
}


def step_accepts(step):
    """The acceptances that apply to a step: its operation's, then its own."""
    return OPERATION_ACCEPTS.get(step.get("operation"), []) + step.get("accept", [])


def accepted_ids():
    """Ids of the acceptances documented in ACCEPTED_DIFFERENCES.md ('## ID: title')."""
    ids = set()
    with open(ACCEPTED_MD) as f:
        for line in f:
            m = re.match(r"^##\s+([A-Z0-9][A-Z0-9-]+)\b", line)
            if m:
                ids.add(m.group(1))
    return ids


def load_cases():
    cases = []
    for fn in sorted(os.listdir(CASES_DIR)):
        if not fn.endswith(".json"):
            continue
        with open(os.path.join(CASES_DIR, fn)) as f:
            case = json.load(f)
        case.setdefault("name", fn[:-5])
        case["file"] = fn
        cases.append(case)
    return cases


def validate_case(case, known_ids):
    """Problems in the case file itself (unknown keys, unlisted acceptances), as strings."""
    problems = []
    for k in case:
        if k not in CASE_KEYS | {"file"}:
            problems.append(f"unknown case key {k!r}")
    for i, step in enumerate(case.get("steps", [])):
        where = f"step {i + 1}"
        for k in step:
            if k not in STEP_KEYS:
                problems.append(f"{where}: unknown step key {k!r}")
        if "operation" not in step:
            problems.append(f"{where}: no operation")
        if ("request" in step) == ("raw_body" in step):
            problems.append(f"{where}: needs exactly one of request / raw_body")
        for acc in step.get("accept", []):
            for k in acc:
                if k not in ACCEPT_KEYS:
                    problems.append(f"{where}: unknown acceptance key {k!r}")
            for k in acc.get("expect", {}):
                if k not in EXPECT_KEYS:
                    problems.append(f"{where}: unknown expect key {k!r}")
            if acc.get("id") not in known_ids:
                problems.append(f"{where}: acceptance {acc.get('id')!r} is not listed in "
                                f"ACCEPTED_DIFFERENCES.md")
    if not case.get("steps"):
        problems.append("no steps")
    return problems


def expand(value):
    """Expands {"$repeat": [s, n]} anywhere in a request."""
    if isinstance(value, dict):
        if set(value) == {"$repeat"}:
            s, n = value["$repeat"]
            return s * n
        return {k: expand(v) for k, v in value.items()}
    if isinstance(value, list):
        return [expand(v) for v in value]
    return value


def request_bytes(step):
    if "raw_body" in step:
        return step["raw_body"].encode()
    return json.dumps(expand(step["request"])).encode()


# --- normalization -------------------------------------------------------------------------

TIMESTAMP_KEYS = {"CreationDateTime", "LastUpdateToPayPerRequestDateTime", "LastUpdateDateTime",
                  "InaccessibleDateTime", "ArchivalDateTime", "RestoreDateTime",
                  "LastIncreaseDateTime", "LastDecreaseDateTime"}
# Never-changed throughput: AWS omits these, DynamoDB Local sends 0 ("never"); same meaning.
ZERO_MEANS_ABSENT = {"LastIncreaseDateTime", "LastDecreaseDateTime"}
ARN_KEYS = {"TableArn", "IndexArn", "LatestStreamArn", "StreamArn", "ReplicaArn"}
ARN_RE = re.compile(r"^arn:aws:dynamodb:[^:]*:[^:]*:(.*)$")
UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
STREAM_LABEL_RE = re.compile(r"/stream/[^/]+$")
# Lists whose order the service does not define, sorted by this member before comparing.
UNORDERED_BY = {"AttributeDefinitions": "AttributeName", "GlobalSecondaryIndexes": "IndexName",
                "LocalSecondaryIndexes": "IndexName", "Replicas": "RegionName"}
# Set members are compared in order: DynamoDB Local returns SS and BS sorted by bytes and NS
# by value, and so does ddb-local (value/value_rules.h), so the order is part of the answer.


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def normalize(value, key=None):
    """Masks volatile fields and orders unordered collections (recursively, returns a copy)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ZERO_MEANS_ABSENT and _is_number(v) and v == 0:
                continue
            if k in TIMESTAMP_KEYS and _is_number(v):
                out[k] = "<timestamp>"
            elif k in ARN_KEYS and isinstance(v, str) and ARN_RE.match(v):
                rest = STREAM_LABEL_RE.sub("/stream/<label>", ARN_RE.match(v).group(1))
                out[k] = f"arn:aws:dynamodb:<region>:<account>:{rest}"
            elif k == "TableId" and isinstance(v, str) and UUID_RE.match(v):
                out[k] = "<uuid>"
            elif k == "LatestStreamLabel" and isinstance(v, str):
                out[k] = "<label>"
            else:
                out[k] = normalize(v, k)
        return out
    if isinstance(value, list):
        items = [normalize(v) for v in value]
        by = UNORDERED_BY.get(key)
        if by and all(isinstance(x, dict) for x in items):
            items.sort(key=lambda x: json.dumps(x.get(by)))
        return items
    return value


def drop_path(value, path):
    """Removes the members at a dotted path ('*' = any key / element) in place."""
    parts = path.split(".")

    def walk(node, i):
        if i == len(parts) - 1:
            if isinstance(node, dict):
                if parts[i] == "*":
                    node.clear()
                else:
                    node.pop(parts[i], None)
            return
        children = []
        if isinstance(node, dict):
            children = list(node.values()) if parts[i] == "*" else (
                [node[parts[i]]] if parts[i] in node else [])
        elif isinstance(node, list):
            if parts[i] == "*":
                children = node
            elif parts[i].isdigit() and int(parts[i]) < len(node):
                children = [node[int(parts[i])]]
        for c in children:
            walk(c, i + 1)

    walk(value, 0)


def set_path(value, path, new):
    """Sets the member at a dotted path (creating maps on the way)."""
    parts = path.split(".")
    node = value
    for p in parts[:-1]:
        node = node.setdefault(p, {}) if isinstance(node, dict) else node[int(p)]
    node[parts[-1]] = new


# --- comparison ----------------------------------------------------------------------------

class Response:
    """One server's answer, split into the parts that are compared."""

    def __init__(self, status, headers, body_bytes):
        self.status = status
        self.headers = headers
        self.raw = body_bytes
        self.json_error = None
        try:
            self.body = json.loads(body_bytes.decode("utf-8")) if body_bytes else None
        except (UnicodeDecodeError, ValueError) as e:
            self.body = None
            self.json_error = str(e)
        self.error = None        # short type after '#'
        self.error_full = None
        self.message = None
        self.rest = self.body
        if isinstance(self.body, dict) and "__type" in self.body:
            self.error_full = self.body["__type"]
            self.error = str(self.error_full).rsplit("#", 1)[-1]
            self.rest = {k: v for k, v in self.body.items()
                         if k not in ("__type", "message", "Message")}
            for k in ("message", "Message"):
                if k in self.body:
                    self.message = self.body[k]

    def describe(self):
        text = self.raw.decode("utf-8", "replace")
        if len(text) > 600:
            text = text[:600] + f"... ({len(self.raw)} bytes)"
        return f"HTTP {self.status} {text}"


def _pretty(v):
    return json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False).splitlines()


def compare(step, ref, tgt, apply_accept=True):
    """Differences between the reference's and the target's answers, as readable strings."""
    exp_status, exp_error, exp_message = ref.status, ref.error, ref.message
    exp_message_regex = None
    exp_rest = normalize(ref.rest)
    got_rest = normalize(tgt.rest)
    ignores = list(step.get("ignore", []))
    if apply_accept:
        for acc in step_accepts(step):
            ignores += acc.get("ignore", [])
            e = acc.get("expect", {})
            if "status" in e:
                exp_status = e["status"]
            if "error" in e:
                exp_error = e["error"]
            if "message" in e:
                exp_message = e["message"]
            if "body" in e:
                exp_rest = normalize(copy.deepcopy(e["body"]))
            for path, v in e.get("set", {}).items():
                set_path(exp_rest, path, normalize(v))
            for path in e.get("unset", []):
                drop_path(exp_rest, path)
            if "message_regex" in e:
                exp_message_regex = e["message_regex"]
            if e.get("any_message"):
                exp_message = tgt.message
    for p in ignores:
        drop_path(exp_rest, p)
        drop_path(got_rest, p)

    diffs = []
    if tgt.json_error is not None and tgt.raw:
        diffs.append(f"target body is not JSON ({tgt.json_error}): {tgt.describe()}")
        return diffs
    if exp_status != tgt.status:
        diffs.append(f"HTTP status: expected {exp_status}, got {tgt.status}")
    if exp_error != tgt.error:
        diffs.append(f"error type: expected {exp_error!r}, got {tgt.error!r}")
    if exp_message_regex is not None:
        if not isinstance(tgt.message, str) or not re.fullmatch(exp_message_regex, tgt.message):
            diffs.append(f"error message:\n    expected to match: {exp_message_regex!r}\n"
                         f"    got:      {tgt.message!r}")
    elif exp_message != tgt.message:
        diffs.append(f"error message:\n    expected: {exp_message!r}\n    got:      {tgt.message!r}")
    if exp_rest != got_rest:
        d = difflib.unified_diff(_pretty(exp_rest), _pretty(got_rest), "expected (reference)",
                                 "got (target)", lineterm="", n=2)
        diffs.append("body (normalized):\n    " + "\n    ".join(d))
    # Headers every SDK relies on.
    if "x-amzn-requestid" not in tgt.headers:
        diffs.append("header x-amzn-RequestId missing")
    ct_ref = ref.headers.get("content-type")
    if tgt.raw and ct_ref and tgt.headers.get("content-type") != ct_ref:
        diffs.append(f"Content-Type: expected {ct_ref!r}, got {tgt.headers.get('content-type')!r}")
    crc = tgt.headers.get("x-amz-crc32")
    if crc is not None and crc != str(zlib.crc32(tgt.raw) & 0xFFFFFFFF):
        diffs.append(f"x-amz-crc32 {crc} does not match the body "
                     f"({zlib.crc32(tgt.raw) & 0xFFFFFFFF})")
    return diffs


def check_reference(step, ref):
    """The step's `check`: what the reference must answer for the step to test anything."""
    c = step.get("check")
    if not c:
        return []
    problems = []
    if "status" in c and c["status"] != ref.status:
        problems.append(f"reference answered HTTP {ref.status}, the case expects {c['status']}")
    if "error" in c and c["error"] != ref.error:
        problems.append(f"reference error {ref.error!r}, the case expects {c['error']!r}")
    if "message" in c and c["message"] != ref.message:
        problems.append(f"reference message {ref.message!r}, the case expects {c['message']!r}")
    return problems
