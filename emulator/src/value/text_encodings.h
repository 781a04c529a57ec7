// The text forms of values: base64 for B and BS values, UTF-8 for strings, and the UTC
// timestamps the service writes into its messages and ids.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// ---- base64 -------------------------------------------------------------------------------------
// Base64 as DynamoDB uses it for B and BS values (standard alphabet, padded), with the
// service's strict decoding rules: the JSON codec (value_json/json_codec.h) and the layers below
// it share these.

// Standard alphabet, padded.
std::string Base64Encode(std::string_view bytes);
// False when `text` is not valid base64.
bool Base64Decode(std::string_view text, std::string* out);

// Decodes `text` into `out`. Returns an empty string on success, or the message the service
// puts in its SerializationException, e.g. "Base64 encoded length is expected a multiple of 4
// bytes but found: 5".
std::string DecodeBase64Strict(std::string_view text, std::string* out);

// ---- UTF-8 --------------------------------------------------------------------------------------
// UTF-8 validity, for text that reaches an answer without passing the JSON parser's check
// (header values echoed in error messages, texts cut at a byte limit): every error body must
// be valid UTF-8 JSON, or an SDK fails to parse it and reports something else entirely.

// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
// U+10FFFF).
bool IsValidUtf8(std::string_view text);

// `text` with every byte that does not start a well-formed sequence replaced by U+FFFD.
// Returns `text` unchanged (one copy) when it is already valid.
std::string ToValidUtf8(std::string_view text);

// The length of well-formed UTF-8 `text` as the service measures strings: UTF-16 code units
// (Java's String.length()), so "héllo" is 5 and an emoji 2.
std::size_t Utf16Length(std::string_view text);

// ---- UTC timestamps -----------------------------------------------------------------------------
// Instants (microseconds since the epoch) as the service prints them in its texts.

// "2026-10-08T23:07:38.207": with milliseconds, no zone (the control plane's retry-after texts,
// the Streams API's stream labels).
std::string FormatUtcMillis(std::int64_t micros);
// "2026-10-08T23:07:38Z": whole seconds, zoned (InvalidRestoreTimeException's bounds).
std::string FormatUtcSeconds(std::int64_t micros);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
