// The export, import and bulk put operations as JSON; see json_client.h. Their members are written
// and read by the codec the server uses too (value_json/transfer_json.h); ImportTable's
// TableCreationParameters is CreateTable's body (request_tables_json.cc).
#include <rapidjson/writer.h>

#include "http_client/json_client.h"
#include "http_client/json_in.h"
#include "http_client/json_out.h"
#include "value_json/transfer_json.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

template <class Request>
std::string Body(const Request& request) {
  JsonOut out;
  out.w.StartObject();
  transfer_json::Write(out.w, request);
  out.w.EndObject();
  return out.Take();
}

template <class Response>
Status Parse(std::string_view body, Response& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (Status read = transfer_json::Read(doc, out); !read.ok()) {
    return Malformed(read.error().message());
  }
  return Status::Ok();
}

}  // namespace

std::string ToJson(const ExportTableToPointInTimeRequest& r) { return Body(r); }
std::string ToJson(const DescribeExportRequest& r) { return Body(r); }
std::string ToJson(const ListExportsRequest& r) { return Body(r); }
std::string ToJson(const DescribeImportRequest& r) { return Body(r); }
std::string ToJson(const ListImportsRequest& r) { return Body(r); }
std::string ToJson(const StartBulkPutItemsRequest& r) { return Body(r); }
std::string ToJson(const DescribeBulkOperationRequest& r) { return Body(r); }
std::string ToJson(const ListBulkOperationsRequest& r) { return Body(r); }
std::string ToJson(const CancelBulkOperationRequest& r) { return Body(r); }

std::string ToJson(const ImportTableRequest& r) {
  JsonOut out;
  out.w.StartObject();
  transfer_json::Write(out.w, r.source);
  Key(out.w, "TableCreationParameters");
  const std::string table = ToJson(r.table_creation_parameters);
  out.w.RawValue(table.data(), table.size(), rapidjson::kObjectType);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ExportTableToPointInTimeResponse& out) {
  return Parse(body, out);
}
Status FromJson(std::string_view body, DescribeExportResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, ListExportsResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, ImportTableResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, DescribeImportResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, ListImportsResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, StartBulkPutItemsResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, DescribeBulkOperationResponse& out) {
  return Parse(body, out);
}
Status FromJson(std::string_view body, ListBulkOperationsResponse& out) { return Parse(body, out); }
Status FromJson(std::string_view body, CancelBulkOperationResponse& out) {
  return Parse(body, out);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
