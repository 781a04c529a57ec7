// NextToken encoding (see partiql.h): base64 of a small binary record, not JSON, so that
// ops/ needs no JSON library (docs/architecture.md):
//   8 bytes   digest of the statement (little-endian)
//   8 bytes   index of the read to run next (little-endian)
//   rest      the read's ExclusiveStartKey in the storage encoding (value/item_codec.h), if any
#include "ops/partiql/partiql.h"

#include <cstdint>

#include "value/item_codec.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::size_t kFixedBytes = 16;

// FNV-1a: stable across processes, so a token outlives a restart of the emulator.
std::uint64_t Digest(std::string_view statement) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : statement) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

void PutU64(std::uint64_t v, std::string* out) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint64_t GetU64(std::string_view bytes) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
  return v;
}

ApiError InvalidToken() { return ApiError::Validation("Invalid NextToken"); }

}  // namespace

std::string EncodeNextToken(std::string_view statement, const SelectPosition& position) {
  std::string bytes;
  PutU64(Digest(statement), &bytes);
  PutU64(position.read, &bytes);
  if (position.exclusive_start_key) itemcodec::EncodeItem(*position.exclusive_start_key, &bytes);
  return Base64Encode(bytes);
}

Result<SelectPosition> DecodeNextToken(std::string_view statement, std::string_view token) {
  std::string bytes;
  if (!Base64Decode(token, &bytes) || bytes.size() < kFixedBytes) return InvalidToken();
  const std::string_view view(bytes);
  if (GetU64(view.substr(0, 8)) != Digest(statement)) return InvalidToken();
  SelectPosition position;
  position.read = GetU64(view.substr(8, 8));
  if (bytes.size() > kFixedBytes) {
    Item key;
    if (!itemcodec::DecodeItem(view.substr(kFixedBytes), &key)) return InvalidToken();
    position.exclusive_start_key = std::move(key);
  }
  return position;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
