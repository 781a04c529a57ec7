// Base64 as DynamoDB uses it for B and BS values (standard alphabet, padded), with the
// service's strict decoding rules: the JSON codec (value_json/json_codec.h) and the layers below
// it share these.
#pragma once

#include <string>
#include <string_view>

namespace ddbemu {

// Standard alphabet, padded.
std::string Base64Encode(std::string_view bytes);
// False when `text` is not valid base64.
bool Base64Decode(std::string_view text, std::string* out);

// Decodes `text` into `out`. Returns an empty string on success, or the message the service
// puts in its SerializationException, e.g. "Base64 encoded length is expected a multiple of 4
// bytes but found: 5".
std::string DecodeBase64Strict(std::string_view text, std::string* out);

}  // namespace ddbemu
