// HTTP content codings as DynamoDB applies them to its JSON protocol:
//  - requests: `Content-Encoding: gzip` bodies (what the SDKs' request-compression feature
//    sends; several gzip members may be concatenated, as RFC 1952 allows) and `deflate` ones
//    (a zlib stream, RFC 9110 section 8.4.1.2, or the raw deflate data some clients send);
//  - responses: compressed with gzip or deflate (zlib format) when the client's
//    Accept-Encoding asks for one and the body is at least 4 KiB. The x-amz-crc32 header is
//    then the CRC32 of the compressed bytes (aws-sdk-go-v2 service/dynamodb customizations:
//    "the checksum is of the gzipped response content").
// The Accept-Encoding rules follow what AWS was observed to answer (ScyllaDB's Alternator
// test_compressed_response.py, run against DynamoDB): see ChooseResponseEncoding.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// DynamoDB compresses a response only from this size on (Alternator's tests, against AWS).
inline constexpr std::size_t kResponseCompressionThreshold = 4096;

enum class ResponseEncoding { kIdentity, kGzip, kDeflate };

// The coding to answer a request whose Accept-Encoding is `accept_encoding`:
//  - entries are comma-separated "name[;q=value]", names case-insensitive; only gzip, deflate
//    and "*" count (identity, br, x-gzip... are ignored; a malformed entry names nothing);
//  - q is the first q parameter; unparsable means 1, above 1 means 1, below 0 means 0; q=0
//    refuses the coding;
//  - the highest q wins; at equal q a named coding beats one reached through "*", then the
//    one named first, and "*" alone means gzip.
ResponseEncoding ChooseResponseEncoding(std::string_view accept_encoding);

// "gzip" / "deflate" (the Content-Encoding value), "" for identity.
std::string_view EncodingName(ResponseEncoding encoding);

// `body` compressed with `encoding` (gzip: RFC 1952; deflate: RFC 1950 zlib stream, which
// is what HTTP's "deflate" means).
std::string CompressBody(std::string_view body, ResponseEncoding encoding);

enum class InflateOutcome { kOk, kCorrupt, kTooLarge };

// Decompresses a gzip request body into `out`: every concatenated member, and nothing else
// (trailing bytes that are not a gzip member, an empty input or a truncated stream are
// kCorrupt). Stops with kTooLarge once the output would exceed `max_bytes`.
InflateOutcome GunzipBody(std::string_view body, std::size_t max_bytes, std::string& out);

// Decompresses a `Content-Encoding: deflate` request body into `out`: one zlib stream (what
// HTTP's "deflate" names), or, when the body does not start with a zlib header, raw deflate
// data (what some clients send for it; servers commonly take both). Trailing bytes, an empty
// input or a truncated stream are kCorrupt; kTooLarge once the output would exceed
// `max_bytes`.
InflateOutcome InflateDeflateBody(std::string_view body, std::size_t max_bytes, std::string& out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
