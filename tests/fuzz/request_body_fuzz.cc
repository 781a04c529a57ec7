// libFuzzer target for the request body's fast parse (api_json/request_body.h): for any bytes,
// it must answer as the general parse (ParseRequestBody in request_validator.h) does, and when
// the body parses, build the same document. A difference aborts.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api_json/request_body.h"
#include "api_json/request_validator.h"

namespace {

// The document as JSON text, or "error". Writing is recursive: a body nested deeper than a
// request can sensibly be is compared by its answer only.
std::string Written(const ddbemu::Status& status, const rapidjson::Document& doc,
                    std::size_t openers) {
  if (!status.ok()) return "error:" + status.error().message();
  if (openers > 1000) return "ok";
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer(out);
  doc.Accept(writer);
  return std::string(out.GetString(), out.GetSize());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const std::size_t openers = ddbemu::ScanBody(body).openers;
  rapidjson::Document general;
  const ddbemu::Status general_status = ddbemu::ParseRequestBody(body, general);
  ddbemu::RequestBodyScratch scratch;
  rapidjson::Document fast;
  const ddbemu::Status fast_status = ddbemu::ParseRequestBody(body, scratch, fast);
  if (Written(general_status, general, openers) != Written(fast_status, fast, openers)) {
    std::abort();
  }
  return 0;
}
