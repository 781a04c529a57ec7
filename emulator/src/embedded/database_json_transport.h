// The embedded client's way to the operations it serves through the JSON codec rather than as
// engine requests (http_client/json_client.h): Database::Call in this process, which runs the
// server's validator, the one dispatch table and the same operation code ddb-local runs. The
// error envelope is read back into the same ApiError (error_envelope_reader.h), losslessly.
#pragma once

#include <string>
#include <utility>

#include "ddbemu/database.h"
#include "http_client/error_envelope_reader.h"
#include "http_client/json_transport.h"

namespace ddbemu::embedded {

class DatabaseJsonTransport final : public http_client::JsonTransport {
 public:
  DatabaseJsonTransport(Database& database, RequestContext context)
      : database_(database), context_(std::move(context)) {}

  Result<std::string> Call(std::string_view operation, std::string_view body) override {
    Response response = database_.Call(operation, body, context_);
    if (response.http_status == 200) return std::move(response.body);
    return http_client::ApiErrorFromEnvelope(response.http_status, response.body);
  }

 private:
  Database& database_;
  RequestContext context_;
};

}  // namespace ddbemu::embedded
