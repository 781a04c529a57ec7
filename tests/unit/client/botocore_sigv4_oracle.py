#!/usr/bin/env python3
"""botocore's SigV4 signer as an oracle for the C++ signer (sigv4_signer_test.cc).

Prints one JSON object per line: a random request (method, path, query, headers, body, region,
service, credentials, X-Amz-Date) and the Authorization header botocore computes for it.
Usage: botocore_sigv4_oracle.py SEED COUNT. Deterministic for a given seed and botocore.

The request is signed through SigV4Auth's own steps (canonical_request, string_to_sign,
signature) with a fixed timestamp, so the clock plays no part. Queries use unreserved
characters only: botocore signs a URL's query string as written, the C++ signer encodes it,
and both agree exactly on such strings.
"""
import json
import random
import sys

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

UNRESERVED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
VALUE_CHARS = UNRESERVED + " ;:,=/+\"'()!*@$"


def word(rng, alphabet, lo, hi):
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))


def case(rng):
    method = rng.choice(["POST", "GET", "PUT", "DELETE"])
    segments = [rng.choice([word(rng, UNRESERVED + " ", 1, 8), ".", "..", ""])
                for _ in range(rng.randint(0, 4))]
    path = "/" + "/".join(segments)
    if rng.random() < 0.3:
        path += "/"
    params = [f"{word(rng, UNRESERVED, 1, 6)}={word(rng, UNRESERVED, 0, 6)}"
              for _ in range(rng.randint(0, 3))]
    query = "&".join(params)
    region = rng.choice(["us-east-1", "eu-west-3", "ap-southeast-2", "local"])
    service = rng.choice(["dynamodb", "service"])
    amz_date = "%04d%02d%02dT%02d%02d%02dZ" % (rng.randint(2015, 2030), rng.randint(1, 12),
                                             rng.randint(1, 28), rng.randint(0, 23),
                                             rng.randint(0, 59), rng.randint(0, 59))
    headers = [["Host", rng.choice(["example.amazonaws.com", "127.0.0.1:8000",
                                    "dynamodb.us-east-1.amazonaws.com"])],
               ["X-Amz-Date", amz_date]]
    if service == "dynamodb":
        headers.append(["X-Amz-Target", "DynamoDB_20120810." + rng.choice(
            ["GetItem", "PutItem", "Query", "TransactWriteItems"])])
        headers.append(["Content-Type", "application/x-amz-json-1.0"])
    for _ in range(rng.randint(0, 4)):
        name = rng.choice(["My-Header", "x-custom", "X-Amz-Meta-A", "Zeta"]) + str(rng.randint(1, 3))
        value = rng.choice([" ", "", "  "]) + word(rng, VALUE_CHARS, 0, 12) + rng.choice(["", " "])
        headers.append([name, value])
    token = word(rng, UNRESERVED + "/+=", 20, 60) if rng.random() < 0.3 else ""
    if token:
        headers.append(["X-Amz-Security-Token", token])
    body = word(rng, VALUE_CHARS + "{}[]\"\n\u00e9\u1234", 0, 200)
    access_key = "AKID" + word(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 8, 16)
    secret = word(rng, UNRESERVED + "/+", 20, 40)

    url = "http://" + headers[0][1] + path + ("?" + query if query else "")
    request = AWSRequest(method=method, url=url, data=body.encode("utf-8"))
    for name, value in headers:
        request.headers[name] = value  # HTTPHeaders appends: repeated names keep every value
    request.context["timestamp"] = amz_date
    auth = SigV4Auth(Credentials(access_key, secret, token or None), service, region)
    canonical = auth.canonical_request(request)
    string_to_sign = auth.string_to_sign(request, canonical)
    signature = auth.signature(string_to_sign, request)
    signed = auth.signed_headers(auth.headers_to_sign(request))
    scope = f"{access_key}/{amz_date[:8]}/{region}/{service}/aws4_request"
    return {
        "method": method, "path": path, "query": query, "headers": headers, "body": body,
        "region": region, "service": service, "access_key_id": access_key,
        "secret_access_key": secret, "session_token": token, "amz_date": amz_date,
        "canonical_request": canonical,
        "authorization": (f"AWS4-HMAC-SHA256 Credential={scope}, SignedHeaders={signed}, "
                          f"Signature={signature}"),
    }


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for _ in range(count):
        print(json.dumps(case(rng), ensure_ascii=False))


if __name__ == "__main__":
    main()
