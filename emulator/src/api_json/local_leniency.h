// DynamoDB Local's leniencies, on demand (Options::local_leniencies, ddb-local --lenient): what
// DynamoDB Local accepts and AWS refuses, for tools written against DynamoDB Local that rely on
// it (dynamodb-admin's Create Table form sends capacity units as JSON strings). Off by default,
// so tests see what AWS refuses.
//
// Applied to the parsed body before validation (api_json/request_validator.h), each listed with
// the AWS behaviour it relaxes in docs/ddb-local.md ("--lenient"):
//   - an Integer or Long member given as a JSON string of decimal digits ("5") becomes the
//     number (AWS: SerializationException "STRING_VALUE cannot be converted to Long");
//   - CreateTable: AttributeDefinitions that no key schema uses are dropped (AWS:
//     ValidationException "Some AttributeDefinitions are not used. ...");
//   - CreateTable and UpdateTable with BillingMode PAY_PER_REQUEST: ProvisionedThroughput, the
//     table's and its GSIs', is dropped (AWS: ValidationException "... Neither
//     ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is
//     PAY_PER_REQUEST").
#pragma once

#include <rapidjson/document.h>

#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

// Rewrites `body` (a request of `operation`) in place. Does nothing for an unknown operation
// or a body that is not an object; leaves every value it does not relax as it is, for the
// validator to judge.
void ApplyLocalLeniencies(std::string_view operation, rapidjson::Document& body);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
