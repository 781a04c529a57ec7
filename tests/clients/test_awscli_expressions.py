"""The AWS CLI v2 (Debian's /usr/bin/aws) against the server: update-item with
--update-expression / --condition-expression / --return-values, conditional put-item and
delete-item, get-item --projection-expression, and the service's expression errors as the CLI
prints them on stderr (exit status 254)."""

import json

import pytest

from conftest import TARGET, expected_message
from test_awscli import aws, aws_json

ON_LOCAL = TARGET == "dynamodb-local"


@pytest.fixture(scope="module")
def table(endpoint):
    name = "cli_expressions"
    aws_json(endpoint, "create-table", "--table-name", name,
             "--attribute-definitions", "AttributeName=pk,AttributeType=S",
             "--key-schema", "AttributeName=pk,KeyType=HASH",
             "--billing-mode", "PAY_PER_REQUEST")
    yield name
    aws(endpoint, "delete-table", "--table-name", name)


def key(pk):
    return json.dumps({"pk": {"S": pk}})


def cli_error(proc, operation, code, message):
    """The CLI's one-line rendering of a service error."""
    assert proc.returncode == 254, proc.stderr
    assert proc.stderr.strip() == (f"An error occurred ({code}) when calling the {operation} "
                                   f"operation: {message}"), proc.stderr


def test_update_item_set_add_remove_with_return_values(endpoint, table):
    created = aws_json(endpoint, "update-item", "--table-name", table, "--key", key("u1"),
                       "--update-expression",
                       "SET n = :ten, l = :l, #s = :s ADD tags :tags",
                       "--expression-attribute-names", '{"#s": "status"}',
                       "--expression-attribute-values",
                       json.dumps({":ten": {"N": "10"}, ":l": {"L": [{"S": "a"}, {"S": "b"}]},
                                   ":s": {"S": "new"}, ":tags": {"SS": ["x"]}}),
                       "--return-values", "ALL_NEW")
    assert created["Attributes"] == {"pk": {"S": "u1"}, "n": {"N": "10"},
                                     "l": {"L": [{"S": "a"}, {"S": "b"}]},
                                     "status": {"S": "new"}, "tags": {"SS": ["x"]}}
    updated = aws_json(endpoint, "update-item", "--table-name", table, "--key", key("u1"),
                       "--update-expression",
                       "SET n = n + :d, l = list_append(l, :more) REMOVE #s DELETE tags :tags",
                       "--expression-attribute-names", '{"#s": "status"}',
                       "--expression-attribute-values",
                       json.dumps({":d": {"N": "-0.5"}, ":more": {"L": [{"S": "c"}]},
                                   ":tags": {"SS": ["x"]}}),
                       "--return-values", "UPDATED_OLD")
    assert updated["Attributes"] == {"n": {"N": "10"}, "l": {"L": [{"S": "a"}, {"S": "b"}]},
                                     "status": {"S": "new"}, "tags": {"SS": ["x"]}}
    got = aws_json(endpoint, "get-item", "--table-name", table, "--key", key("u1"),
                   "--consistent-read")
    # The emptied set is gone, REMOVE took status away.
    assert got["Item"] == {"pk": {"S": "u1"}, "n": {"N": "9.5"},
                           "l": {"L": [{"S": "a"}, {"S": "b"}, {"S": "c"}]}}


def test_update_item_of_a_nested_path_returns_only_that_part(endpoint, table):
    aws(endpoint, "put-item", "--table-name", table, "--item", json.dumps(
        {"pk": {"S": "u2"}, "a": {"M": {"b": {"S": "dog"}, "c": {"L": [{"N": "1"}, {"N": "2"}]}}}}))
    out = aws_json(endpoint, "update-item", "--table-name", table, "--key", key("u2"),
                   "--update-expression", "SET a.c[1] = :v",
                   "--expression-attribute-values", '{":v": {"N": "7"}}',
                   "--return-values", "UPDATED_NEW")
    if ON_LOCAL:  # LOCAL-UPDATED-WHOLE-ATTRIBUTES
        assert out["Attributes"] == {"a": {"M": {"b": {"S": "dog"}, "c": {"L": [
            {"N": "1"}, {"N": "7"}]}}}}
    else:
        assert out["Attributes"] == {"a": {"M": {"c": {"L": [{"N": "7"}]}}}}


def test_conditional_writes(endpoint, table):
    item = json.dumps({"pk": {"S": "c1"}, "v": {"N": "1"}})
    aws(endpoint, "put-item", "--table-name", table, "--item", item,
        "--condition-expression", "attribute_not_exists(pk)")
    proc = aws(endpoint, "put-item", "--table-name", table, "--item", item,
               "--condition-expression", "attribute_not_exists(pk)", check=False)
    cli_error(proc, "PutItem", "ConditionalCheckFailedException", "The conditional request failed")
    proc = aws(endpoint, "update-item", "--table-name", table, "--key", key("c1"),
               "--update-expression", "SET v = v + :one",
               "--condition-expression", "v = :expected",
               "--expression-attribute-values", '{":one": {"N": "1"}, ":expected": {"N": "5"}}',
               check=False)
    cli_error(proc, "UpdateItem", "ConditionalCheckFailedException",
              "The conditional request failed")
    out = aws_json(endpoint, "update-item", "--table-name", table, "--key", key("c1"),
                   "--update-expression", "SET v = v + :one",
                   "--condition-expression", "v = :expected AND attribute_type(v, :n)",
                   "--expression-attribute-values",
                   '{":one": {"N": "1"}, ":expected": {"N": "1"}, ":n": {"S": "N"}}',
                   "--return-values", "UPDATED_NEW")
    assert out["Attributes"] == {"v": {"N": "2"}}
    old = aws_json(endpoint, "delete-item", "--table-name", table, "--key", key("c1"),
                   "--condition-expression", "v IN (:a, :b)",
                   "--expression-attribute-values", '{":a": {"N": "2"}, ":b": {"N": "3"}}',
                   "--return-values", "ALL_OLD")
    assert old["Attributes"] == {"pk": {"S": "c1"}, "v": {"N": "2"}}


def test_get_item_projection_expression(endpoint, table):
    aws(endpoint, "put-item", "--table-name", table, "--item", json.dumps(
        {"pk": {"S": "p1"}, "a": {"M": {"b": {"L": [{"N": "0"}, {"M": {"c": {"S": "deep"},
                                                                      "d": {"S": "x"}}}]}}},
         "name": {"S": "Ann"}, "other": {"S": "o"}}))
    got = aws_json(endpoint, "get-item", "--table-name", table, "--key", key("p1"),
                   "--projection-expression", "a.b[1].c, #n",
                   "--expression-attribute-names", '{"#n": "name"}')
    assert got["Item"] == {"a": {"M": {"b": {"L": [{"M": {"c": {"S": "deep"}}}]}}},
                           "name": {"S": "Ann"}}
    proc = aws(endpoint, "get-item", "--table-name", table, "--key", key("p1"),
               "--projection-expression", "a.b[1], a", check=False)
    cli_error(proc, "GetItem", "ValidationException",
              "Invalid ProjectionExpression: Two document paths overlap with each other; must "
              "remove or rewrite one of these paths; path one: [a, b, [1]], path two: [a]")


def test_expression_errors_on_stderr(endpoint, table):
    aws(endpoint, "put-item", "--table-name", table, "--item",
        json.dumps({"pk": {"S": "e1"}, "s": {"S": "str"}}))
    proc = aws(endpoint, "update-item", "--table-name", table, "--key", key("e1"),
               "--update-expression", "SET s.x = :v",
               "--expression-attribute-values", '{":v": {"N": "1"}}', check=False)
    cli_error(proc, "UpdateItem", "ValidationException",
              "The document path provided in the update expression is invalid for update")
    proc = aws(endpoint, "update-item", "--table-name", table, "--key", key("e1"),
               "--update-expression", "SET a = :v",
               "--condition-expression", "#a = :v OR timestamp = :v",
               "--expression-attribute-names", '{"#a": "a"}',
               "--expression-attribute-values", '{":v": {"N": "1"}}', check=False)
    cli_error(proc, "UpdateItem", "ValidationException",
              "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved "
              "keyword: timestamp")
    proc = aws(endpoint, "update-item", "--table-name", table, "--key", key("e1"),
               "--update-expression", "SET a = :x + :y",
               "--expression-attribute-values", '{":x": {"N": "1E+50"}, ":y": {"N": "1"}}',
               check=False)
    cli_error(proc, "UpdateItem", "ValidationException", expected_message(
        "Number overflow. Attempting to store a number with magnitude larger than supported "
        "range", "DynamoDB only supports precision up to 38 digits"))
    proc = aws(endpoint, "update-item", "--table-name", table, "--key", key("e1"),
               "--update-expression", "REMOVE s", "--attribute-updates",
               '{"s": {"Action": "DELETE"}}', check=False)
    cli_error(proc, "UpdateItem", "ValidationException",
              "Can not use both expression and non-expression parameters in the same request: "
              "Non-expression parameters: {AttributeUpdates} Expression parameters: "
              "{UpdateExpression}")
    got = aws_json(endpoint, "get-item", "--table-name", table, "--key", key("e1"))
    assert got["Item"] == {"pk": {"S": "e1"}, "s": {"S": "str"}}
