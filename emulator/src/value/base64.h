// Base64 as DynamoDB uses it for B and BS values (standard alphabet, padded), with the
// service's strict decoding rules. Base64Encode/Base64Decode themselves are declared in
// json_codec.h; this header adds the decoder that reports why text is not base64.
#pragma once

#include <string>
#include <string_view>

namespace ddbemu {

// Decodes `text` into `out`. Returns an empty string on success, or the message the service
// puts in its SerializationException, e.g. "Base64 encoded length is expected a multiple of 4
// bytes but found: 5".
std::string DecodeBase64Strict(std::string_view text, std::string* out);

}  // namespace ddbemu
