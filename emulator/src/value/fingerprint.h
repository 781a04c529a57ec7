// A 128-bit fingerprint of a byte string, for idempotency checks: a retried request with the
// same ClientRequestToken must carry the same parameters (the service answers
// IdempotentParameterMismatchException when they differ). It guards against a client's own
// mistake, not an adversary, so it need not be cryptographic; it must be fast, since every
// TransactWriteItems an SDK sends carries a token (SHA-1 over the request was the largest
// single cost of the write path).
#pragma once

#include <string>
#include <string_view>

namespace ddbemu {

// 16 bytes; equal inputs give equal fingerprints, different ones collide with probability
// about 2^-64 or less per pair. Stable across runs and builds (fingerprints are stored).
std::string Fingerprint128(std::string_view bytes);

}  // namespace ddbemu
