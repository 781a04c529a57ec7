// The x-amz-crc32 response header: DynamoDB sends the CRC32 (zlib's polynomial) of every
// response body, and the AWS SDKs (botocore, the Java SDK) verify it and retry on mismatch.
#pragma once

#include <cstdint>
#include <string_view>

namespace ddbemu {

// CRC32 of `bytes` exactly as zlib's crc32() computes it; the header carries it in decimal.
std::uint32_t Crc32(std::string_view bytes);

// The ways Crc32 may compute it, for tests that check each against zlib: folding with
// PCLMULQDQ in SSE4.1 or AVX (VEX) encoding, or zlib alone. Crc32 takes the best the CPU has.
enum class Crc32Kernel { kBest, kSse, kAvx, kZlib };
// Crc32 of `bytes` with `kernel`; false when the CPU lacks what it needs (`*crc` untouched).
bool Crc32With(Crc32Kernel kernel, std::string_view bytes, std::uint32_t* crc);

}  // namespace ddbemu
