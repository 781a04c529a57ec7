#!/usr/bin/env python3
"""Generates emulator/src/api/api_model.inc: every DynamoDB operation's input shape tree.

The request validator (emulator/src/api_json/request_validator.cc) walks these tables to do what
the service's front end does before any operation-specific check: JSON type checks
(SerializationException) and model constraints (ValidationException). The tables come from
the DynamoDB API model that botocore ships, so a newer botocore brings newer constraints.

Usage (from the repository root, with the python3 whose botocore you want):
    python3 tools/gen_api_model.py                 # model from the installed botocore
    python3 tools/gen_api_model.py --model F.json  # or a service-2.json(.gz) file
    python3 tools/gen_api_model.py --check         # exit 1 if the committed file is stale

What is not in the model but is the service's observable behaviour lives in the tables
below (MEMBER_ORDER, ENUM_ORDER, TABLE_NAME_REQUIRED_OPS), each entry taken from the
request/response pairs that dynalite's test suite recorded against real AWS
(github.com/architect/dynalite, test/*.js and validations/*.js): the facts, not its code.
"""

import argparse
import gzip
import json
import os
import sys

OUT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'emulator', 'src',
                        'api', 'api_model.inc')

# Members are validated, and their errors listed, in this order. AWS does not use the
# model's order; dynalite's validation tables list members in the order the service
# reported them (its tests asserted exact multi-error messages). Members missing here are
# appended in model order; names the current model lacks are ignored.
MEMBER_ORDER = {
    'GetItemInput': ['ReturnConsumedCapacity', 'AttributesToGet', 'TableName', 'Key',
                     'ConsistentRead', 'ProjectionExpression', 'ExpressionAttributeNames'],
    'PutItemInput': ['ReturnConsumedCapacity', 'TableName', 'Item', 'ConditionalOperator',
                     'Expected', 'ReturnValues', 'ReturnItemCollectionMetrics',
                     'ConditionExpression', 'ExpressionAttributeValues',
                     'ExpressionAttributeNames'],
    'UpdateItemInput': ['ReturnConsumedCapacity', 'TableName', 'ReturnItemCollectionMetrics',
                        'ReturnValues', 'Key', 'ConditionalOperator', 'Expected',
                        'AttributeUpdates', 'ConditionExpression', 'UpdateExpression',
                        'ExpressionAttributeValues', 'ExpressionAttributeNames'],
    'DeleteItemInput': ['ReturnConsumedCapacity', 'TableName', 'ReturnValues',
                        'ReturnItemCollectionMetrics', 'Key', 'ConditionalOperator', 'Expected',
                        'ConditionExpression', 'ExpressionAttributeValues',
                        'ExpressionAttributeNames'],
    'QueryInput': ['Limit', 'ExclusiveStartKey', 'ReturnConsumedCapacity', 'AttributesToGet',
                   'QueryFilter', 'Select', 'ConditionalOperator', 'KeyConditions', 'TableName',
                   'ConsistentRead', 'IndexName', 'ScanIndexForward', 'KeyConditionExpression',
                   'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeValues',
                   'ExpressionAttributeNames'],
    'ScanInput': ['Limit', 'ReturnConsumedCapacity', 'AttributesToGet', 'Segment', 'Select',
                  'ScanFilter', 'ConditionalOperator', 'TotalSegments', 'TableName',
                  'ExclusiveStartKey', 'IndexName', 'FilterExpression', 'ProjectionExpression',
                  'ExpressionAttributeValues', 'ExpressionAttributeNames'],
    'BatchGetItemInput': ['ReturnConsumedCapacity', 'RequestItems'],
    'KeysAndAttributes': ['Keys', 'AttributesToGet', 'ConsistentRead', 'ProjectionExpression',
                          'ExpressionAttributeNames'],
    'BatchWriteItemInput': ['ReturnConsumedCapacity', 'ReturnItemCollectionMetrics',
                            'RequestItems'],
    'WriteRequest': ['DeleteRequest', 'PutRequest'],
    'CreateTableInput': ['AttributeDefinitions', 'TableName', 'ProvisionedThroughput',
                         'KeySchema', 'LocalSecondaryIndexes', 'GlobalSecondaryIndexes'],
    'ProvisionedThroughput': ['WriteCapacityUnits', 'ReadCapacityUnits'],
    'LocalSecondaryIndex': ['Projection', 'IndexName', 'KeySchema'],
    'GlobalSecondaryIndex': ['Projection', 'IndexName', 'ProvisionedThroughput', 'KeySchema'],
    'Projection': ['ProjectionType', 'NonKeyAttributes'],
    'UpdateTableInput': ['TableName', 'ProvisionedThroughput', 'GlobalSecondaryIndexUpdates'],
    'GlobalSecondaryIndexUpdate': ['Update', 'Create', 'Delete'],
    'UpdateGlobalSecondaryIndexAction': ['IndexName', 'ProvisionedThroughput'],
    'CreateGlobalSecondaryIndexAction': ['Projection', 'IndexName', 'ProvisionedThroughput',
                                         'KeySchema'],
    'ListTablesInput': ['Limit', 'ExclusiveStartTableName'],
    'TransactWriteItemsInput': ['ReturnConsumedCapacity', 'ReturnItemCollectionMetrics',
                                'ClientRequestToken', 'TransactItems'],
    'Put': ['TableName', 'ExpressionAttributeValues', 'ExpressionAttributeNames',
            'ReturnValuesOnConditionCheckFailure', 'ConditionExpression', 'Item'],
    'Update': ['TableName', 'ExpressionAttributeValues', 'ExpressionAttributeNames',
               'ReturnValuesOnConditionCheckFailure', 'ConditionExpression', 'Key',
               'UpdateExpression'],
    'Delete': ['TableName', 'ExpressionAttributeValues', 'ExpressionAttributeNames',
               'ReturnValuesOnConditionCheckFailure', 'ConditionExpression', 'Key'],
    'ConditionCheck': ['TableName', 'ExpressionAttributeValues', 'ExpressionAttributeNames',
                       'ReturnValuesOnConditionCheckFailure', 'ConditionExpression', 'Key'],
    'Condition': ['AttributeValueList', 'ComparisonOperator'],
    'ExpectedAttributeValue': ['AttributeValueList', 'ComparisonOperator', 'Exists', 'Value'],
}

# "Member must satisfy enum value set: [...]" lists values in the service's order, which is
# not the model's for these (dynalite's tests against AWS; BillingMode from a 2026 capture
# in nubo-db/dynamodb-conformance). Other enums keep the model's order.
ENUM_ORDER = {
    'ReturnConsumedCapacity': ['INDEXES', 'TOTAL', 'NONE'],
    'ReturnItemCollectionMetrics': ['SIZE', 'NONE'],
    'ReturnValue': ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'],
    'ComparisonOperator': ['IN', 'NULL', 'BETWEEN', 'LT', 'NOT_CONTAINS', 'EQ', 'GT', 'NOT_NULL',
                           'NE', 'LE', 'BEGINS_WITH', 'GE', 'CONTAINS'],
    'Select': ['SPECIFIC_ATTRIBUTES', 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'],
    'ConditionalOperator': ['OR', 'AND'],
    'ScalarAttributeType': ['B', 'N', 'S'],
    'KeyType': ['HASH', 'RANGE'],
    'ProjectionType': ['ALL', 'INCLUDE', 'KEYS_ONLY'],
    'BillingMode': ['PROVISIONED', 'PAY_PER_REQUEST'],
    'ReturnValuesOnConditionCheckFailure': ['ALL_OLD', 'NONE'],
}

# Operations where a missing TableName is not a constraint error but "The parameter
# 'TableName' is required but was not present in the request", sent before any other
# constraint (dynalite: validations with `required: true`; CreateTable re-confirmed in 2026).
TABLE_NAME_REQUIRED_OPS = ['CreateTable', 'DeleteTable', 'DescribeTable', 'UpdateTable',
                           'DescribeTimeToLive', 'UpdateTimeToLive']

# Constraints the service enforces in the same wording although today's model lacks them.
# CreateTable's table KeySchema: the model's KeySchema lost its maximum of 2 when GSIs got
# multi-attribute keys, but AWS still answers a 3-element table KeySchema with "Value '[...]'
# at 'keySchema' failed to satisfy constraint: Member must have length less than or equal
# to 2" (2026 capture, nubo-db/dynamodb-conformance tests/tier3/error-messages/createTable).
# {(structure, member): (synthetic shape name, base shape, overridden fields)}
MEMBER_SHAPE_OVERRIDES = {
    ('CreateTableInput', 'KeySchema'): ('KeySchema#Table', 'KeySchema', {'max': 2}),
}

# Patterns the validator has a matcher for (request_validator keeps one hand-written matcher
# per pattern: std::regex would allocate and is ECMAScript, not Java). A model with a new
# pattern stops this script until a matcher is added.
PATTERNS = {
    '[a-zA-Z0-9_.-]+': 'kName',
    '^[^\\$]+$': 'kNoDollar',
    '^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$': 'kS3Bucket',
    '[0-9]{12}': 'kTwelveDigits',
    '[,;:|\\t ]': 'kCsvDelimiter',
    '[\\x20-\\x21\\x23-\\x2B\\x2D-\\x7E]*': 'kCsvHeader',
    '([0-9a-f]{16})+': 'kHexBlocks16',
    '[\\u0020-\\uD7FF\\uE000-\\uFFFD\\uD800\\uDC00-\\uDBFF\\uDFFF\\r\\n\\t]*': 'kXmlChars',
    '\\p{Print}+': 'kPrintable',
}

# Shapes that botocore's model on this machine predates: DynamoDB's vector search (2026),
# whose requests @aws-sdk/client-dynamodb 3.1169's model (dist-types/models) describes. Smithy's
# TypeScript output keeps no constraints, so the bounds here are the service's: IndexName as for
# every index, Dimensions 1..4096 and at most 4096 search-vector elements (the vector index
# quotas), TopK at least 1 (above 100 is the operation's own "Provided TopK value" refusal), a
# non-empty SearchSchema (ScyllaDB's test_vector.py, against DynamoDB: "searchSchema" length),
# attribute names as for non-key attributes. Merged only where the loaded model lacks them, so a
# botocore that knows vector search wins.
SUPPLEMENT_SHAPES = {
    'VectorDistanceFunction': {'type': 'string', 'enum': ['COSINE', 'DOT_PRODUCT', 'EUCLIDEAN']},
    'SearchSchemaElementType': {'type': 'string', 'enum': ['HASH', 'INLINE_FILTER']},
    'VectorDimensions': {'type': 'integer', 'min': 1, 'max': 4096},
    'VectorAttributeName': {'type': 'string', 'min': 1, 'max': 65535},
    'VectorAttributeDefinition': {
        'type': 'structure', 'required': ['AttributeName'],
        'members': {'AttributeName': {'shape': 'VectorAttributeName'}}},
    'SearchSchemaElement': {
        'type': 'structure', 'required': ['AttributeName', 'SearchSchemaElementType'],
        'members': {'AttributeName': {'shape': 'KeySchemaAttributeName'},
                    'SearchSchemaElementType': {'shape': 'SearchSchemaElementType'}}},
    'SearchSchema': {'type': 'list', 'member': {'shape': 'SearchSchemaElement'}, 'min': 1},
    'VectorIndex': {
        'type': 'structure',
        'required': ['IndexName', 'VectorAttribute', 'Projection', 'Dimensions',
                     'DistanceFunction'],
        'members': {'IndexName': {'shape': 'IndexName'},
                    'VectorAttribute': {'shape': 'VectorAttributeDefinition'},
                    'SearchSchema': {'shape': 'SearchSchema'},
                    'Projection': {'shape': 'Projection'},
                    'Dimensions': {'shape': 'VectorDimensions'},
                    'DistanceFunction': {'shape': 'VectorDistanceFunction'}}},
    'VectorIndexList': {'type': 'list', 'member': {'shape': 'VectorIndex'}},
    'DeleteVectorIndexAction': {
        'type': 'structure', 'required': ['IndexName'],
        'members': {'IndexName': {'shape': 'IndexName'}}},
    'VectorIndexUpdate': {
        'type': 'structure',
        'members': {'Create': {'shape': 'VectorIndex'},
                    'Delete': {'shape': 'DeleteVectorIndexAction'}}},
    'VectorIndexUpdateList': {'type': 'list', 'member': {'shape': 'VectorIndexUpdate'}},
    'SearchVector': {'type': 'list', 'member': {'shape': 'AttributeValue'}, 'min': 1, 'max': 4096},
    'TopK': {'type': 'integer', 'min': 1},
    'SearchVectorsInput': {
        'type': 'structure', 'required': ['TableName', 'IndexName', 'SearchVector', 'TopK'],
        'members': {'TableName': {'shape': 'TableArn'},
                    'IndexName': {'shape': 'IndexName'},
                    'ReturnConsumedCapacity': {'shape': 'ReturnConsumedCapacity'},
                    'ExpressionAttributeNames': {'shape': 'ExpressionAttributeNameMap'},
                    'ExpressionAttributeValues': {'shape': 'ExpressionAttributeValueMap'},
                    'ProjectionExpression': {'shape': 'ProjectionExpression'},
                    'SearchVector': {'shape': 'SearchVector'},
                    'SearchConditionExpression': {'shape': 'ConditionExpression'},
                    'TopK': {'shape': 'TopK'}}},
}
# Bulk put (2026): StartBulkPutItems, DescribeBulkOperation, ListBulkOperations and
# CancelBulkOperation, from the same SDK's dist-types/models (models_0.d.ts, enums.d.ts). Its
# doc comments give the one documented bound, MaxWriteRequestUnits "must be at least 1,024";
# the S3 members reuse the export shapes botocore has (S3Bucket, S3Prefix, S3BucketOwner,
# S3SseAlgorithm, S3SseKmsKeyId, ClientToken, TableArn); OutputType holds "one or both values";
# the ARN is bounded as the other operation ARNs (ExportArn, ImportArn: 37..1024); MaxResults
# as ListImports' page size bound (1..25; "If you don't specify a value, DynamoDB uses 10").
SUPPLEMENT_SHAPES.update({
    'BulkOperationInputFormat': {'type': 'string', 'enum': ['DYNAMODB_JSON', 'ION']},
    'BulkOperationPerformanceTier': {'type': 'string', 'enum': ['ACCELERATED', 'STANDARD']},
    'OutputTypeEnum': {'type': 'string', 'enum': ['CONDITION_CHECK_FAILURE', 'ERROR']},
    'OutputTypeList': {'type': 'list', 'member': {'shape': 'OutputTypeEnum'}, 'min': 1, 'max': 2},
    'BulkOperationMaxWriteRequestUnits': {'type': 'long', 'min': 1024},
    'BulkOperationArn': {'type': 'string', 'min': 37, 'max': 1024},
    'ListBulkOperationsMaxResults': {'type': 'integer', 'min': 1, 'max': 25},
    'InputS3Configuration': {
        'type': 'structure', 'required': ['S3Bucket', 'InputFormat'],
        'members': {'S3BucketOwner': {'shape': 'S3BucketOwner'},
                    'S3Bucket': {'shape': 'S3Bucket'},
                    'S3KeyPrefix': {'shape': 'S3Prefix'},
                    'InputFormat': {'shape': 'BulkOperationInputFormat'},
                    'InputCompressionType': {'shape': 'InputCompressionType'}}},
    'OutputS3Configuration': {
        'type': 'structure', 'required': ['S3Bucket', 'OutputType'],
        'members': {'S3BucketOwner': {'shape': 'S3BucketOwner'},
                    'S3Bucket': {'shape': 'S3Bucket'},
                    'S3KeyPrefix': {'shape': 'S3Prefix'},
                    'S3SseAlgorithm': {'shape': 'S3SseAlgorithm'},
                    'S3SseKmsKeyId': {'shape': 'S3SseKmsKeyId'},
                    'OutputType': {'shape': 'OutputTypeList'}}},
    'StartBulkPutItemsInput': {
        'type': 'structure',
        'required': ['InputS3Configuration', 'OutputS3Configuration', 'TableName'],
        'members': {'ClientToken': {'shape': 'ClientToken'},
                    'InputS3Configuration': {'shape': 'InputS3Configuration'},
                    'OutputS3Configuration': {'shape': 'OutputS3Configuration'},
                    'TableName': {'shape': 'TableArn'},
                    'MaxWriteRequestUnits': {'shape': 'BulkOperationMaxWriteRequestUnits'},
                    'PerformanceTier': {'shape': 'BulkOperationPerformanceTier'}}},
    'BulkOperationArnInput': {
        'type': 'structure', 'required': ['BulkOperationArn'],
        'members': {'BulkOperationArn': {'shape': 'BulkOperationArn'}}},
    'ListBulkOperationsInput': {
        'type': 'structure',
        'members': {'MaxResults': {'shape': 'ListBulkOperationsMaxResults'},
                    'NextToken': {'shape': 'NextTokenString'}}},
})
SUPPLEMENT_MEMBERS = {
    'CreateTableInput': {'VectorIndexes': {'shape': 'VectorIndexList'}},
    'UpdateTableInput': {'VectorIndexUpdates': {'shape': 'VectorIndexUpdateList'}},
    'RestoreTableFromBackupInput': {'VectorIndexOverride': {'shape': 'VectorIndexList'}},
    'RestoreTableToPointInTimeInput': {'VectorIndexOverride': {'shape': 'VectorIndexList'}},
}
SUPPLEMENT_OPERATIONS = {
    'SearchVectors': {'name': 'SearchVectors', 'input': {'shape': 'SearchVectorsInput'}},
    'StartBulkPutItems': {'name': 'StartBulkPutItems', 'input': {'shape': 'StartBulkPutItemsInput'}},
    'DescribeBulkOperation': {'name': 'DescribeBulkOperation',
                              'input': {'shape': 'BulkOperationArnInput'}},
    'ListBulkOperations': {'name': 'ListBulkOperations',
                           'input': {'shape': 'ListBulkOperationsInput'}},
    'CancelBulkOperation': {'name': 'CancelBulkOperation',
                            'input': {'shape': 'BulkOperationArnInput'}},
}


def supplement(model):
    """Adds SUPPLEMENT_* where `model` lacks them."""
    shapes = model['shapes']
    for name, shape in SUPPLEMENT_SHAPES.items():
        shapes.setdefault(name, shape)
    for structure, members in SUPPLEMENT_MEMBERS.items():
        for member, ref in members.items():
            shapes[structure]['members'].setdefault(member, ref)
    for name, op in SUPPLEMENT_OPERATIONS.items():
        model['operations'].setdefault(name, op)
    return model


KINDS = {'structure': 'kStructure', 'list': 'kList', 'map': 'kMap', 'string': 'kString',
         'blob': 'kBlob', 'boolean': 'kBoolean', 'integer': 'kInteger', 'long': 'kLong',
         'double': 'kDouble', 'timestamp': 'kTimestamp'}

# AttributeValue and everything below it belong to the value codec (value_json/json_codec.h);
# the validator only checks that such a position holds an object.
OPAQUE = 'AttributeValue'
# A TableName member typed TableArn (and a TableArn map key) accepts a table name or an ARN;
# a name must also satisfy the TableName shape. This synthetic shape carries both.
NAME_OR_ARN = 'TableArn#NameOrArn'


def load_model(path):
    if path is None:
        import botocore  # the default python3's botocore is the recent one
        path = os.path.join(os.path.dirname(botocore.__file__), 'data', 'dynamodb',
                            '2012-08-10', 'service-2.json.gz')
        version = 'botocore ' + botocore.__version__
    else:
        version = os.path.basename(path)
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', encoding='utf-8') as f:
        return json.load(f), version


class Builder:
    def __init__(self, model):
        self.model = model
        self.shapes = model['shapes']
        self.index = {}        # shape name -> index into out_shapes
        self.out_shapes = []   # [name, dict]
        self.members = []      # (name_idx, shape_idx, required, model_pos)
        self.strings = []
        self.string_index = {}

    def s(self, text):
        if text not in self.string_index:
            self.string_index[text] = len(self.strings)
            self.strings.append(text)
        return self.string_index[text]

    def string_run(self, values):
        """Index of `values` as consecutive strings (enum values), appended if not present."""
        n = len(values)
        for i in range(len(self.strings) - n + 1):
            if self.strings[i:i + n] == values:
                return i
        first = len(self.strings)
        for v in values:
            self.string_index.setdefault(v, len(self.strings))
            self.strings.append(v)
        return first

    def shape(self, name):
        """Index of shape `name`, emitting it and its children on first use."""
        if name in self.index:
            return self.index[name]
        idx = len(self.out_shapes)
        self.index[name] = idx
        entry = {'kind': None, 'pattern': 'kNone', 'flags': [], 'name': name.split('#')[0],
                 'a': 0, 'b': 0, 'min': 0, 'max': 0}
        self.out_shapes.append([name, entry])
        if name == OPAQUE:
            entry['kind'] = 'kAttributeValue'
            return idx
        if name == NAME_OR_ARN:
            entry['kind'] = 'kString'
            self.fill_scalar(entry, self.shapes['TableArn'])
            entry['flags'].append('kNameOrArn')
            entry['a'] = self.shape('TableName')
            return idx
        s = self.shapes.get(name) or self.synthetic(name)
        entry['kind'] = KINDS[s['type']]
        if s['type'] == 'structure':
            ordered = self.member_order(name, s)
            required = set(s.get('required', []))
            model_names = list(s['members'])
            # Children first so that this structure's members stay contiguous.
            child = {m: self.member_shape(name, m, s['members'][m]['shape']) for m in ordered}
            entry['a'] = len(self.members)
            entry['b'] = len(ordered)
            for m in ordered:
                self.members.append((self.s(m), child[m], m in required, model_names.index(m)))
        elif s['type'] == 'list':
            entry['a'] = self.shape(s['member']['shape'])
            self.fill_scalar(entry, s)
        elif s['type'] == 'map':
            key = s['key']['shape']
            entry['a'] = self.shape(NAME_OR_ARN if key == 'TableArn' else key)
            entry['b'] = self.shape(s['value']['shape'])
            self.fill_scalar(entry, s)
        else:
            self.fill_scalar(entry, s)
            if 'enum' in s:
                values = ENUM_ORDER.get(name, s['enum'])
                assert sorted(values) == sorted(s['enum']), 'ENUM_ORDER out of date: ' + name
                entry['a'] = self.string_run(values)
                entry['b'] = len(values)
        return idx

    def member_shape(self, structure, member, shape):
        if member == 'TableName' and shape == 'TableArn':
            return self.shape(NAME_OR_ARN)
        if (structure, member) in MEMBER_SHAPE_OVERRIDES:
            return self.shape(MEMBER_SHAPE_OVERRIDES[(structure, member)][0])
        return self.shape(shape)

    def synthetic(self, name):
        for synthetic_name, base, fields in MEMBER_SHAPE_OVERRIDES.values():
            if synthetic_name == name:
                return dict(self.shapes[base], **fields)
        raise KeyError(name)

    def fill_scalar(self, entry, s):
        for key, flag in (('min', 'kHasMin'), ('max', 'kHasMax')):
            if key in s:
                entry[key] = int(s[key])
                entry['flags'].append(flag)
        if 'pattern' in s:
            if s['pattern'] not in PATTERNS:
                sys.exit('gen_api_model: no matcher for pattern %r: add one to '
                         'request_validator and PATTERNS' % s['pattern'])
            entry['pattern'] = 'Pattern::' + PATTERNS[s['pattern']]

    def member_order(self, name, s):
        model = list(s['members'])
        first = [m for m in MEMBER_ORDER.get(name, []) if m in s['members']]
        return first + [m for m in model if m not in first]


def cpp_string(text):
    out = []
    for ch in text:
        if ch in '\\"':
            out.append('\\' + ch)
        elif 32 <= ord(ch) < 127:
            out.append(ch)
        else:
            out.append('\\x%02x' % ord(ch))
    return '"' + ''.join(out) + '"'


def generate(model, version):
    b = Builder(model)
    ops = []
    for op_name in sorted(model['operations']):
        op = model['operations'][op_name]
        shape = b.shape(op['input']['shape']) if 'input' in op else None
        ops.append((b.s(op_name), shape, op_name in TABLE_NAME_REQUIRED_OPS, op_name))
    for op in TABLE_NAME_REQUIRED_OPS:
        assert op in model['operations'], op
    shape_names = [b.s(entry['name']) for _, entry in b.out_shapes]

    lines = []
    w = lines.append
    w('// GENERATED by tools/gen_api_model.py from the DynamoDB API model (%s, %s).'
      % (version, model['metadata']['apiVersion']))
    w('// Do not edit: change the script and regenerate from the repository root with')
    w('//   python3 tools/gen_api_model.py')
    w('// Every operation\'s input shape tree as validated before any operation-specific check;')
    w('// shapes are shared by index. Included by api_model.h only.')
    w('// %d operations, %d shapes, %d members, %d strings.'
      % (len(ops), len(b.out_shapes), len(b.members), len(b.strings)))
    w('')
    most = max(e['b'] for _, e in b.out_shapes if e['kind'] == 'kStructure')
    w('// The most members any structure has (the validator keeps one slot per member).')
    w('inline constexpr size_t kMaxStructureMembers = %d;' % most)
    w('')
    w('inline constexpr std::string_view kStrings[] = {')
    row = '   '
    for text in b.strings:
        item = ' ' + cpp_string(text) + ','
        if len(row) + len(item) > 99:
            w(row)
            row = '   '
        row += item
    w(row)
    w('};')
    w('')
    w('// {kind, pattern, flags, name, a, b, min, max}: a/b are structure: first member, count;')
    w('// list: element; map: key, value; enum string: first value, count; NameOrArn: name shape.')
    w('inline constexpr Shape kShapes[] = {')
    for i, (name, e) in enumerate(b.out_shapes):
        flags = '|'.join(e['flags']) or '0'
        w('    {ShapeKind::%s, %s, %s, %d, %d, %d, %d, %d},  // %d %s'
          % (e['kind'], e['pattern'] if e['pattern'] != 'kNone' else 'Pattern::kNone', flags,
             shape_names[i], e['a'], e['b'], e['min'], e['max'], i, name))
    w('};')
    w('')
    w('// {name, shape, required, model position}, in the order the service reports errors.')
    w('inline constexpr Member kMembers[] = {')
    row = '   '
    for name, shape, required, pos in b.members:
        item = ' {%d, %d, %s, %d},' % (name, shape, 'true' if required else 'false', pos)
        if len(row) + len(item) > 99:
            w(row)
            row = '   '
        row += item
    w(row)
    w('};')
    w('')
    w('// {name, input shape, TableName-required message}, sorted by name.')
    w('inline constexpr Operation kOperations[] = {')
    for name, shape, required, op_name in ops:
        w('    {%d, %s, %s},  // %s' % (name, shape if shape is not None else 'kNoShape',
                                      'true' if required else 'false', op_name))
    w('};')
    return '\n'.join(lines) + '\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--model', help='service-2.json or .json.gz (default: botocore\'s)')
    parser.add_argument('--out', default=OUT_PATH)
    parser.add_argument('--check', action='store_true', help='fail if --out is stale')
    args = parser.parse_args()
    model, version = load_model(args.model)
    text = generate(supplement(model), version)
    if args.check:
        with open(args.out, encoding='utf-8') as f:
            if f.read() != text:
                sys.exit('%s is stale: run tools/gen_api_model.py' % args.out)
        return
    with open(args.out, 'w', encoding='utf-8') as f:
        f.write(text)


if __name__ == '__main__':
    main()
