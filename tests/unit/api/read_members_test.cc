// FindReadMembers: the one-pass lookup of a read request's members answers, for every member a
// Query, Scan or GetItem parse reads, exactly what Member() (a FindMember by name) answers —
// repeated names (the first counts), JSON nulls (absent), names that differ only in length or
// case, and bodies that are not objects.
#include "api_json/fast_parse.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "api_json/json_read.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace read_members_test {

using Slot = const rapidjson::Value* ReadMembers::*;

const std::vector<std::pair<const char*, Slot>>& Names() {
  static const std::vector<std::pair<const char*, Slot>> names = {
      {"TableName", &ReadMembers::table_name},
      {"IndexName", &ReadMembers::index_name},
      {"Select", &ReadMembers::select},
      {"Limit", &ReadMembers::limit},
      {"ConsistentRead", &ReadMembers::consistent_read},
      {"ReturnConsumedCapacity", &ReadMembers::return_consumed_capacity},
      {"FilterExpression", &ReadMembers::filter_expression},
      {"ProjectionExpression", &ReadMembers::projection_expression},
      {"ConditionalOperator", &ReadMembers::conditional_operator},
      {"AttributesToGet", &ReadMembers::attributes_to_get},
      {"QueryFilter", &ReadMembers::query_filter},
      {"ScanFilter", &ReadMembers::scan_filter},
      {"ExpressionAttributeNames", &ReadMembers::names},
      {"ExpressionAttributeValues", &ReadMembers::values},
      {"ExclusiveStartKey", &ReadMembers::exclusive_start_key},
      {"Key", &ReadMembers::key},
      {"ScanIndexForward", &ReadMembers::scan_index_forward},
      {"KeyConditionExpression", &ReadMembers::key_condition_expression},
      {"KeyConditions", &ReadMembers::key_conditions},
      {"Segment", &ReadMembers::segment},
      {"TotalSegments", &ReadMembers::total_segments},
  };
  return names;
}

void ExpectAsMember(const std::string& json) {
  rapidjson::Document body;
  body.Parse(json.c_str(), json.size());
  ASSERT_FALSE(body.HasParseError()) << json;
  const ReadMembers found = FindReadMembers(body);
  for (const auto& [name, slot] : Names()) {
    EXPECT_EQ(found.*slot, Member(body, name)) << name << " in " << json;
  }
}

TEST(ReadMembersTest, FindsEachMemberAsMemberDoes) {
  ExpectAsMember(
      R"({"TableName":"t","IndexName":"i","Select":"COUNT","Limit":3,"ConsistentRead":true,)"
      R"("ReturnConsumedCapacity":"TOTAL","FilterExpression":"a = :a","ProjectionExpression":"a",)"
      R"("ConditionalOperator":"AND","AttributesToGet":["a"],"QueryFilter":{},"ScanFilter":{},)"
      R"("ExpressionAttributeNames":{"#a":"a"},"ExpressionAttributeValues":{":a":{"S":"x"}},)"
      R"("ExclusiveStartKey":{"pk":{"S":"p"}},"Key":{"pk":{"S":"p"}},"ScanIndexForward":false,)"
      R"("KeyConditionExpression":"pk = :a","KeyConditions":{},"Segment":0,"TotalSegments":2})");
  ExpectAsMember(R"({"TableName":"t","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#2"}}})");
  ExpectAsMember(R"({})");
}

TEST(ReadMembersTest, KeepsTheFirstOfARepeatedNameAndReadsNullAsAbsent) {
  ExpectAsMember(R"({"TableName":"a","TableName":"b","Limit":null,"Limit":4})");
  ExpectAsMember(R"({"Key":null,"Key":{"pk":{"S":"p"}},"Select":"COUNT","Select":null})");
  ExpectAsMember(R"({"TableName":null})");
}

TEST(ReadMembersTest, MatchesNamesExactly) {
  // Same lengths as known names, other bytes; other cases; prefixes and extensions.
  ExpectAsMember(
      R"({"TableNamf":"t","tableName":"t","Keys":{},"Ke":{},"KEY":{},"Limits":1,"Limi":1,)"
      R"("SCANFILTER":{},"QueryFilters":{},"ExpressionAttributeNameX":{},"":1,"Segment ":2})");
}

TEST(ReadMembersTest, FindsNothingInANonObject) {
  for (const std::string json : {"[1,2]", "\"TableName\"", "null", "3"}) ExpectAsMember(json);
}

}  // namespace read_members_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
