"""boto3 (Debian's python3-boto3) against the server: expressions, UpdateItem, conditional
writes and ReturnValues.

The low-level client with hand-written expressions, and the resource layer, whose condition
builders (boto3.dynamodb.conditions Attr) generate the ExpressionAttributeNames/Values
placeholders themselves and whose numbers are Decimals. Values and error messages are asserted
exactly; CLIENT_TARGET=dynamodb-local runs the same tests against Amazon DynamoDB Local, and
where Local is known to differ from AWS (tests/differential/ACCEPTED_DIFFERENCES.md) the tests
then expect Local's answer.
"""

import json
import os
import uuid
from decimal import Decimal

import boto3
import pytest
from boto3.dynamodb.conditions import Attr
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV, TARGET, expected_message

ON_LOCAL = TARGET == "dynamodb-local"
OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range"


def _session_kwargs(endpoint):
    for k, v in AWS_ENV.items():  # no config files, no metadata service
        os.environ[k] = v
    return dict(endpoint_url=endpoint.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
                aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
                config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30))


@pytest.fixture(scope="module")
def client(endpoint):
    return boto3.client("dynamodb", **_session_kwargs(endpoint))


@pytest.fixture(scope="module")
def table(client, endpoint):
    """An on-demand table with a string hash key `pk`, as a resource Table."""
    name = "boto3_expr_" + uuid.uuid4().hex[:8]
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    yield boto3.resource("dynamodb", **_session_kwargs(endpoint)).Table(name)
    client.delete_table(TableName=name)


@pytest.fixture()
def key():
    return {"pk": "k-" + uuid.uuid4().hex[:10]}


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]


def low(key):
    return {"pk": {"S": key["pk"]}}


# --- UpdateItem SET / REMOVE / ADD / DELETE ---------------------------------------------------

def test_upsert_with_arithmetic_if_not_exists_and_list_append(client, table, key):
    r = client.update_item(
        TableName=table.name, Key=low(key),
        UpdateExpression="SET n = :ten, l = :l, cnt = if_not_exists(cnt, :zero) + :one",
        ExpressionAttributeValues={":ten": {"N": "10"}, ":l": {"L": [{"N": "1"}]},
                                   ":zero": {"N": "0"}, ":one": {"N": "1"}},
        ReturnValues="ALL_NEW")
    assert r["Attributes"] == {"pk": {"S": key["pk"]}, "n": {"N": "10"},
                               "l": {"L": [{"N": "1"}]}, "cnt": {"N": "1"}}
    r = client.update_item(
        TableName=table.name, Key=low(key),
        UpdateExpression="SET n = n - :d, l = list_append(:head, l), "
                         "cnt = if_not_exists(cnt, :zero) + :one, big = :a + :b",
        ExpressionAttributeValues={":d": {"N": "0.25"}, ":head": {"L": [{"S": "h"}]},
                                   ":zero": {"N": "0"}, ":one": {"N": "1"},
                                   ":a": {"N": "12345678901234567890123456789012345677"},
                                   ":b": {"N": "1"}},
        ReturnValues="UPDATED_NEW")
    assert r["Attributes"] == {"n": {"N": "9.75"}, "l": {"L": [{"S": "h"}, {"N": "1"}]},
                               "cnt": {"N": "2"},
                               "big": {"N": "12345678901234567890123456789012345678"}}


def test_nested_paths_and_list_indexes(client, table, key):
    table.put_item(Item={**key, "a": {"b": [0, 1, 2, {"c": "deep"}]}, "m": {}})
    r = client.update_item(
        TableName=table.name, Key=low(key),
        UpdateExpression="SET a.b[3].c = :v, a.b[10] = :tail, m.#k = :v REMOVE a.b[0]",
        ExpressionAttributeNames={"#k": "key.with.dots"},
        ExpressionAttributeValues={":v": {"S": "x"}, ":tail": {"N": "9"}},
        ReturnValues="ALL_NEW")
    # Paths name places in the old item: b[3] is set and b[0] removed, the append lands last.
    assert r["Attributes"]["a"] == {"M": {"b": {"L": [
        {"N": "1"}, {"N": "2"}, {"M": {"c": {"S": "x"}}}, {"N": "9"}]}}}
    assert r["Attributes"]["m"] == {"M": {"key.with.dots": {"S": "x"}}}


def test_updated_old_and_updated_new_hold_only_the_updated_nested_parts(table, key):
    table.put_item(Item={**key, "a": {"b": "dog", "c": [1, 2, 3]}, "d": "cat"})
    r = table.update_item(Key=key, UpdateExpression="SET a.c[1] = :v, a.b = :w",
                          ExpressionAttributeValues={":v": 8, ":w": "yo"},
                          ReturnValues="UPDATED_OLD")
    if ON_LOCAL:  # LOCAL-UPDATED-WHOLE-ATTRIBUTES: Local returns the whole attribute
        assert r["Attributes"] == {"a": {"b": "dog", "c": [1, 2, 3]}}
    else:
        assert r["Attributes"] == {"a": {"b": "dog", "c": [2]}}
    r = table.update_item(Key=key, UpdateExpression="SET a.x = :v",
                          ExpressionAttributeValues={":v": 1}, ReturnValues="UPDATED_NEW")
    if ON_LOCAL:
        assert r["Attributes"] == {"a": {"b": "yo", "c": [1, 8, 3], "x": 1}}
    else:
        assert r["Attributes"] == {"a": {"x": 1}}
    r = table.update_item(Key=key, UpdateExpression="SET d = :v", ExpressionAttributeValues={
        ":v": "cow"}, ReturnValues="UPDATED_OLD")
    assert r["Attributes"] == {"d": "cat"}


def test_remove_add_and_delete(table, key):
    table.put_item(Item={**key, "l": ["a", "b", "c", "d"], "n": Decimal("1.5"),
                         "tags": {"x", "y"}, "nums": {1, 2}})
    r = table.update_item(
        Key=key, UpdateExpression="REMOVE l[1], l[3] ADD n :n, tags :t, fresh :one "
                                  "DELETE nums :gone",
        ExpressionAttributeValues={":n": Decimal("-0.5"), ":t": {"z", "x"}, ":one": 1,
                                   ":gone": {2}},
        ReturnValues="ALL_NEW")
    assert r["Attributes"] == {**key, "l": ["a", "c"], "n": Decimal("1"),
                               "tags": {"x", "y", "z"}, "fresh": Decimal("1"), "nums": {1}}
    # Deleting the last members removes the attribute: DynamoDB has no empty sets.
    r = table.update_item(Key=key, UpdateExpression="DELETE tags :all",
                          ExpressionAttributeValues={":all": {"x", "y", "z"}},
                          ReturnValues="UPDATED_NEW")
    assert "Attributes" not in r
    assert "tags" not in table.get_item(Key=key, ConsistentRead=True)["Item"]


def test_an_update_that_only_removes_creates_no_item(table, key):
    r = table.update_item(Key=key, UpdateExpression="REMOVE a, b", ReturnValues="ALL_NEW")
    got = table.get_item(Key=key, ConsistentRead=True)
    if ON_LOCAL:  # LOCAL-REMOVE-ONLY-UPSERT
        assert r["Attributes"] == key and got["Item"] == key
    else:
        assert "Attributes" not in r and "Item" not in got
    # An update that writes a value creates the item.
    table.update_item(Key=key, UpdateExpression="ADD hits :one",
                      ExpressionAttributeValues={":one": 1})
    assert table.get_item(Key=key, ConsistentRead=True)["Item"] == {**key, "hits": 1}


# --- Conditional writes -----------------------------------------------------------------------

@pytest.fixture()
def all_old_client(endpoint):
    """A client whose PutItem sends ReturnValuesOnConditionCheckFailure=ALL_OLD and whose
    ConditionalCheckFailedException carries the returned Item.

    Debian's botocore (1.29) predates that member of PutItem (2023): its serializer drops it
    and its error parser ignores the Item. Two event hooks add the member to the request body
    and copy the Item of the error body into the parsed response, as newer botocore does.
    """
    c = boto3.client("dynamodb", **_session_kwargs(endpoint))

    def add_member(request, **_):
        body = json.loads(request.data)
        body["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
        request.data = json.dumps(body).encode()

    def keep_item(http_response, parsed, **_):
        if http_response.status_code >= 300:
            body = json.loads(http_response.content)
            if "Item" in body:
                parsed["Item"] = body["Item"]

    c.meta.events.register("before-sign.dynamodb.PutItem", add_member)
    c.meta.events.register("after-call.dynamodb.PutItem", keep_item)
    return c


def test_create_only_if_absent_and_all_old_on_failure(client, all_old_client, table, key):
    item = {"pk": {"S": key["pk"]}, "v": {"N": "1"}}
    client.put_item(TableName=table.name, Item=item,
                    ConditionExpression="attribute_not_exists(pk)")
    with pytest.raises(ClientError) as e:
        all_old_client.put_item(TableName=table.name, Item={**item, "v": {"N": "2"}},
                                ConditionExpression="attribute_not_exists(pk)")
    assert error_of(e) == ("ConditionalCheckFailedException", "The conditional request failed")
    assert e.value.response["Item"] == item
    # The modeled exception class of botocore, and no Item when it was not asked for.
    with pytest.raises(client.exceptions.ConditionalCheckFailedException) as e:
        client.delete_item(TableName=table.name, Key=low(key), ConditionExpression="v > :v",
                           ExpressionAttributeValues={":v": {"N": "1"}})
    assert "Item" not in e.value.response
    assert client.get_item(TableName=table.name, Key=low(key))["Item"] == item


def test_condition_builders_of_the_resource_layer(table, key):
    table.put_item(Item={**key, "v": 5, "tags": {"a", "b"}, "name": "Ann", "m": {"x": [1, 2]}})
    # Attr() builds the expression with #n / :v placeholders (so "name", a reserved word, works).
    table.update_item(
        Key=key, UpdateExpression="SET v = v + :one",
        ConditionExpression=(Attr("v").between(1, 5) & Attr("tags").contains("a")
                             & Attr("name").begins_with("A") & Attr("m.x[1]").eq(2)
                             & ~Attr("gone").exists() & Attr("v").is_in([4, 5, 6])
                             & Attr("name").size().eq(3) & Attr("tags").attribute_type("SS")),
        ExpressionAttributeValues={":one": 1})
    assert table.get_item(Key=key, ConsistentRead=True)["Item"]["v"] == 6
    # OR binds looser than AND: false AND false OR true holds.
    table.delete_item(Key=key, ConditionExpression=(Attr("v").eq(0) & Attr("v").eq(1))
                      | Attr("v").gte(6))
    assert "Item" not in table.get_item(Key=key, ConsistentRead=True)
    with pytest.raises(ClientError) as e:
        table.put_item(Item=key, ConditionExpression=Attr("pk").exists())
    assert error_of(e) == ("ConditionalCheckFailedException", "The conditional request failed")


def test_comparisons_across_types_and_missing_attributes(client, table, key):
    client.put_item(TableName=table.name, Item={"pk": {"S": key["pk"]}, "n": {"N": "5"}})

    def holds(condition, values=None):
        kwargs = {"ExpressionAttributeValues": values} if values else {}
        try:
            client.put_item(TableName=table.name,
                            Item={"pk": {"S": key["pk"]}, "n": {"N": "5"}},
                            ConditionExpression=condition, **kwargs)
            return True
        except client.exceptions.ConditionalCheckFailedException:
            return False

    assert holds("n = :v", {":v": {"N": "5.00"}})
    assert not holds("n = :v", {":v": {"S": "5"}})
    assert holds("n <> :v", {":v": {"S": "5"}})
    assert not holds("n < :v", {":v": {"S": "9"}})
    assert not holds("absent = :v", {":v": {"N": "5"}})
    assert holds("absent <> :v", {":v": {"N": "5"}})
    assert not holds("size(n) >= :v", {":v": {"N": "0"}})
    assert holds("NOT n = :a AND n = :b", {":a": {"N": "6"}, ":b": {"N": "5"}})


# --- ProjectionExpression ---------------------------------------------------------------------

def test_projection_of_nested_paths_and_list_indexes(client, table, key):
    table.put_item(Item={**key, "a": {"b": [0, 1, {"c": "deep", "d": "x"}]}, "s": "str",
                         "l": [["00", "01"], ["10", "11"]], "size": 3})
    got = client.get_item(TableName=table.name, Key=low(key),
                          ProjectionExpression="a.b[2].c, l[1][0], #s, nope",
                          ExpressionAttributeNames={"#s": "size"})["Item"]
    assert got == {"a": {"M": {"b": {"L": [{"M": {"c": {"S": "deep"}}}]}}},
                   "l": {"L": [{"L": [{"S": "10"}]}]}, "size": {"N": "3"}}
    got = table.get_item(Key=key, ProjectionExpression="a.b[1], a.b[0]")["Item"]
    assert got == {"a": {"b": [0, 1]}}
    with pytest.raises(ClientError) as e:
        table.get_item(Key=key, ProjectionExpression="a, a.b")
    assert error_of(e) == ("ValidationException",
                           "Invalid ProjectionExpression: Two document paths overlap with each "
                           "other; must remove or rewrite one of these paths; path one: [a], "
                           "path two: [a, b]")


# --- Errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("update,names,values,message", [
    ("SET a = :v REMOVE a", None, {":v": {"N": "1"}},
     "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [a], path two: [a]"),
    ("SET m.a = :v, m[0] = :v", None, {":v": {"N": "1"}},
     "Invalid UpdateExpression: Two document paths conflict with each other; must remove or "
     "rewrite one of these paths; path one: [m, a], path two: [m, [0]]"),
    ("SET nope.x = :v", None, {":v": {"N": "1"}},
     "The document path provided in the update expression is invalid for update"),
    ("SET s.x = :v", None, {":v": {"N": "1"}},
     "The document path provided in the update expression is invalid for update"),
    ("SET pk = :v", None, {":v": {"S": "x"}},
     "One or more parameter values were invalid: Cannot update attribute pk. This attribute is "
     "part of the key"),
    ("SET a = s + :v", None, {":v": {"N": "1"}},
     "An operand in the update expression has an incorrect data type"),
    ("SET a = nope", None, None,
     "The provided expression refers to an attribute that does not exist in the item"),
    ("ADD s :v", None, {":v": {"S": "x"}},
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, "
     "operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND"),
    ("DELETE ss :v", None, {":v": {"NS": ["1"]}},
     "An operand in the update expression has an incorrect data type"),
    ("SET a = :v", None, {":v": {"N": "1"}, ":unused": {"N": "2"}},
     "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}"),
    ("SET #a = :v", {"#a": "a", "#b": "b"}, {":v": {"N": "1"}},
     "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}"),
    ("SET a = :undefined", None, {":v": {"N": "1"}},
     "Invalid UpdateExpression: An expression attribute value used in expression is not "
     "defined; attribute value: :undefined"),
    ("SET date = :v", None, {":v": {"N": "1"}},
     "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: date"),
    ("SET a = :v SET b = :v", None, {":v": {"N": "1"}},
     "Invalid UpdateExpression: The \"SET\" section can only be used once in an update "
     "expression;"),
    ("SET a = size(s)", None, None,
     "Invalid UpdateExpression: The function is not allowed in an update expression; function: "
     "size"),
    ("SET n = n + :v", None, {":v": {"N": "9E+125"}}, OVERFLOW),
])
def test_update_errors_change_nothing(client, table, key, update, names, values, message):
    item = {"pk": {"S": key["pk"]}, "s": {"S": "str"}, "m": {"M": {}}, "n": {"N": "9E+125"},
            "ss": {"SS": ["x"]}}
    client.put_item(TableName=table.name, Item=item)
    before = client.get_item(TableName=table.name, Key=low(key), ConsistentRead=True)["Item"]
    assert before["n"] == {"N": "9" + "0" * 125}  # numbers come back in plain digits
    kwargs = {}
    if names:
        kwargs["ExpressionAttributeNames"] = names
    if values:
        kwargs["ExpressionAttributeValues"] = values
    with pytest.raises(ClientError) as e:
        client.update_item(TableName=table.name, Key=low(key), UpdateExpression=update,
                           **kwargs)
    assert error_of(e) == ("ValidationException", message)
    assert client.get_item(TableName=table.name, Key=low(key),
                           ConsistentRead=True)["Item"] == before


def test_number_precision_of_arithmetic(table, key):
    with pytest.raises(ClientError) as e:
        table.update_item(Key=key, UpdateExpression="SET a = :x + :y",
                          ExpressionAttributeValues={":x": Decimal("1E+50"), ":y": 1})
    assert error_of(e) == ("ValidationException", expected_message(
        OVERFLOW, "DynamoDB only supports precision up to 38 digits"))


def test_invalid_expression_attribute_value(client, table, key):
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table.name, Item=low(key), ConditionExpression="a = :v",
                        ExpressionAttributeValues={":v": {"NULL": False}})
    assert error_of(e) == ("ValidationException",
                           "ExpressionAttributeValues contains invalid value: One or more "
                           "parameter values were invalid: Null attribute value types must have "
                           "the value of true for key :v")


def test_expression_limits(client, table, key):
    values = {f":v{i}": {"N": str(i)} for i in range(101)}
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table.name, Item=low(key),
                        ConditionExpression="a IN (" + ", ".join(values) + ")",
                        ExpressionAttributeValues=values)
    assert error_of(e) == ("ValidationException",
                           "Invalid ConditionExpression: The IN operator is provided with too "
                           "many operands; number of operands: 101")
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table.name, Item=low(key),
                        ConditionExpression="attribute_exists(" + ".".join(["a"] * 33) + ")")
    assert error_of(e) == ("ValidationException",
                           "Invalid ConditionExpression: The document path has too many nesting "
                           "levels; nesting levels: 33")
    with pytest.raises(ClientError) as e:
        client.update_item(TableName=table.name, Key=low(key),
                           UpdateExpression="SET a = :v" + " " * 4087,
                           ExpressionAttributeValues={":v": {"N": "1"}})
    assert error_of(e) == ("ValidationException",
                           "Invalid UpdateExpression: Expression size has exceeded the maximum "
                           "allowed size;")


# --- Legacy parameters ------------------------------------------------------------------------

def test_legacy_expected_attribute_updates_and_attributes_to_get(client, table, key):
    client.put_item(TableName=table.name, Item={"pk": {"S": key["pk"]}, "n": {"N": "5"}},
                    Expected={"pk": {"Exists": False}})
    r = client.update_item(
        TableName=table.name, Key=low(key),
        AttributeUpdates={"n": {"Action": "ADD", "Value": {"N": "2"}},
                          "tags": {"Action": "ADD", "Value": {"SS": ["a"]}},
                          "t": {"Value": {"S": "put"}}},
        Expected={"n": {"ComparisonOperator": "BETWEEN",
                        "AttributeValueList": [{"N": "1"}, {"N": "5"}]},
                  "gone": {"ComparisonOperator": "NULL"}},
        ReturnValues="UPDATED_NEW")
    assert r["Attributes"] == {"n": {"N": "7"}, "tags": {"SS": ["a"]}, "t": {"S": "put"}}
    with pytest.raises(client.exceptions.ConditionalCheckFailedException):
        client.delete_item(TableName=table.name, Key=low(key),
                           Expected={"n": {"Value": {"N": "5"}}, "t": {"Value": {"S": "put"}}},
                           ConditionalOperator="AND")
    got = client.get_item(TableName=table.name, Key=low(key), AttributesToGet=["n", "t"])
    assert got["Item"] == {"n": {"N": "7"}, "t": {"S": "put"}}
    with pytest.raises(ClientError) as e:
        client.update_item(TableName=table.name, Key=low(key),
                           AttributeUpdates={"n": {"Action": "DELETE"}},
                           Expected={"n": {"Exists": True, "Value": {"N": "7"}}},
                           ConditionalOperator="AND",
                           UpdateExpression="SET n = :v", ConditionExpression="n = :v",
                           ExpressionAttributeValues={":v": {"N": "1"}})
    assert error_of(e) == ("ValidationException",
                           "Can not use both expression and non-expression parameters in the "
                           "same request: Non-expression parameters: {AttributeUpdates, "
                           "Expected, ConditionalOperator} Expression parameters: "
                           "{UpdateExpression, ConditionExpression}")
