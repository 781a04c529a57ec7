// CRC32 through zlib, which is already linked for this purpose and is hardware-accelerated.
#include "value/crc32.h"

#include <zlib.h>

#include <algorithm>

namespace ddbemu {

std::uint32_t Crc32(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  const auto* data = reinterpret_cast<const Bytef*>(bytes.data());
  std::size_t left = bytes.size();
  // zlib takes a uInt length: feed bodies larger than 4 GiB in pieces.
  while (left > 0) {
    const auto chunk = static_cast<uInt>(std::min<std::size_t>(left, 1u << 30));
    crc = crc32(crc, data, chunk);
    data += chunk;
    left -= chunk;
  }
  return static_cast<std::uint32_t>(crc);
}

}  // namespace ddbemu
