"""Differential tests: the same raw requests to Amazon DynamoDB Local and to ddb-local.

One test per case file in cases/; see difftool.py for the case format and the comparison.
"""

import http.client
import os

import pytest

import ddbservers
import difftool

CASES = difftool.load_cases()
KNOWN_IDS = difftool.accepted_ids()
SELF_MODE = os.environ.get("DIFF_TARGET", "ddb-local") == os.environ.get("DIFF_REFERENCE",
                                                                         "dynamodb-local")


def send(server, step):
    op = step["operation"]
    try:
        status, headers, body = ddbservers.raw_request(server.port, op, difftool.request_bytes(step),
                                                       headers=step.get("headers"))
    except (OSError, http.client.HTTPException) as e:
        return None, f"{server.name}: no answer ({type(e).__name__}: {e})"
    return difftool.Response(status, headers, body), None


def reset(server):
    ddbservers.delete_all_tables(server.port)


def test_cases_found():
    assert len(CASES) > 0, "no case files under tests/differential/cases"


def test_operation_acceptances_are_listed():
    for op, accepts in difftool.OPERATION_ACCEPTS.items():
        for acc in accepts:
            assert acc["id"] in KNOWN_IDS, f"{op}: acceptance {acc['id']!r} is not listed in " \
                                           f"ACCEPTED_DIFFERENCES.md"
            assert set(acc) <= difftool.ACCEPT_KEYS and set(acc["expect"]) <= difftool.EXPECT_KEYS


@pytest.mark.parametrize("case", CASES, ids=[c["file"][:-5] for c in CASES])
def test_case(case, endpoints):
    problems = difftool.validate_case(case, KNOWN_IDS)
    assert not problems, f"{case['file']} is malformed:\n  " + "\n  ".join(problems)
    ref_ep, tgt_ep = endpoints
    ref, tgt = ref_ep.ensure(), tgt_ep.ensure()
    for s in (ref, tgt):
        try:
            reset(s)
        except (OSError, http.client.HTTPException):
            pass
    failures = []
    try:
        for i, step in enumerate(case["steps"]):
            label = f"step {i + 1} {step['operation']}" + (f" ({step['name']})"
                                                          if step.get("name") else "")
            r, err = send(ref, step)
            if err:
                failures.append(f"{label}: reference {err}")
                break
            bad_case = difftool.check_reference(step, r)
            if bad_case:
                failures.append(f"{label}: the case's check failed on the reference (fix the "
                                f"case): " + "; ".join(bad_case) + f"\n    {r.describe()}")
            t, err = send(tgt, step)
            if err:
                dead = "" if tgt_ep.alive() else " — the target process died:\n" + \
                    tgt.log_tail()
                failures.append(f"{label}: target {err}{dead}")
                if not tgt_ep.alive():
                    break
                continue
            diffs = difftool.compare(step, r, t, apply_accept=not SELF_MODE)
            if SELF_MODE and any("expect" in a for a in step.get("accept", [])) and \
                    not difftool.compare(step, r, r, apply_accept=True):
                diffs.append("an acceptance expects what DynamoDB Local already answers: the "
                             "deviation is gone, remove the acceptance from this step")
            if diffs:
                failures.append(f"{label}:\n  " + "\n  ".join(diffs) +
                                f"\n  request:   {difftool.request_bytes(step)[:300]!r}"
                                f"\n  reference: {r.describe()}\n  target:    {t.describe()}")
    finally:
        for s, ep in ((ref, ref_ep), (tgt, tgt_ep)):
            if ep.alive():
                try:
                    reset(s)
                except (OSError, http.client.HTTPException):
                    pass
    assert not failures, (f"{case['file']}: {len(failures)} of {len(case['steps'])} steps "
                          f"differ\n\n" + "\n\n".join(failures))
