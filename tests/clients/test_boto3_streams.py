"""boto3's `dynamodbstreams` client against ddb-local: Streams end to end and Time to Live.

The server runs with --virtual-clock (time moves only through POST /_ddblocal/clock/advance),
--stream-shard-records 7 (shards roll over often, so the consumer's shard-following code runs)
and no background TTL sweep (POST /_ddblocal/ttl/sweep deletes expired items when asked), so
every outcome is exact.

The property test: a consumer that follows the stream across shards and applies every record
to a dict rebuilds exactly the table that a random workload of puts, updates, deletes,
transactions, batches and TTL expiries leaves behind."""

import json
import os
import random
import urllib.request

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

import ddbservers
from conftest import AWS_ENV, TARGET


@pytest.fixture(scope="module")
def server():
    if TARGET != "ddb-local":
        pytest.fail("the virtual clock and TTL sweeps are ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=["--virtual-clock", "--stream-shard-records", "7"])
    try:
        yield s
    finally:
        s.stop()


def admin(server, path, **params):
    query = "&".join(f"{k}={v}" for k, v in params.items())
    request = urllib.request.Request(f"{server.url}{path}?{query}", method="POST", data=b"")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def clients(server):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    kw = dict(endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
              aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
              aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
              config=Config(retries={"max_attempts": 1}))
    return boto3.client("dynamodb", **kw), boto3.client("dynamodbstreams", **kw)


def create_stream_table(ddb, name, view="NEW_AND_OLD_IMAGES"):
    r = ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                         KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                         AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                         StreamSpecification={"StreamEnabled": True, "StreamViewType": view})
    return r["TableDescription"]["LatestStreamArn"]


def read_all(streams, arn):
    """A consumer as the KCL adapter is written: every shard from TRIM_HORIZON, parents before
    children, following NextShardIterator until a closed shard ends."""
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
    ids = {s["ShardId"] for s in shards}
    done, records = set(), []
    while len(done) < len(shards):
        for shard in shards:
            sid = shard["ShardId"]
            parent = shard.get("ParentShardId")
            if sid in done or (parent in ids and parent not in done):
                continue
            it = streams.get_shard_iterator(StreamArn=arn, ShardId=sid,
                                            ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            closed = "EndingSequenceNumber" in shard["SequenceNumberRange"]
            while it:
                page = streams.get_records(ShardIterator=it, Limit=3)
                records.extend(page["Records"])
                it = page.get("NextShardIterator")
                if not page["Records"] and not closed:
                    break  # caught up with the open shard
            done.add(sid)
    return records


def test_records_have_the_service_shape(server, table_name):
    ddb, streams = clients(server)
    arn = create_stream_table(ddb, table_name)
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}, "n": {"N": "1"}})
    ddb.update_item(TableName=table_name, Key={"pk": {"S": "a"}},
                    UpdateExpression="SET n = n + :one", ExpressionAttributeValues={":one": {"N": "1"}})
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}, "n": {"N": "2"}})  # no change
    ddb.delete_item(TableName=table_name, Key={"pk": {"S": "a"}})
    listed = streams.list_streams(TableName=table_name)["Streams"]
    assert listed == [{"StreamArn": arn, "TableName": table_name,
                       "StreamLabel": arn.split("/stream/")[1]}]
    desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert desc["StreamStatus"] == "ENABLED"
    assert desc["StreamViewType"] == "NEW_AND_OLD_IMAGES"
    assert desc["KeySchema"] == [{"AttributeName": "pk", "KeyType": "HASH"}]
    records = read_all(streams, arn)
    assert [r["eventName"] for r in records] == ["INSERT", "MODIFY", "REMOVE"]
    first = records[0]
    assert first["eventSource"] == "aws:dynamodb"
    assert first["eventVersion"] == "1.1"
    assert first["awsRegion"] == "us-east-1"
    assert first["dynamodb"]["Keys"] == {"pk": {"S": "a"}}
    assert first["dynamodb"]["NewImage"] == {"pk": {"S": "a"}, "n": {"N": "1"}}
    assert first["dynamodb"]["StreamViewType"] == "NEW_AND_OLD_IMAGES"
    assert first["dynamodb"]["ApproximateCreationDateTime"].year >= 2023  # parsed as a date
    assert records[1]["dynamodb"]["OldImage"]["n"] == {"N": "1"}
    assert records[1]["dynamodb"]["NewImage"]["n"] == {"N": "2"}
    seqs = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
    assert seqs == sorted(seqs) and len(set(seqs)) == 3


def test_iterators_expire_and_errors_are_the_services(server, table_name):
    ddb, streams = clients(server)
    arn = create_stream_table(ddb, table_name, "KEYS_ONLY")
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
    it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                    ShardIteratorType="LATEST")["ShardIterator"]
    admin(server, "/_ddblocal/clock/advance", ms=15 * 60 * 1000 + 1)
    with pytest.raises(ClientError) as e:
        streams.get_records(ShardIterator=it)
    assert e.value.response["Error"]["Code"] == "ExpiredIteratorException"
    with pytest.raises(ClientError) as e:
        streams.describe_stream(StreamArn=arn.replace(table_name, table_name + "x"))
    assert e.value.response["Error"]["Code"] == "ResourceNotFoundException"
    with pytest.raises(ClientError) as e:
        streams.get_records(ShardIterator="not-an-iterator")
    assert e.value.response["Error"]["Message"] == "Invalid ShardIterator"


def error(call):
    with pytest.raises(ClientError) as e:
        call()
    return e.value.response["Error"]["Code"], e.value.response["Error"]["Message"]


def test_streams_requests_are_validated_as_the_service_validates_them(server, table_name):
    # Issue 32, point 2: the documented Limit upper bounds, a start stream that is not one, and
    # sequence-number iterators at a number the shard holds.
    ddb, streams = clients(server)
    arn = create_stream_table(ddb, table_name, "KEYS_ONLY")
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]
    sid = shard["ShardId"]
    # ShardFilter: streams_shard_filter.py (this python's botocore predates it).
    assert error(lambda: streams.list_streams(Limit=101)) == (
        "ValidationException", "1 validation error detected: Value '101' at 'limit' failed to "
        "satisfy constraint: Member must have value less than or equal to 100")
    it = streams.get_shard_iterator(StreamArn=arn, ShardId=sid,
                                    ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    code, message = error(lambda: streams.get_records(ShardIterator=it, Limit=1001))
    assert code == "ValidationException" and "less than or equal to 1000" in message
    assert "Records" in streams.get_records(ShardIterator=it, Limit=1000)

    assert error(lambda: streams.list_streams(
        ExclusiveStartStreamArn="kossaapaaasdafsdaasdasdasdasasdasfadfadfasdasdas")) == (
        "ValidationException", "Invalid ExclusiveStartStreamArn")
    code, _ = error(lambda: streams.list_streams(
        ExclusiveStartStreamArn=arn.replace(table_name, table_name + "x")))
    assert code == "ResourceNotFoundException"

    # The shard's StartingSequenceNumber, before any record: both sequence iterator types.
    start = shard["SequenceNumberRange"]["StartingSequenceNumber"]
    at = streams.get_shard_iterator(StreamArn=arn, ShardId=sid, ShardIteratorType="AT_SEQUENCE_NUMBER",
                                    SequenceNumber=start)["ShardIterator"]
    streams.get_shard_iterator(StreamArn=arn, ShardId=sid, ShardIteratorType="AFTER_SEQUENCE_NUMBER",
                               SequenceNumber=start)
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "first"}})
    records = streams.get_records(ShardIterator=at)["Records"]
    assert [r["dynamodb"]["Keys"]["pk"]["S"] for r in records] == ["first"]
    assert records[0]["dynamodb"]["SequenceNumber"] == start


def test_disabling_keeps_the_old_stream_readable_and_reenabling_makes_a_new_one(server, table_name):
    ddb, streams = clients(server)
    first = create_stream_table(ddb, table_name)
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}})
    ddb.update_table(TableName=table_name, StreamSpecification={"StreamEnabled": False})
    table = ddb.describe_table(TableName=table_name)["Table"]
    assert "StreamSpecification" not in table and table["LatestStreamArn"] == first
    second = ddb.update_table(TableName=table_name, StreamSpecification={
        "StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})["TableDescription"]["LatestStreamArn"]
    assert second != first
    assert streams.describe_stream(StreamArn=first)["StreamDescription"]["StreamStatus"] == "DISABLED"
    assert [r["eventName"] for r in read_all(streams, first)] == ["INSERT"]
    assert read_all(streams, second) == []


def test_ttl_through_boto3(server, table_name):
    ddb, streams = clients(server)
    arn = create_stream_table(ddb, table_name)
    assert ddb.describe_time_to_live(TableName=table_name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "DISABLED"}
    ddb.update_time_to_live(TableName=table_name,
                            TimeToLiveSpecification={"Enabled": True, "AttributeName": "exp"})
    with pytest.raises(ClientError) as e:
        ddb.update_time_to_live(TableName=table_name,
                                TimeToLiveSpecification={"Enabled": True, "AttributeName": "other"})
    assert e.value.response["Error"]["Message"] == (
        "TimeToLive is active on a different AttributeName: current AttributeName is exp")
    now = int(json.loads(urllib.request.urlopen(server.url + "/_ddblocal/clock").read())
              ["ClockMicros"]) // 1_000_000
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "old"}, "exp": {"N": str(now - 5)}})
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "new"}, "exp": {"N": str(now + 500)}})
    assert "Item" in ddb.get_item(TableName=table_name, Key={"pk": {"S": "old"}})  # until swept
    assert admin(server, "/_ddblocal/ttl/sweep")["Deleted"] >= 1
    assert "Item" not in ddb.get_item(TableName=table_name, Key={"pk": {"S": "old"}})
    removal = [r for r in read_all(streams, arn) if r["eventName"] == "REMOVE"]
    assert len(removal) == 1
    assert removal[0]["userIdentity"] == {"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"}


def test_a_consumer_rebuilds_the_table_from_its_stream(server, table_name):
    """Property: for random workloads (seeded, so a failure replays), the table rebuilt from
    NEW_IMAGE/REMOVE records equals a Scan of the table."""
    ddb, streams = clients(server)
    arn = create_stream_table(ddb, table_name)
    ddb.update_time_to_live(TableName=table_name,
                            TimeToLiveSpecification={"Enabled": True, "AttributeName": "exp"})
    rng = random.Random(12)
    keys = [f"k{i}" for i in range(15)]
    now = int(json.loads(urllib.request.urlopen(server.url + "/_ddblocal/clock").read())
              ["ClockMicros"]) // 1_000_000

    def item(k):
        it = {"pk": {"S": k}, "v": {"N": str(rng.randint(0, 3))}}
        if rng.random() < 0.3:
            it["exp"] = {"N": str(now + rng.randint(-50, 50))}
        return it

    for step in range(150):
        op = rng.random()
        k = rng.choice(keys)
        try:
            if op < 0.35:
                ddb.put_item(TableName=table_name, Item=item(k))
            elif op < 0.55:
                ddb.update_item(TableName=table_name, Key={"pk": {"S": k}},
                                UpdateExpression="SET v = :v",
                                ConditionExpression="attribute_exists(pk)",
                                ExpressionAttributeValues={":v": {"N": str(rng.randint(0, 3))}})
            elif op < 0.7:
                ddb.delete_item(TableName=table_name, Key={"pk": {"S": k}})
            elif op < 0.85:
                a, b = rng.sample(keys, 2)
                ddb.transact_write_items(TransactItems=[
                    {"Put": {"TableName": table_name, "Item": item(a)}},
                    {"Delete": {"TableName": table_name, "Key": {"pk": {"S": b}}}}])
            elif op < 0.95:
                chosen = rng.sample(keys, 3)
                ddb.batch_write_item(RequestItems={table_name: [
                    {"PutRequest": {"Item": item(chosen[0])}},
                    {"PutRequest": {"Item": item(chosen[1])}},
                    {"DeleteRequest": {"Key": {"pk": {"S": chosen[2]}}}}]})
            else:
                admin(server, "/_ddblocal/clock/advance", ms=rng.randint(1, 20) * 1000)
                now += 0  # items' expiries are relative to the start; time moves on
                admin(server, "/_ddblocal/ttl/sweep")
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ConditionalCheckFailedException", e.response
    admin(server, "/_ddblocal/clock/advance", ms=60 * 1000)
    admin(server, "/_ddblocal/ttl/sweep")

    rebuilt = {}
    records = read_all(streams, arn)
    for r in records:
        key = r["dynamodb"]["Keys"]["pk"]["S"]
        if r["eventName"] == "REMOVE":
            assert key in rebuilt, "a REMOVE for an item the stream never inserted"
            del rebuilt[key]
        else:
            assert (key in rebuilt) == (r["eventName"] == "MODIFY")
            rebuilt[key] = r["dynamodb"]["NewImage"]
    table = {i["pk"]["S"]: i for i in ddb.scan(TableName=table_name, ConsistentRead=True)["Items"]}
    assert rebuilt == table
    assert len(streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]) > 3
    assert any("userIdentity" in r for r in records), "the workload expired nothing"
