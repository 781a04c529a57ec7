// StreamViewType: what a stream record carries (StreamSpecification, StreamDescription). Its
// own header because the engine's catalog stores a table's stream settings in these values
// (so their order is fixed) and should not see the rest of the Streams model.
#pragma once

#include <cstdint>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

enum class StreamViewType : std::uint8_t { kKeysOnly, kNewImage, kOldImage, kNewAndOldImages };

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
