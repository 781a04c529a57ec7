// UTF-8 validity, for text that reaches an answer without passing the JSON parser's check
// (header values echoed in error messages, texts cut at a byte limit): every error body must
// be valid UTF-8 JSON, or an SDK fails to parse it and reports something else entirely.
#pragma once

#include <string>
#include <string_view>

namespace ddbemu {

// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
// U+10FFFF).
bool IsValidUtf8(std::string_view text);

// `text` with every byte that does not start a well-formed sequence replaced by U+FFFD.
// Returns `text` unchanged (one copy) when it is already valid.
std::string ToValidUtf8(std::string_view text);

// The length of well-formed UTF-8 `text` as the service measures strings: UTF-16 code units
// (Java's String.length()), so "héllo" is 5 and an emoji 2.
std::size_t Utf16Length(std::string_view text);

}  // namespace ddbemu
