"""Protocol details as boto3 and raw HTTP see them (issue 13, point 4): gzip request bodies,
compressed replies and their CRC32, bodies that are not JSON objects, invalid UTF-8, the
Server header; and set members in set order (point 6). Issue 32, point 3: deflate request
bodies, the inflated size limit, repeated Accept-Encoding, the health check's host and
oversized request heads."""

import gzip
import http.client
import json
import os
import zlib

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV, TARGET

AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDCLIENTTEST/20250101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0")

ddb_local_only = pytest.mark.skipif(TARGET != "ddb-local", reason="AWS behaviour DynamoDB Local lacks")


@pytest.fixture(scope="module")
def client(endpoint):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=endpoint.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30))


@pytest.fixture(scope="module")
def table(client):
    name = "protocol_items"
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    yield name
    client.delete_table(TableName=name)


def raw(endpoint, operation, body, headers=None):
    """POSTs `body` (bytes) as `operation`; returns (status, headers, body bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", endpoint.port, timeout=10)
    h = {"Content-Type": "application/x-amz-json-1.0", "Authorization": AUTH,
         "X-Amz-Target": "DynamoDB_20120810." + operation}
    h.update(headers or {})
    conn.request("POST", "/", body=body, headers=h)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, data


def put_body(table, pk, extra="x"):
    return json.dumps({"TableName": table,
                       "Item": {"pk": {"S": pk}, "v": {"S": extra}}}).encode()


@ddb_local_only
def test_gzip_request_body_is_decoded(endpoint, client, table):
    status, _, _ = raw(endpoint, "PutItem", gzip.compress(put_body(table, "gz")),
                       {"Content-Encoding": "gzip"})
    assert status == 200
    assert client.get_item(TableName=table, Key={"pk": {"S": "gz"}})["Item"]["v"] == {"S": "x"}


@ddb_local_only
def test_broken_gzip_is_500_and_writes_nothing(endpoint, client, table):
    status, _, body = raw(endpoint, "PutItem", put_body(table, "bad"), {"Content-Encoding": "gzip"})
    assert status == 500
    assert json.loads(body)["message"]
    status, _, _ = raw(endpoint, "PutItem", put_body(table, "bad"), {"Content-Encoding": "br"})
    assert status == 500
    assert "Item" not in client.get_item(TableName=table, Key={"pk": {"S": "bad"}})


@ddb_local_only
def test_large_replies_are_gzipped_when_asked_with_the_crc_of_the_sent_bytes(endpoint, table):
    raw(endpoint, "PutItem", put_body(table, "big", "z" * 6000))
    get = json.dumps({"TableName": table, "Key": {"pk": {"S": "big"}}}).encode()
    status, headers, body = raw(endpoint, "GetItem", get, {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert int(headers["x-amz-crc32"]) == zlib.crc32(body)
    assert json.loads(gzip.decompress(body))["Item"]["v"]["S"] == "z" * 6000
    status, headers, body = raw(endpoint, "GetItem", get, {"Accept-Encoding": "deflate"})
    assert headers["content-encoding"] == "deflate"
    assert json.loads(zlib.decompress(body))["Item"]["pk"]["S"] == "big"
    # Small replies and replies nobody asked to compress are sent as they are.
    status, headers, body = raw(endpoint, "ListTables", b"{}", {"Accept-Encoding": "gzip"})
    assert "content-encoding" not in headers and json.loads(body)["TableNames"]
    status, headers, body = raw(endpoint, "GetItem", get)
    assert "content-encoding" not in headers
    assert int(headers["x-amz-crc32"]) == zlib.crc32(body)


@ddb_local_only
def test_every_reply_names_the_server_as_aws_does(endpoint):
    assert raw(endpoint, "ListTables", b"{}")[1]["server"] == "Server"
    conn = http.client.HTTPConnection("127.0.0.1", endpoint.port, timeout=10)
    conn.request("GET", "/")
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("Server") == "Server"
    # AWS names the host the request reached; a local endpoint names the request's Host.
    assert r.read() == f"healthy: 127.0.0.1:{endpoint.port}".encode()


@ddb_local_only
def test_deflate_request_body_is_decoded(endpoint, client, table):
    # HTTP's deflate (a zlib stream), and the raw deflate data some clients send for it.
    zlib_body = zlib.compress(put_body(table, "zl", "zlib"))
    assert raw(endpoint, "PutItem", zlib_body, {"Content-Encoding": "deflate"})[0] == 200
    raw_deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = raw_deflate.compress(put_body(table, "rd", "raw")) + raw_deflate.flush()
    assert raw(endpoint, "PutItem", body, {"Content-Encoding": "deflate"})[0] == 200
    assert client.get_item(TableName=table, Key={"pk": {"S": "zl"}})["Item"]["v"] == {"S": "zlib"}
    assert client.get_item(TableName=table, Key={"pk": {"S": "rd"}})["Item"]["v"] == {"S": "raw"}
    status, _, _ = raw(endpoint, "PutItem", b"not deflate", {"Content-Encoding": "deflate"})
    assert status == 500


@ddb_local_only
@pytest.mark.parametrize("coding", ["gzip", "deflate"])
def test_a_body_inflating_past_the_request_limit_is_413_and_writes_nothing(
        endpoint, client, table, coding):
    # 18 MB of JSON (over the 17 MB request limit) that compresses to a few KB.
    body = put_body(table, "bomb-" + coding, "b" * (18 << 20))
    packed = gzip.compress(body) if coding == "gzip" else zlib.compress(body)
    assert len(packed) < 1 << 20
    status, _, reply = raw(endpoint, "PutItem", packed, {"Content-Encoding": coding})
    assert status == 413
    assert json.loads(reply)["__type"].endswith("RequestEntityTooLargeException")
    assert "Item" not in client.get_item(TableName=table, Key={"pk": {"S": "bomb-" + coding}})


@ddb_local_only
def test_a_repeated_accept_encoding_is_read_by_its_last_field(endpoint, client, table):
    # AWS considers the last Accept-Encoding (ScyllaDB's test_compressed_response.py).
    client.put_item(TableName=table, Item={"pk": {"S": "ae"}, "v": {"S": "a" * 6000}})
    get = json.dumps({"TableName": table, "Key": {"pk": {"S": "ae"}}}).encode()

    def get_with(*values):
        conn = http.client.HTTPConnection("127.0.0.1", endpoint.port, timeout=10)
        conn.putrequest("POST", "/", skip_accept_encoding=True)
        for name, value in [("Content-Type", "application/x-amz-json-1.0"),
                            ("Authorization", AUTH),
                            ("X-Amz-Target", "DynamoDB_20120810.GetItem"),
                            ("Content-Length", str(len(get)))]:
            conn.putheader(name, value)
        for value in values:
            conn.putheader("Accept-Encoding", value)
        conn.endheaders(get)
        r = conn.getresponse()
        r.read()
        conn.close()
        return r.status, r.getheader("Content-Encoding")

    assert get_with("identity", "gzip") == (200, "gzip")
    assert get_with("gzip", "identity") == (200, None)
    assert get_with("gzip;q=0.5", "deflate ; q = 0.8") == (200, "deflate")
    assert get_with("gzip ;q=0") == (200, None)


@ddb_local_only
@pytest.mark.parametrize("where", ["request line", "headers"])
def test_an_oversized_request_head_is_400(endpoint, where):
    import socket
    pad = "p" * (80 * 1024)  # over the 64 KB head limit
    target = "/" + pad if where == "request line" else "/"
    extra = "" if where == "request line" else f"X-Pad: {pad}\r\n"
    head = (f"POST {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            f"application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
            f"Authorization: {AUTH}\r\n{extra}Content-Length: 2\r\n\r\n{{}}")
    with socket.create_connection(("127.0.0.1", endpoint.port), timeout=10) as sock:
        sock.sendall(head.encode())
        status_line = sock.makefile("rb").readline()
    assert status_line.startswith(b"HTTP/1.1 400 "), status_line


@ddb_local_only
@pytest.mark.parametrize("operation", ["ListTables", "DescribeTable", "GetItem", "PutItem"])
@pytest.mark.parametrize("body", [b"null", b"[]", b"1", b'"x"'])
def test_a_body_that_is_not_an_object_is_a_serialization_exception(endpoint, operation, body):
    status, _, reply = raw(endpoint, operation, body)
    assert status == 400
    assert json.loads(reply)["__type"] == "com.amazon.coral.service#SerializationException"


@ddb_local_only
@pytest.mark.parametrize("bad", [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\\udc00",
                                 b"\\ud800"])
def test_invalid_utf8_is_refused_and_never_stored(endpoint, client, table, bad):
    body = b'{"TableName":"' + table.encode() + b'","Item":{"pk":{"S":"u8"},"v":{"S":"a' + bad + \
        b'b"}}}'
    status, _, reply = raw(endpoint, "PutItem", body)
    assert status == 400
    assert json.loads(reply.decode("utf-8"))["__type"] == \
        "com.amazon.coral.service#SerializationException"
    assert "Item" not in client.get_item(TableName=table, Key={"pk": {"S": "u8"}})


def test_set_members_come_back_sorted(client, table):
    item = {"pk": {"S": "sets"},
            "ss": {"SS": ["pear", "Apple", "apple", "é", "banana"]},
            "ns": {"NS": ["10", "9", "-1.5", "100", "0"]},
            "bs": {"BS": [b"\xff", b"\x00\x01", b"\x00"]}}
    client.put_item(TableName=table, Item=item)
    got = client.get_item(TableName=table, Key={"pk": {"S": "sets"}}, ConsistentRead=True)["Item"]
    assert got["ss"]["SS"] == ["Apple", "apple", "banana", "pear", "é"]
    assert got["ns"]["NS"] == ["-1.5", "0", "9", "10", "100"]
    assert got["bs"]["BS"] == [b"\x00", b"\x00\x01", b"\xff"]
    # ADD keeps the order; so does DELETE.
    r = client.update_item(TableName=table, Key={"pk": {"S": "sets"}},
                           UpdateExpression="ADD ns :n, ss :s DELETE bs :b",
                           ExpressionAttributeValues={":n": {"NS": ["5", "-20"]},
                                                      ":s": {"SS": ["cherry"]},
                                                      ":b": {"BS": [b"\x00\x01"]}},
                           ReturnValues="ALL_NEW")["Attributes"]
    assert r["ns"]["NS"] == ["-20", "-1.5", "0", "5", "9", "10", "100"]
    assert r["ss"]["SS"] == ["Apple", "apple", "banana", "cherry", "pear", "é"]
    assert r["bs"]["BS"] == [b"\x00", b"\xff"]
