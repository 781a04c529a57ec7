// Digests of byte strings: the CRC32 every response carries and the fingerprint of an
// idempotent request.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// ---- CRC32 --------------------------------------------------------------------------------------
// The x-amz-crc32 response header: DynamoDB sends the CRC32 (zlib's polynomial) of every
// response body, and the AWS SDKs (botocore, the Java SDK) verify it and retry on mismatch.

// CRC32 of `bytes` exactly as zlib's crc32() computes it; the header carries it in decimal.
std::uint32_t Crc32(std::string_view bytes);

// The ways Crc32 may compute it, for tests that check each against zlib: folding with
// PCLMULQDQ in SSE4.1 or AVX (VEX) encoding, or zlib alone. Crc32 takes the best the CPU has.
enum class Crc32Kernel { kBest, kSse, kAvx, kZlib };
// Crc32 of `bytes` with `kernel`; false when the CPU lacks what it needs (`*crc` untouched).
bool Crc32With(Crc32Kernel kernel, std::string_view bytes, std::uint32_t* crc);

// ---- fingerprints -------------------------------------------------------------------------------
// A 128-bit fingerprint of a byte string, for idempotency checks: a retried request with the
// same ClientRequestToken must carry the same parameters (the service answers
// IdempotentParameterMismatchException when they differ). It guards against a client's own
// mistake, not an adversary, so it need not be cryptographic; it must be fast, since every
// TransactWriteItems an SDK sends carries a token (SHA-1 over the request was the largest
// single cost of the write path).

// 16 bytes; equal inputs give equal fingerprints, different ones collide with probability
// about 2^-64 or less per pair. Stable across runs and builds (fingerprints are stored).
std::string Fingerprint128(std::string_view bytes);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
