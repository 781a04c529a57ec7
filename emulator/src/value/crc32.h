// The x-amz-crc32 response header: DynamoDB sends the CRC32 (zlib's polynomial) of every
// response body, and the AWS SDKs (botocore, the Java SDK) verify it and retry on mismatch.
#pragma once

#include <cstdint>
#include <string_view>

namespace ddbemu {

// CRC32 of `bytes` exactly as zlib's crc32() computes it; the header carries it in decimal.
std::uint32_t Crc32(std::string_view bytes);

}  // namespace ddbemu
