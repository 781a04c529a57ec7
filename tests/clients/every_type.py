"""The item of the round-trip tests: every attribute type, in DynamoDB's low-level JSON.

Numbers are written in canonical form (as the service returns them), so the item read back
must be identical; sets are compared without order (DynamoDB does not keep set order).
"""

import base64

BYTES = bytes(range(256))

ITEM = {
    "pk": {"S": "every-type"},
    "sk": {"N": "1"},
    "s": {"S": "héllo wörld ✓ \"quoted\" \\ tab\t"},
    "s_empty": {"S": ""},
    "n_38_digits": {"N": "12345678901234567890123456789012345678"},
    "n_negative_small": {"N": "-0.000000000000000000012345678901234567890123456789012345678"},
    "n_neg_exponent": {"N": "-0.00000015"},
    "b": {"B": base64.b64encode(BYTES).decode()},
    "bool_true": {"BOOL": True},
    "bool_false": {"BOOL": False},
    "null": {"NULL": True},
    "m": {"M": {"name": {"S": "x"}, "n": {"N": "-1.5"},
                "nested": {"M": {"l": {"L": [{"S": "deep"}, {"N": "2"}]}}}}},
    "l": {"L": [{"S": "a"}, {"N": "0.25"}, {"B": base64.b64encode(b"\x00\xff").decode()},
                {"NULL": True}, {"BOOL": False}, {"L": []}, {"M": {}},
                {"SS": ["in", "list"]}]},
    "ss": {"SS": ["b", "a", "c", "ü"]},
    "ns": {"NS": ["3", "-1", "2.5", "12345678901234567890123456789012345678"]},
    "bs": {"BS": [base64.b64encode(b).decode() for b in (b"\x01", b"\x02\x03", b"\x00")]},
}
KEY = {"pk": ITEM["pk"], "sk": ITEM["sk"]}


def canonical(value):
    """Sets sorted, so that two items compare equal whatever their sets' order."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ("SS", "NS", "BS") and isinstance(v, list):
                out[k] = sorted(v, key=lambda x: x if isinstance(x, str) else repr(x))
            else:
                out[k] = canonical(v)
        return out
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def to_boto3(value):
    """Low-level JSON (base64 binaries) to boto3's low-level shapes (bytes binaries)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "B" and isinstance(v, str):
                out[k] = base64.b64decode(v)
            elif k == "BS":
                out[k] = [base64.b64decode(x) for x in v]
            else:
                out[k] = to_boto3(v)
        return out
    if isinstance(value, list):
        return [to_boto3(v) for v in value]
    return value
