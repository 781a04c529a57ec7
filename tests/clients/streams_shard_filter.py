"""DescribeStream's ShardFilter through boto3 (issue 32, point 2): the machine's default
python3, whose botocore knows ShardFilter (Debian's, which runs the pytest suites, predates
it), so this is a unittest module, run as `python3 -m unittest streams_shard_filter`.

A filter must name both its Type (CHILD_SHARDS, the one type) and its ShardId, and the shard
must be one of the stream's; a valid filter lists the shard's children only."""

import os
import sys
import unittest
import uuid

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))
import ddbservers  # noqa: E402


class ShardFilterTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Two records a shard: a third write rolls the stream over to a child shard.
        cls.server = ddbservers.start_ddb_local(extra_args=["--stream-shard-records", "2"])
        kw = dict(endpoint_url=cls.server.url, region_name="us-east-1",
                  aws_access_key_id="AKIDSHARDFILTER", aws_secret_access_key="x",
                  config=Config(retries={"max_attempts": 0}))
        cls.ddb = boto3.client("dynamodb", **kw)
        cls.streams = boto3.client("dynamodbstreams", **kw)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def setUp(self):
        self.table = "filter_" + uuid.uuid4().hex[:8]
        self.arn = self.ddb.create_table(
            TableName=self.table, BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
        )["TableDescription"]["LatestStreamArn"]

    def shards(self, **kw):
        return self.streams.describe_stream(StreamArn=self.arn, **kw)["StreamDescription"]["Shards"]

    def refused(self, shard_filter):
        with self.assertRaises(ClientError) as e:
            self.streams.describe_stream(StreamArn=self.arn, ShardFilter=shard_filter)
        return e.exception.response["Error"]["Code"], e.exception.response["Error"]["Message"]

    def test_a_filter_lists_the_children_of_its_shard(self):
        for i in range(3):
            self.ddb.put_item(TableName=self.table, Item={"pk": {"S": f"k{i}"}})
        first, second = self.shards()
        children = self.shards(ShardFilter={"Type": "CHILD_SHARDS", "ShardId": first["ShardId"]})
        self.assertEqual([s["ShardId"] for s in children], [second["ShardId"]])
        self.assertEqual(children[0]["ParentShardId"], first["ShardId"])
        self.assertEqual(
            self.shards(ShardFilter={"Type": "CHILD_SHARDS", "ShardId": second["ShardId"]}), [])

    def test_a_filter_missing_a_member_or_of_another_type_is_refused(self):
        sid = self.shards()[0]["ShardId"]
        self.assertEqual(self.refused({"Type": "CHILD_SHARDS"}), (
            "ValidationException", "1 validation error detected: Value null at "
            "'shardFilter.shardId' failed to satisfy constraint: Member must not be null"))
        self.assertEqual(self.refused({"ShardId": sid}), (
            "ValidationException", "1 validation error detected: Value null at "
            "'shardFilter.type' failed to satisfy constraint: Member must not be null"))
        self.assertEqual(self.refused({"Type": "PARENT_SHARDS", "ShardId": sid}), (
            "ValidationException", "1 validation error detected: Value 'PARENT_SHARDS' at "
            "'shardFilter.type' failed to satisfy constraint: Member must satisfy enum value "
            "set: [CHILD_SHARDS]"))

    def test_a_filter_naming_a_shard_the_stream_lacks_is_not_found(self):
        unknown = "shardId-00000000000000000000-00000000"
        code, message = self.refused({"Type": "CHILD_SHARDS", "ShardId": unknown})
        self.assertEqual(code, "ResourceNotFoundException")
        self.assertEqual(message, f"Requested resource not found: Shard: {unknown} in Stream: "
                                  f"{self.arn} not found")


if __name__ == "__main__":
    unittest.main()
