// Base64 as DynamoDB uses it for B and BS values (standard alphabet, padded), with the
// service's strict decoding rules. Base64Encode/Base64Decode are also declared here (as in
// json_codec.h) for the layers that must not see the JSON codec; this header adds the decoder
// that reports why text is not base64.
#pragma once

#include <string>
#include <string_view>

namespace ddbemu {

// Defined in json_codec.cc.
std::string Base64Encode(std::string_view bytes);
bool Base64Decode(std::string_view text, std::string* out);

// Decodes `text` into `out`. Returns an empty string on success, or the message the service
// puts in its SerializationException, e.g. "Base64 encoded length is expected a multiple of 4
// bytes but found: 5".
std::string DecodeBase64Strict(std::string_view text, std::string* out);

}  // namespace ddbemu
