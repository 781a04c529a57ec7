// ULID generation (monotonic within a millisecond) and validation.
#include "hrcore/ulid.h"

#include <memory>
#include <random>

namespace hrcore {
namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int DecodeChar(char c) {
  for (int i = 0; i < 32; ++i) {
    if (kAlphabet[i] == c) return i;
  }
  return -1;
}

bool LooksLikeUuid(std::string_view v) {
  if (v.size() != 36) return false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash != (v[i] == '-')) return false;
    if (!dash && !std::isxdigit(static_cast<unsigned char>(v[i]))) return false;
  }
  return true;
}

// The generator behind a RandomSource, shared by its copies (std::function copies the lambda)
// and by the threads that call them.
class LockedEngine {
 public:
  explicit LockedEngine(std::uint64_t seed) : engine_(seed) {}
  void Fill(std::uint8_t* out, std::size_t n) EXCLUDES(mutex_) {
    ddbemu::sync::MutexLock lock(mutex_);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(engine_() >> 56);
  }

 private:
  ddbemu::sync::Mutex mutex_;
  std::mt19937_64 engine_ GUARDED_BY(mutex_);
};

}  // namespace

RandomSource SystemRandomSource() {
  auto engine = std::make_shared<LockedEngine>(std::random_device{}());
  return [engine](std::uint8_t* out, std::size_t n) { engine->Fill(out, n); };
}

RandomSource SeededRandomSource(std::uint64_t seed) {
  auto engine = std::make_shared<LockedEngine>(seed);
  return [engine](std::uint8_t* out, std::size_t n) { engine->Fill(out, n); };
}

UlidGenerator::UlidGenerator(const ddbemu::Clock& clock, RandomSource random)
    : clock_(clock), random_(std::move(random)) {}

std::string UlidGenerator::Next() {
  ddbemu::sync::MutexLock lock(mutex_);
  std::uint64_t now = static_cast<std::uint64_t>(clock_.NowMicros() / 1000);
  if (now > last_ms_) {
    last_ms_ = now;
    random_(last_random_.data(), last_random_.size());
    // Keep the top bit clear so that about 2^79 increments fit in a millisecond before the
    // random part overflows (the spec's overflow case, handled below anyway).
    last_random_[0] &= 0x7f;
  } else {
    // Same millisecond, or the clock stepped back: increment the previous random part.
    int i = static_cast<int>(last_random_.size()) - 1;
    while (i >= 0 && ++last_random_[i] == 0) --i;
    if (i < 0) ++last_ms_;  // 80-bit overflow: borrow the next millisecond, stay monotonic
  }
  return EncodeUlid(last_ms_, last_random_);
}

std::string EncodeUlid(std::uint64_t millis, const std::array<std::uint8_t, 10>& random) {
  std::string out(26, '0');
  // 48-bit time: 10 characters, 5 bits each (the first carries only 3 bits).
  for (int i = 9; i >= 0; --i) {
    out[i] = kAlphabet[millis & 31];
    millis >>= 5;
  }
  // 80 random bits: 16 characters.
  int bit = 0;
  for (int c = 0; c < 16; ++c) {
    int value = 0;
    for (int b = 0; b < 5; ++b, ++bit) {
      int byte = random[bit / 8];
      value = (value << 1) | ((byte >> (7 - bit % 8)) & 1);
    }
    out[10 + c] = kAlphabet[value];
  }
  return out;
}

Status ValidateUlid(std::string_view value, std::string_view field) {
  std::string name(field);
  if (LooksLikeUuid(value)) {
    return Error(ErrorKind::kInvalidId,
                 name + " '" + std::string(value) +
                     "' is a UUID, not a ULID: UUIDs do not sort by creation time and would "
                     "randomise every time-ordered list (AP3, AP8, AP10, AP11, AP12)");
  }
  if (value.size() != 26) {
    return Error(ErrorKind::kInvalidId,
                 name + " must be a 26-character ULID, got '" + std::string(value) + "'");
  }
  for (char c : value) {
    if (DecodeChar(c) < 0) {
      return Error(ErrorKind::kInvalidId,
                   name + " '" + std::string(value) +
                       "' is not a canonical ULID (upper-case Crockford base32, no I, L, O, U)");
    }
  }
  if (value[0] > '7') {
    return Error(ErrorKind::kInvalidId,
                 name + " '" + std::string(value) + "' overflows the 48-bit ULID timestamp");
  }
  return {};
}

std::uint64_t UlidMillis(std::string_view ulid) {
  std::uint64_t ms = 0;
  for (int i = 0; i < 10 && i < static_cast<int>(ulid.size()); ++i) {
    ms = (ms << 5) | static_cast<std::uint64_t>(DecodeChar(ulid[i]));
  }
  return ms;
}

}  // namespace hrcore
