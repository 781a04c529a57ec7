// JsonTransport: how the typed HTTP client (http_client/json_client.h) reaches a DynamoDB
// endpoint. One call sends one operation's JSON-protocol body and returns the 200 response's
// body, or the service's error as the ApiError the embedded client would return. Kept abstract
// so the typed layer has no network code: HTTP (http_client/transport/http_transport.h, adapted in
// open_http_client.cc) and the in-process loopback over Database::Call
// (tests/support/loopback/loopback_transport.h, a test aid) both implement it.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"

namespace ddbemu::http_client {

class JsonTransport {
 public:
  virtual ~JsonTransport() = default;
  // `operation` is the bare name ("PutItem"), `body` the request JSON. Thread-safe.
  virtual Result<std::string> Call(std::string_view operation, std::string_view body) = 0;
};

}  // namespace ddbemu::http_client
