// The JSON of the export, import and bulk put operations' requests and responses
// (ddbemu/model/transfer.h, ddbemu/model/bulk_operations.h),
// written once for both ends: the server parses requests and renders responses with it
// (api_json/, operation_table.cc), the HTTP client renders requests and parses responses
// (http_client/transfer_json.cc). Each shape's members are listed once, in a Fields function
// that a Writer (to JSON) or a Reader (from JSON) walks. Times are epoch seconds (JSON numbers),
// as the service sends them.
//
// ImportTable's TableCreationParameters is CreateTable's shape: each end reads and writes it with
// its own CreateTable codec, so Read/Write here cover the request's other members.
#pragma once

#include <rapidjson/document.h>

#include <string>

#include "ddbemu/error.h"
#include "ddbemu/model/bulk_operations.h"
#include "ddbemu/model/transfer.h"
#include "ddbemu/version.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::transfer_json {

// The members of `value` into the object being written (the caller opens and closes it).
void Write(JsonWriter& w, const ExportTableToPointInTimeRequest& value);
void Write(JsonWriter& w, const ExportTableToPointInTimeResponse& value);
void Write(JsonWriter& w, const DescribeExportRequest& value);
void Write(JsonWriter& w, const DescribeExportResponse& value);
void Write(JsonWriter& w, const ListExportsRequest& value);
void Write(JsonWriter& w, const ListExportsResponse& value);
void Write(JsonWriter& w, const ImportSource& value);
void Write(JsonWriter& w, const ImportTableResponse& value);
void Write(JsonWriter& w, const DescribeImportRequest& value);
void Write(JsonWriter& w, const DescribeImportResponse& value);
void Write(JsonWriter& w, const ListImportsRequest& value);
void Write(JsonWriter& w, const ListImportsResponse& value);
void Write(JsonWriter& w, const StartBulkPutItemsRequest& value);
void Write(JsonWriter& w, const StartBulkPutItemsResponse& value);
void Write(JsonWriter& w, const DescribeBulkOperationRequest& value);
void Write(JsonWriter& w, const DescribeBulkOperationResponse& value);
void Write(JsonWriter& w, const ListBulkOperationsRequest& value);
void Write(JsonWriter& w, const ListBulkOperationsResponse& value);
void Write(JsonWriter& w, const CancelBulkOperationRequest& value);
void Write(JsonWriter& w, const CancelBulkOperationResponse& value);

// `object`'s members into `value`; a member of the wrong JSON type is a SerializationException.
Status Read(const rapidjson::Value& object, ExportTableToPointInTimeRequest& value);
Status Read(const rapidjson::Value& object, ExportTableToPointInTimeResponse& value);
Status Read(const rapidjson::Value& object, DescribeExportRequest& value);
Status Read(const rapidjson::Value& object, DescribeExportResponse& value);
Status Read(const rapidjson::Value& object, ListExportsRequest& value);
Status Read(const rapidjson::Value& object, ListExportsResponse& value);
Status Read(const rapidjson::Value& object, ImportSource& value);
Status Read(const rapidjson::Value& object, ImportTableResponse& value);
Status Read(const rapidjson::Value& object, DescribeImportRequest& value);
Status Read(const rapidjson::Value& object, DescribeImportResponse& value);
Status Read(const rapidjson::Value& object, ListImportsRequest& value);
Status Read(const rapidjson::Value& object, ListImportsResponse& value);
Status Read(const rapidjson::Value& object, StartBulkPutItemsRequest& value);
Status Read(const rapidjson::Value& object, StartBulkPutItemsResponse& value);
Status Read(const rapidjson::Value& object, DescribeBulkOperationRequest& value);
Status Read(const rapidjson::Value& object, DescribeBulkOperationResponse& value);
Status Read(const rapidjson::Value& object, ListBulkOperationsRequest& value);
Status Read(const rapidjson::Value& object, ListBulkOperationsResponse& value);
Status Read(const rapidjson::Value& object, CancelBulkOperationRequest& value);
Status Read(const rapidjson::Value& object, CancelBulkOperationResponse& value);

// A whole response body: `{...}` with Write's members.
template <class T>
std::string Render(const T& value) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  Write(w, value);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::transfer_json
