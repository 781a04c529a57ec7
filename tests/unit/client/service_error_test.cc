// Every ErrorCode survives the trip the HTTP client makes: rendered by the server's envelope
// (api::json::RenderError), read back by ApiErrorFromEnvelope into the same code, message and
// payload.
#include "http_client/json_client.h"

#include <gtest/gtest.h>

#include "api_json/error_envelope.h"
#include "ddbemu/attribute_value.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace service_error_test {

TEST(ServiceErrorTest, EveryServiceErrorCodeRoundTripsThroughTheEnvelope) {
  int checked = 0;
  for (int i = 0; i <= static_cast<int>(ErrorCode::kInternalServerError); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    const ApiError sent(code, "message of code " + std::to_string(i));
    SCOPED_TRACE(std::string(sent.type_name()));
    std::string type;
    const ApiError got =
        http_client::ApiErrorFromEnvelope(sent.http_status(), api::json::RenderError(sent), &type);
    EXPECT_EQ(got.code(), code);
    EXPECT_EQ(got.message(), sent.message());
    EXPECT_EQ(type, sent.type_name());
    EXPECT_EQ(ErrorCodeFromTypeName(sent.type_name()), code);
    EXPECT_EQ(ErrorCodeFromTypeName(sent.short_name()), code);
    ++checked;
  }
  EXPECT_EQ(checked, 34);  // every code a service sends: streams, control plane, export and import
}

TEST(ServiceErrorTest, CancellationReasonsThrottlingReasonsAndItemArrive) {
  ApiError sent(ErrorCode::kTransactionCanceled,
                "Transaction cancelled, please refer cancellation reasons for specific reasons "
                "[None, ConditionalCheckFailed]");
  sent.cancellation_reasons.push_back({"None", "", nullptr});
  Item item;
  item.emplace("pk", AttributeValue::S("a"));
  item.emplace("n", AttributeValue::N("5"));
  sent.cancellation_reasons.push_back(
      {"ConditionalCheckFailed", "The conditional request failed",
       std::make_shared<const AttributeValue>(AttributeValue::M(item))});
  const ApiError got = http_client::ApiErrorFromEnvelope(400, api::json::RenderError(sent));
  ASSERT_EQ(got.cancellation_reasons.size(), 2u);
  EXPECT_EQ(got.cancellation_reasons[0].code, "None");
  EXPECT_EQ(got.cancellation_reasons[0].message, "");
  EXPECT_EQ(got.cancellation_reasons[0].item, nullptr);
  EXPECT_EQ(got.cancellation_reasons[1].code, "ConditionalCheckFailed");
  EXPECT_EQ(got.cancellation_reasons[1].message, "The conditional request failed");
  ASSERT_NE(got.cancellation_reasons[1].item, nullptr);
  EXPECT_EQ(*got.cancellation_reasons[1].item, AttributeValue::M(item));

  ApiError throttled(ErrorCode::kProvisionedThroughputExceeded, "slow down");
  throttled.throttling_reasons.push_back(
      {"TableWriteKeyRangeThroughputExceeded", "arn:aws:dynamodb:us-east-1:0:table/T"});
  const ApiError got2 = http_client::ApiErrorFromEnvelope(400, api::json::RenderError(throttled));
  ASSERT_EQ(got2.throttling_reasons.size(), 1u);
  EXPECT_EQ(got2.throttling_reasons[0].reason, "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(got2.throttling_reasons[0].resource_arn, "arn:aws:dynamodb:us-east-1:0:table/T");

  ApiError failed = ApiError::ConditionalCheckFailed();
  failed.item = std::make_shared<const AttributeValue>(AttributeValue::M(item));
  const ApiError got3 = http_client::ApiErrorFromEnvelope(400, api::json::RenderError(failed));
  ASSERT_NE(got3.item, nullptr);
  EXPECT_EQ(*got3.item, AttributeValue::M(item));
}

TEST(ServiceErrorTest, UnknownTypesAndNonJsonBodiesKeepWhatWasSent) {
  const ApiError denied = http_client::ApiErrorFromEnvelope(
      400, R"({"__type":"com.amazon.coral.service#UnrecognizedClientException",)"
           R"("message":"The security token included in the request is invalid."})");
  EXPECT_EQ(denied.code(), ErrorCode::kUnknownServiceError);
  EXPECT_EQ(denied.message(),
            "UnrecognizedClientException: The security token included in the request is invalid.");
  const ApiError gateway = http_client::ApiErrorFromEnvelope(502, "<html>Bad Gateway</html>");
  EXPECT_EQ(gateway.code(), ErrorCode::kInternalServerError);
  EXPECT_EQ(gateway.message(), "HTTP 502: <html>Bad Gateway</html>");
  EXPECT_EQ(http_client::ApiErrorFromEnvelope(403, "").code(), ErrorCode::kUnknownServiceError);
  EXPECT_EQ(ErrorCodeFromTypeName("NoSuchException"), std::nullopt);
}

}  // namespace service_error_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
