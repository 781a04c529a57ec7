// DynamoDB JSON: parsing with the service's exception types and exact messages, and writing.
#include "value_json/json_codec.h"

#include <gtest/gtest.h>

#include "ddbemu/testing/matchers.h"
#include "random_values.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace json_codec_test {

rapidjson::Document Parse(const std::string& text) {
  rapidjson::Document d;
  // Iteratively, as the request path parses (api_json/request_body.cc): the nesting tests' deep
  // documents must reach the codec, not exhaust this helper's stack in an unoptimised build.
  d.Parse<rapidjson::kParseIterativeFlag>(text.c_str(), text.size());
  EXPECT_FALSE(d.HasParseError()) << text;
  return d;
}

// "<Type>: <message>" of parsing `json` as a standalone AttributeValue, or "ok".
std::string ValueError(const std::string& json) {
  Result<AttributeValue> r = AttributeValueFromJson(Parse(json));
  if (r.ok()) return "ok";
  return std::string(r.error().short_name()) + ": " + r.error().message();
}
std::string ItemError(const std::string& json) {
  Result<Item> r = ItemFromJson(Parse(json));
  if (r.ok()) return "ok";
  return std::string(r.error().short_name()) + ": " + r.error().message();
}

std::string ToJson(const AttributeValue& v) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  WriteAttributeValue(v, w);
  return buf.GetString();
}
std::string ToJson(const Item& item) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  WriteItem(item, w);
  return buf.GetString();
}
std::string RoundTrip(const std::string& json) {
  return ToJson(*AttributeValueFromJson(Parse(json)));
}

const std::string kV = "ValidationException: ";
const std::string kSer = "SerializationException: ";
const std::string kInvalid = kV + "One or more parameter values were invalid: ";

TEST(JsonCodec, ParsesEveryTypeAndWritesItBack) {
  EXPECT_EQ(RoundTrip(R"({"S":"héllo"})"), R"({"S":"héllo"})");
  EXPECT_EQ(RoundTrip(R"({"S":""})"), R"({"S":""})");  // empty strings are allowed (since 2020)
  EXPECT_EQ(RoundTrip(R"({"N":"1E+3"})"), R"({"N":"1000"})");  // stored canonical
  EXPECT_EQ(RoundTrip(R"({"N":"-0.0"})"), R"({"N":"0"})");
  EXPECT_EQ(RoundTrip(R"({"B":"AAEC/w=="})"), R"({"B":"AAEC/w=="})");
  EXPECT_EQ(RoundTrip(R"({"B":""})"), R"({"B":""})");
  EXPECT_EQ(RoundTrip(R"({"BOOL":false})"), R"({"BOOL":false})");
  EXPECT_EQ(RoundTrip(R"({"NULL":true})"), R"({"NULL":true})");
  // Sets come back in set order (value/value_rules.h): SS and BS by bytes, NS by value.
  EXPECT_EQ(RoundTrip(R"({"SS":["b","a",""]})"), R"({"SS":["","a","b"]})");
  EXPECT_EQ(RoundTrip(R"({"NS":["1.50","-2"]})"), R"({"NS":["-2","1.5"]})");
  EXPECT_EQ(RoundTrip(R"({"BS":["YQ==","Yg=="]})"), R"({"BS":["YQ==","Yg=="]})");
  EXPECT_EQ(RoundTrip(R"({"L":[{"S":"a"},{"L":[]},{"M":{}}]})"),
            R"({"L":[{"S":"a"},{"L":[]},{"M":{}}]})");
  EXPECT_EQ(RoundTrip(R"({"M":{"z":{"N":"1"},"a":{"NULL":true}}})"),
            R"({"M":{"a":{"NULL":true},"z":{"N":"1"}}})");
}

TEST(JsonCodec, BinaryIsDecodedToRawBytes) {
  Result<AttributeValue> v = AttributeValueFromJson(Parse(R"({"B":"AAEC/w=="})"));
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->scalar(), std::string("\x00\x01\x02\xFF", 4));
}

TEST(JsonCodec, UnknownAndNullMembersAreIgnored) {
  // The service ignores members it does not model, and a null member is an absent one.
  EXPECT_EQ(RoundTrip(R"({"S":"a","Q":"b"})"), R"({"S":"a"})");
  EXPECT_EQ(RoundTrip(R"({"Q":5,"N":"2","S":null})"), R"({"N":"2"})");
}

TEST(JsonCodec, ItemRoundTrip) {
  const std::string json = R"({"pk":{"S":"user#1"},"n":{"N":"12.5"},"tags":{"SS":["x"]}})";
  Result<Item> item = ItemFromJson(Parse(json));
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(item->size(), 3u);
  EXPECT_EQ(ToJson(*item), R"({"n":{"N":"12.5"},"pk":{"S":"user#1"},"tags":{"SS":["x"]}})");
  EXPECT_EQ(ItemError("{}"), "ok");
}

TEST(JsonCodec, EmptyOrAmbiguousValues) {
  const std::string empty =
      kV + "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
  EXPECT_EQ(ValueError("{}"), empty);
  EXPECT_EQ(ValueError(R"({"Q":"a"})"), empty);
  EXPECT_EQ(ValueError(R"({"S":null})"), empty);
  EXPECT_EQ(ItemError(R"({"a":{"L":[{}]}})"), empty);
  EXPECT_EQ(ItemError(R"({"a":{"M":{"b":{}}}})"), empty);
  EXPECT_EQ(ValueError(R"({"S":"a","N":"1"})"),
            kV + "Supplied AttributeValue has more than one datatypes set, must contain exactly "
                 "one of the supported datatypes");
}

TEST(JsonCodec, MembersAreValidatedBeforeTheTypeCount) {
  // The service reports a bad member even when the value also has two types.
  EXPECT_EQ(ValueError(R"({"S":"a","N":"x"})"),
            kV + "The parameter cannot be converted to a numeric value: x");
  EXPECT_EQ(ValueError(R"({"S":"a","NULL":false})"),
            kInvalid + "Null attribute value types must have the value of true");
  EXPECT_EQ(ValueError(R"({"S":"a","SS":[]})"), kInvalid + "An string set  may not be empty");
}

TEST(JsonCodec, NullAndEmptySets) {
  EXPECT_EQ(ValueError(R"({"NULL":false})"),
            kInvalid + "Null attribute value types must have the value of true");
  EXPECT_EQ(ValueError(R"({"SS":[]})"), kInvalid + "An string set  may not be empty");
  EXPECT_EQ(ValueError(R"({"NS":[]})"), kInvalid + "An number set  may not be empty");
  EXPECT_EQ(ValueError(R"({"BS":[]})"), kInvalid + "Binary sets should not be empty");
}

TEST(JsonCodec, DuplicateSetMembers) {
  EXPECT_EQ(ValueError(R"({"SS":["b","a","b"]})"),
            kInvalid + "Input collection [b, a, b] contains duplicates.");
  EXPECT_EQ(ValueError(R"({"NS":["1","1"]})"), kV + "Input collection contains duplicates");
  EXPECT_EQ(ValueError(R"({"NS":["1","1.0"]})"), kV + "Input collection contains duplicates");
  EXPECT_EQ(ValueError(R"({"NS":["100","1E+2"]})"), kV + "Input collection contains duplicates");
  EXPECT_EQ(ValueError(R"({"BS":["Yg==","Yg=="]})"),
            kInvalid + "Input collection [Yg==, Yg==]of type BS contains duplicates.");
  EXPECT_EQ(ValueError(R"({"SS":["a","A"]})"), "ok");
}

TEST(JsonCodec, NullMembersAndValues) {
  EXPECT_EQ(ValueError(R"({"SS":["a",null]})"),
            kInvalid + "An string set may not have a null string as a member");
  EXPECT_EQ(ValueError(R"({"NS":["1",null]})"),
            kV + "The parameter cannot be converted to a numeric value");
  EXPECT_EQ(ValueError(R"({"BS":["Yg==",null]})"),
            kV + "The supplied Item contains a null AttributeValue");
  EXPECT_EQ(ValueError(R"({"L":[null]})"), kV + "The supplied Item contains a null AttributeValue");
  EXPECT_EQ(ValueError(R"({"M":{"a":null}})"),
            kV + "The supplied Item contains a null AttributeValue: a is null");
  EXPECT_EQ(ItemError(R"({"x":null})"),
            kV + "The supplied Item contains a null AttributeValue: x is null");
  EXPECT_EQ(ValueError("null"), kV + "The supplied Item contains a null AttributeValue");
}

TEST(JsonCodec, InvalidNumbers) {
  const std::string nan = kV + "The parameter cannot be converted to a numeric value";
  EXPECT_EQ(ValueError(R"({"N":""})"), nan);
  EXPECT_EQ(ValueError(R"({"N":"abc"})"), nan + ": abc");
  EXPECT_EQ(ValueError(R"({"N":"NaN"})"), nan + ": NaN");
  EXPECT_EQ(ValueError(R"({"NS":["1","b","a"]})"), nan + ": b");  // the first bad member
  EXPECT_EQ(ValueError(R"({"NS":["1",""]})"), nan);
  EXPECT_EQ(ValueError(R"({"N":"123456789012345678901234567890123456789"})"),
            kV + "Attempting to store more than 38 significant digits in a Number");
  EXPECT_EQ(ValueError(R"({"N":"1e126"})"),
            kV + "Number overflow. Attempting to store a number with magnitude larger than "
                 "supported range");
  EXPECT_EQ(ValueError(R"({"NS":["-1e-131"]})"),
            kV + "Number underflow. Attempting to store a number with magnitude smaller than "
                 "supported range");
}

TEST(JsonCodec, WrongJsonTypesAreSerializationErrors) {
  EXPECT_EQ(ValueError(R"({"S":5})"), kSer + "NUMBER_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"N":5})"), kSer + "NUMBER_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"N":34.56})"), kSer + "DECIMAL_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"S":true})"), kSer + "TRUE_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"S":false})"), kSer + "FALSE_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"S":[]})"),
            kSer + "Unrecognized collection type class java.lang.String");
  EXPECT_EQ(ValueError(R"({"S":{}})"), kSer + "Start of structure or map found where not expected");
  EXPECT_EQ(ValueError(R"({"BOOL":"x"})"), kSer + "Unexpected token received from parser");
  EXPECT_EQ(ValueError(R"({"BOOL":1})"), kSer + "NUMBER_VALUE cannot be converted to Boolean");
  EXPECT_EQ(ValueError(R"({"NULL":2.5})"), kSer + "DECIMAL_VALUE cannot be converted to Boolean");
  EXPECT_EQ(ValueError(R"({"NULL":[]})"),
            kSer + "Unrecognized collection type class java.lang.Boolean");
  EXPECT_EQ(ValueError(R"({"B":5})"),
            kSer + "only base-64-encoded strings are convertible to bytes");
  EXPECT_EQ(ValueError(R"({"B":[]})"),
            kSer + "Unrecognized collection type class java.nio.ByteBuffer");
  EXPECT_EQ(ValueError(R"({"SS":"x"})"), kSer + "Unexpected field type");
  EXPECT_EQ(ValueError(R"({"SS":{}})"),
            kSer + "Start of structure or map found where not expected");
  EXPECT_EQ(ValueError(R"({"SS":[1]})"), kSer + "NUMBER_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"NS":[1]})"), kSer + "NUMBER_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"BS":[true]})"),
            kSer + "only base-64-encoded strings are convertible to bytes");
  EXPECT_EQ(ValueError(R"({"L":{}})"), kSer + "Start of structure or map found where not expected");
  EXPECT_EQ(ValueError(R"({"L":5})"), kSer + "Unexpected field type");
  EXPECT_EQ(ValueError(R"({"L":["x"]})"), kSer + "Unexpected value type in payload");
  EXPECT_EQ(
      ValueError(R"({"L":[[]]})"),
      kSer + "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue");
  EXPECT_EQ(ValueError(R"({"M":[]})"),
            kSer +
                "Unrecognized collection type java.util.Map<java.lang.String, "
                "com.amazonaws.dynamodb.v20120810.AttributeValue>");
  EXPECT_EQ(ValueError(R"({"M":"x"})"), kSer + "Unexpected field type");
  EXPECT_EQ(ValueError(R"({"M":{"a":5}})"), kSer + "Unexpected value type in payload");
  EXPECT_EQ(ValueError(R"("x")"), kSer + "Unexpected value type in payload");
  EXPECT_EQ(ItemError(R"({"a":"x"})"), kSer + "Unexpected value type in payload");
  EXPECT_EQ(ItemError(R"([])"), kSer +
                                    "Unrecognized collection type java.util.Map<java.lang.String, "
                                    "com.amazonaws.dynamodb.v20120810.AttributeValue>");
  EXPECT_EQ(ItemError(R"("x")"), kSer + "Unexpected field type");
}

TEST(JsonCodec, SerializationErrorsWinOverEarlierValidationErrors) {
  // The service deserializes the whole request before validating any of it.
  EXPECT_EQ(ItemError(R"({"a":{"NULL":false},"b":{"S":5}})"),
            kSer + "NUMBER_VALUE cannot be converted to String");
  EXPECT_EQ(ValueError(R"({"L":[{},{"L":[{"BOOL":"no"}]}]})"),
            kSer + "Unexpected token received from parser");
  EXPECT_TRUE(CheckItemJson(Parse(R"({"a":{"NULL":false}})")).ok());
  EXPECT_FALSE(CheckAttributeValueJson(Parse(R"({"S":1})")).ok());
}

TEST(JsonCodec, InvalidBase64IsASerializationError) {
  EXPECT_EQ(ValueError(R"({"B":"23456"})"),
            kSer + "Base64 encoded length is expected a multiple of 4 bytes but found: 5");
  EXPECT_EQ(ValueError(R"({"B":"=+/="})"),
            kSer + "Invalid last non-pad Base64 character dectected");
  EXPECT_EQ(ValueError(R"({"B":"+/+="})"),
            kSer + "Invalid last non-pad Base64 character dectected");
  EXPECT_EQ(ValueError(R"({"B":"YR=="})"),
            kSer + "Invalid last non-pad Base64 character dectected");
  EXPECT_EQ(ValueError(R"({"B":"!!!!"})"), kSer + "Invalid Base64 character: '!'");
  EXPECT_EQ(ValueError(R"({"B":"YQ==YQ=="})"), kSer + "Invalid Base64 character: '='");
  EXPECT_EQ(ValueError(R"({"BS":["Yg==","Yg"]})"),
            kSer + "Base64 encoded length is expected a multiple of 4 bytes but found: 2");
}

std::string Nested(int levels, const std::string& leaf = R"({"S":"x"})") {
  std::string v = leaf;
  for (int i = 0; i < levels; ++i) v = R"({"L":[)" + v + "]}";
  return v;
}
std::string NestedMaps(int levels) {
  std::string v = R"({"S":"x"})";
  for (int i = 0; i < levels; ++i) v = R"({"M":{"a":)" + v + "}}";
  return v;
}

TEST(JsonCodec, NestingLimitCountsTheItemAsALevel) {
  const std::string nesting =
      kV +
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
      "beyond supported limit";
  // Observed on DynamoDB Local: in an item, 31 nested lists/maps pass and 32 fail; a standalone
  // value (an ExpressionAttributeValue) may hold 32.
  EXPECT_EQ(ItemError(R"({"x":)" + Nested(31) + "}"), "ok");
  EXPECT_EQ(ItemError(R"({"x":)" + Nested(32) + "}"), nesting);
  EXPECT_EQ(ItemError(R"({"x":)" + Nested(31, R"({"L":[]})") + "}"), nesting);  // 32 lists
  EXPECT_EQ(ItemError(R"({"x":)" + NestedMaps(31) + "}"), "ok");
  EXPECT_EQ(ItemError(R"({"x":)" + NestedMaps(32) + "}"), nesting);
  EXPECT_EQ(ValueError(Nested(32)), "ok");
  EXPECT_EQ(ValueError(Nested(33)), nesting);
  EXPECT_EQ(ValueError(Nested(5000)), nesting);  // no stack exhaustion
}

TEST(JsonCodec, NestingIsCheckedPerAttributeInInputOrder) {
  const std::string nesting_prefix = kV + "Nesting Levels";
  // Nesting of an attribute is checked before its contents...
  EXPECT_EQ(
      ItemError(R"({"x":)" + Nested(40, R"({"N":"x"})") + "}").substr(0, nesting_prefix.size()),
      nesting_prefix);
  // ...but after the attributes before it.
  EXPECT_EQ(ItemError(R"({"b":{"NULL":false},"a":)" + Nested(40) + "}"),
            kInvalid + "Null attribute value types must have the value of true");
}

TEST(JsonCodec, AttributesAreValidatedInInputOrder) {
  EXPECT_EQ(ItemError(R"({"b":{"N":"x"},"a":{}})"),
            kV + "The parameter cannot be converted to a numeric value: x");
  EXPECT_EQ(ItemError(R"({"a":{},"b":{"N":"x"}})"),
            kV + "Supplied AttributeValue is empty, must contain exactly one of the supported "
                 "datatypes");
  EXPECT_EQ(ItemError(R"({"b":{"NS":["1","1"]},"a":{"SS":[]}})"),
            kV + "Input collection contains duplicates");
  EXPECT_EQ(ItemError(R"({"b":{"L":[{"SS":[]},{"N":"x"}]}})"),
            kInvalid + "An string set  may not be empty");
}

TEST(JsonCodec, RepeatedNamesKeepTheLastValue) {
  Result<Item> item = ItemFromJson(Parse(R"({"a":{"S":"1"},"a":{"S":"2"}})"));
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(Attr(*item, "a").scalar(), "2");
}

TEST(JsonCodec, WriterEscapesAndKeepsEmbeddedZeros) {
  const Item item{{std::string("k\0y", 3), AttributeValue::S(std::string("a\"\0\n", 4))}};
  EXPECT_EQ(ToJson(item), R"({"k\u0000y":{"S":"a\"\u0000\n"}})");
}

TEST(Base64, EncodesWithPaddingAndRoundTrips) {
  EXPECT_EQ(Base64Encode(""), "");
  EXPECT_EQ(Base64Encode("a"), "YQ==");
  EXPECT_EQ(Base64Encode("ab"), "YWI=");
  EXPECT_EQ(Base64Encode("abc"), "YWJj");
  EXPECT_EQ(Base64Encode(std::string("\xFB\xFF", 2)), "+/8=");
  ddbemu::testing::RandomValues r(21);
  for (int i = 0; i < 2000; ++i) {
    const std::string bytes = r.Bytes(40);
    std::string decoded;
    ASSERT_TRUE(Base64Decode(Base64Encode(bytes), &decoded));
    ASSERT_EQ(decoded, bytes);
  }
  std::string out;
  EXPECT_FALSE(Base64Decode("YQ", &out));
  EXPECT_FALSE(Base64Decode("Y-_=", &out));
}

}  // namespace json_codec_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
