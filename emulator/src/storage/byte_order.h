// Fixed-width big-endian integers for storage keys and records. Big-endian because LMDB
// compares keys as bytes: a big-endian key-space id or hash sorts numerically.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ddbemu::storage {

inline void AppendU32(std::uint32_t v, std::string* out) {
  const char bytes[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                         static_cast<char>(v >> 8), static_cast<char>(v)};
  out->append(bytes, 4);
}

inline void AppendU64(std::uint64_t v, std::string* out) {
  AppendU32(static_cast<std::uint32_t>(v >> 32), out);
  AppendU32(static_cast<std::uint32_t>(v), out);
}

// Overwrites 4 (8) bytes at `dst` with `v` big-endian.
inline void StoreU32(std::uint32_t v, char* dst) {
  for (int i = 3; i >= 0; --i, v >>= 8) dst[i] = static_cast<char>(v);
}
inline void StoreU64(std::uint64_t v, char* dst) {
  for (int i = 7; i >= 0; --i, v >>= 8) dst[i] = static_cast<char>(v);
}

// Reads from the front of `bytes`, which must hold at least 4 (8) bytes.
inline std::uint32_t ReadU32(std::string_view bytes) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}
inline std::uint64_t ReadU64(std::string_view bytes) {
  return (std::uint64_t{ReadU32(bytes)} << 32) | ReadU32(bytes.substr(4));
}

}  // namespace ddbemu::storage
