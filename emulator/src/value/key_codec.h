// The order-preserving, prefix-free encoding of key attribute values (S, N, B), so that
// LMDB's byte order of encoded keys *is* DynamoDB's order: strings and binaries by unsigned
// byte order, numbers numerically. Prefix-free so that components can be concatenated
// (partition key | sort key | ...) without a length field and still sort component-wise.
//
// Also the partition hash: docs/architecture.md's storage keys begin with a hash of the encoded
// partition key, which places items in hash order and makes partitions hash ranges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec {

// Appends the encoding of `value` (type S, N or B; N in canonical text) to `out`.
void AppendComponent(const AttributeValue& value, std::string* out);

// The bytes enc() adds to an S or B value that holds no zero byte (nothing to escape).
inline constexpr std::size_t kPlainBytesOverhead = 2;
// enc() of an S or B value holding no zero byte, written at `out`, which has room for
// bytes.size() + kPlainBytesOverhead: the bytes AppendComponent appends for it, for a caller
// that writes into a buffer of its own. Returns the end of what it wrote.
char* WritePlainBytes(std::string_view bytes, char* out);

// Decodes one component of `type` from the front of `*in`, advancing it past the component.
// Returns false when the bytes are not a valid encoding (corruption).
bool DecodeComponent(AttributeType type, std::string_view* in, AttributeValue* out);

// 64-bit hash of an encoded partition key (stable across runs, versions and machines: it is
// persisted as a key prefix).
std::uint64_t PartitionHash(std::string_view encoded_partition_key);

// Appends `hash` big-endian (8 bytes), so that byte order is numeric order.
void AppendHash(std::uint64_t hash, std::string* out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec
