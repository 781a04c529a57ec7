// libFuzzer target for the order-preserving key codec: any bytes, read as a key component of
// each type (S, N, B), either decode or are refused, never read out of bounds; a decoded
// component re-encodes to a component that decodes to the same value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "value/key_codec.h"

namespace {

void Check(ddbemu::AttributeType type, std::string_view bytes) {
  std::string_view in = bytes;
  ddbemu::AttributeValue value;
  if (!ddbemu::keycodec::DecodeComponent(type, &in, &value)) return;
  if (in.size() > bytes.size()) std::abort();
  std::string again;
  ddbemu::keycodec::AppendComponent(value, &again);
  std::string_view again_in = again;
  ddbemu::AttributeValue round;
  if (!ddbemu::keycodec::DecodeComponent(type, &again_in, &round) || !again_in.empty() ||
      !(round == value)) {
    std::abort();
  }
  // A composite key: the partition component followed by the rest decodes component-wise.
  (void)ddbemu::keycodec::PartitionHash(again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Check(ddbemu::AttributeType::kS, bytes);
  Check(ddbemu::AttributeType::kN, bytes);
  Check(ddbemu::AttributeType::kB, bytes);
  return 0;
}
