"""The AWS CLI v2 (Debian's /usr/bin/aws) against the server: query and scan, which the CLI
paginates by itself (it follows LastEvaluatedKey until there is none), on a table and a GSI,
parallel scans, --select COUNT, and the service's errors on stderr."""

import json

import pytest

from conftest import expected_message
from test_awscli import aws, aws_json


@pytest.fixture(scope="module")
def table(endpoint):
    name = "cli_reads"
    aws_json(endpoint, "create-table", "--table-name", name,
             "--attribute-definitions", "AttributeName=pk,AttributeType=S",
             "AttributeName=sk,AttributeType=N", "AttributeName=team,AttributeType=S",
             "--key-schema", "AttributeName=pk,KeyType=HASH", "AttributeName=sk,KeyType=RANGE",
             "--global-secondary-indexes",
             json.dumps([{"IndexName": "by_team",
                          "KeySchema": [{"AttributeName": "team", "KeyType": "HASH"}],
                          "Projection": {"ProjectionType": "KEYS_ONLY"}}]),
             "--billing-mode", "PAY_PER_REQUEST")
    for i in range(25):
        item = {"pk": {"S": "p"}, "sk": {"N": str(i)}, "v": {"S": "x" * i}}
        if i % 5 == 0:
            item["team"] = {"S": "blue"}
        aws(endpoint, "put-item", "--table-name", name, "--item", json.dumps(item))
    yield name
    aws(endpoint, "delete-table", "--table-name", name)


def test_query_pages_are_followed_to_the_end(endpoint, table):
    # --page-size makes the CLI ask for 4 items a call; it merges the pages.
    got = aws_json(endpoint, "query", "--table-name", table,
                   "--key-condition-expression", "pk = :p AND sk >= :s",
                   "--expression-attribute-values", '{":p":{"S":"p"},":s":{"N":"10"}}',
                   "--page-size", "4", "--no-scan-index-forward")
    assert [int(i["sk"]["N"]) for i in got["Items"]] == list(range(24, 9, -1))
    assert got["Count"] == 15 and got["ScannedCount"] == 15


def test_query_of_a_gsi_and_count(endpoint, table):
    got = aws_json(endpoint, "query", "--table-name", table, "--index-name", "by_team",
                   "--key-condition-expression", "team = :t",
                   "--expression-attribute-values", '{":t":{"S":"blue"}}')
    # Equal index keys: the service's order among them is its own (ddb-local: table-key order).
    assert sorted(int(i["sk"]["N"]) for i in got["Items"]) == [0, 5, 10, 15, 20]
    assert set(got["Items"][0]) == {"pk", "sk", "team"}
    counted = aws_json(endpoint, "query", "--table-name", table, "--select", "COUNT",
                       "--key-condition-expression", "pk = :p",
                       "--filter-expression", "size(v) > :n",
                       "--expression-attribute-values", '{":p":{"S":"p"},":n":{"N":"20"}}')
    assert (counted["Count"], counted["ScannedCount"]) == (4, 25)


def test_parallel_scan_segments_split_the_table(endpoint, table):
    seen = []
    for segment in range(4):
        got = aws_json(endpoint, "scan", "--table-name", table, "--total-segments", "4",
                       "--segment", str(segment), "--page-size", "3")
        seen += [int(i["sk"]["N"]) for i in got["Items"]]
    assert sorted(seen) == list(range(25))


def test_errors_are_reported_with_the_service_message(endpoint, table):
    proc = aws(endpoint, "query", "--table-name", table, "--index-name", "by_team",
               "--consistent-read", "--key-condition-expression", "team = :t",
               "--expression-attribute-values", '{":t":{"S":"blue"}}', check=False)
    assert proc.returncode == 254, proc.stderr
    assert "ValidationException" in proc.stderr
    assert expected_message("Consistent reads are not supported on global secondary indexes",
                            "Consistent read cannot be true when querying a GSI") in proc.stderr
    proc = aws(endpoint, "query", "--table-name", table, "--key-condition-expression",
               "pk = :p", "--filter-expression", "sk > :s",
               "--expression-attribute-values", '{":p":{"S":"p"},":s":{"N":"1"}}', check=False)
    assert proc.returncode == 254, proc.stderr
    assert ("Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: sk") in proc.stderr
