// Constraint stage for bulk put (StartBulkPutItems, DescribeBulkOperation, ListBulkOperations,
// CancelBulkOperation): the shapes tools/gen_api_model.py supplements from
// @aws-sdk/client-dynamodb 3.1169, MaxWriteRequestUnits "at least 1,024" above all.
#include <string>

#include "request_validator_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace request_constraints_bulk_test {

const std::string kInput =
    R"("InputS3Configuration":{"S3Bucket":"in","InputFormat":"DYNAMODB_JSON"})";
const std::string kOutput = R"("OutputS3Configuration":{"S3Bucket":"out","OutputType":["ERROR"]})";
const std::string kArn =
    "arn:aws:dynamodb:us-east-1:000000000000:table/Music/bulk-operation/01700000000000-0001";

std::string Start(const std::string& more) {
  return "{\"TableName\":\"Music\"," + kInput + "," + kOutput + more + "}";
}

class RequestConstraintsBulkTest : public ::testing::TestWithParam<ValidationCase> {};

TEST_P(RequestConstraintsBulkTest, AnswersLikeTheService) { ExpectAnswer(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Bulk, RequestConstraintsBulkTest,
    ::testing::Values(
        Ok("StartMinimal", "StartBulkPutItems", Start("")),
        Ok("StartEverything", "StartBulkPutItems",
           Start(R"(,"MaxWriteRequestUnits":1024,"PerformanceTier":"ACCELERATED",
                    "ClientToken":"t1")")),
        Invalid("StartEmpty", "StartBulkPutItems", "{}",
                Many({NotNull("inputS3Configuration"), NotNull("outputS3Configuration"),
                      NotNull("tableName")})),
        Invalid("MaxWriteRequestUnitsBelow1024", "StartBulkPutItems",
                Start(R"(,"MaxWriteRequestUnits":1000)"),
                One(Broken("1000", "maxWriteRequestUnits",
                           "have value greater than or equal to 1024"))),
        Invalid("PerformanceTierEnum", "StartBulkPutItems", Start(R"(,"PerformanceTier":"FAST")"),
                One(Broken("FAST", "performanceTier",
                           "satisfy enum value set: [ACCELERATED, STANDARD]"))),
        Invalid(
            "InputFormatRequiredAndEnum", "StartBulkPutItems",
            R"({"TableName":"Music","InputS3Configuration":{"S3Bucket":"in","InputFormat":"CSV"},)" +
                kOutput + "}",
            One(Broken("CSV", "inputS3Configuration.inputFormat",
                       "satisfy enum value set: [DYNAMODB_JSON, ION]"))),
        Invalid("OutputTypeRequired", "StartBulkPutItems",
                "{\"TableName\":\"Music\"," + kInput +
                    R"(,"OutputS3Configuration":{"S3Bucket":"out"}})",
                One(NotNull("outputS3Configuration.outputType"))),
        Ok("Describe", "DescribeBulkOperation", "{\"BulkOperationArn\":\"" + kArn + "\"}"),
        Invalid("DescribeShortArn", "DescribeBulkOperation", R"({"BulkOperationArn":"arn"})",
                One(Broken("arn", "bulkOperationArn", "have length greater than or equal to 37"))),
        Invalid("CancelWithoutArn", "CancelBulkOperation", "{}", One(NotNull("bulkOperationArn"))),
        Ok("List", "ListBulkOperations", R"({"MaxResults":25})"),
        Invalid("ListMaxResults", "ListBulkOperations", R"({"MaxResults":26})",
                One(Broken("26", "maxResults", "have value less than or equal to 25")))),
    CaseName);

}  // namespace request_constraints_bulk_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
