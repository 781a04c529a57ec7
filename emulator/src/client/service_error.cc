// One reader of error bodies for both clients: the typed layer's (error_envelope_reader.h).
#include "client/service_error.h"

#include "http_client/error_envelope_reader.h"

namespace ddbemu::client {

ApiError ParseServiceError(int status, std::string_view body, std::string* type) {
  return http_client::ApiErrorFromEnvelope(status, body, type);
}

}  // namespace ddbemu::client
