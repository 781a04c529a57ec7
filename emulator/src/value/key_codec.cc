// Order-preserving, prefix-free encoding of key components, and the partition hash.
//
// FORMAT (persisted in every LMDB key: never change it without a migration)
//  S, B: the bytes with each 0x00 written as 0x00 0xFF, then the terminator 0x00 0x01.
//        Unsigned byte order of the encodings is byte order of the values; "a" < "a\0" because
//        the terminator's 0x01 sorts below the escape's 0xFF.
//  N:    a class byte: 0x01 negative, 0x02 zero, 0x03 positive. Zero ends there. Otherwise,
//        with value = 0.d1d2... x 10^e (Number's decomposition, e in -129..126):
//          positive: byte (e + 129), then digit pairs as bytes 1 + (10*d1 + d2) (1..100; an
//                    odd last digit is paired with 0), then the terminator 0x00;
//          negative: byte 255 - (e + 129), pairs as 100 - (10*d1 + d2) (1..100), terminator 0xFF.
//        A larger exponent means a larger magnitude; equal exponents compare digit by digit,
//        and a number whose digits are a prefix of another's is smaller in magnitude, which the
//        terminator (below every pair for positives, above for negatives) encodes.
#include "value/key_codec.h"

#include <cassert>
#include <cstring>

#include "value/number.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec {
namespace {

constexpr char kNegative = 0x01;
constexpr char kZero = 0x02;
constexpr char kPositive = 0x03;
constexpr int kExponentBias = 129;  // smallest exponent -129 -> byte 0
constexpr unsigned char kPositiveEnd = 0x00;
constexpr unsigned char kNegativeEnd = 0xFF;
constexpr std::size_t kMaxDigitPairs = 19;  // 38 significant digits

void AppendBytes(std::string_view bytes, std::string* out) {
  out->reserve(out->size() + bytes.size() + 2);
  const char* p = bytes.data();
  const char* end = p + bytes.size();
  while (p < end) {
    const void* zero = std::memchr(p, 0, static_cast<std::size_t>(end - p));
    if (zero == nullptr) {
      out->append(p, static_cast<std::size_t>(end - p));
      break;
    }
    const char* z = static_cast<const char*>(zero);
    out->append(p, static_cast<std::size_t>(z - p));
    out->push_back('\0');
    out->push_back('\xFF');
    p = z + 1;
  }
  out->push_back('\0');
  out->push_back('\x01');
}

bool DecodeBytes(std::string_view* in, std::string* out) {
  out->clear();
  const char* p = in->data();
  const char* end = p + in->size();
  while (p < end) {
    const void* zero = std::memchr(p, 0, static_cast<std::size_t>(end - p));
    if (zero == nullptr) return false;  // no terminator: truncated
    const char* z = static_cast<const char*>(zero);
    out->append(p, static_cast<std::size_t>(z - p));
    if (z + 1 == end) return false;
    if (z[1] == '\x01') {
      in->remove_prefix(static_cast<std::size_t>(z + 2 - in->data()));
      return true;
    }
    if (z[1] != '\xFF') return false;
    out->push_back('\0');
    p = z + 2;
  }
  return false;
}

// Canonical number text seen as sign, exponent and significant digits, without allocating.
// The digits are the concatenation of `head` and `tail` (the text around the point).
struct Decomposed {
  bool negative = false;
  int exponent = 0;
  std::string_view head, tail;
  std::size_t size() const { return head.size() + tail.size(); }
  char at(std::size_t k) const { return k < head.size() ? head[k] : tail[k - head.size()]; }
};

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Decomposes canonical text ("-12.5", "0.001", "1000", "0"). Returns false for other text.
bool DecomposeCanonical(std::string_view t, Decomposed* d) {
  if (!t.empty() && t[0] == '-') {
    d->negative = true;
    t.remove_prefix(1);
  }
  const std::size_t dot = t.find('.');
  std::string_view int_part = t.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view() : t.substr(dot + 1);
  if (int_part.empty() || !AllDigits(int_part) || !AllDigits(frac)) return false;
  if (dot != std::string_view::npos && (frac.empty() || frac.back() == '0')) return false;
  if (int_part == "0") {
    const std::size_t first = frac.find_first_not_of('0');
    if (first == std::string_view::npos) return !d->negative;  // "0" only
    d->exponent = -static_cast<int>(first);
    d->head = frac.substr(first);
    return true;
  }
  if (int_part[0] == '0') return false;
  d->exponent = static_cast<int>(int_part.size());
  if (frac.empty()) {
    d->head = int_part.substr(0, int_part.find_last_not_of('0') + 1);
  } else {
    d->head = int_part;
    d->tail = frac;
  }
  return true;
}

void AppendDecomposed(const Decomposed& d, std::string* out) {
  if (d.size() == 0) {
    out->push_back(kZero);
    return;
  }
  const int biased = d.exponent + kExponentBias;
  out->push_back(d.negative ? kNegative : kPositive);
  out->push_back(static_cast<char>(d.negative ? 255 - biased : biased));
  for (std::size_t k = 0; k < d.size(); k += 2) {
    const int pair = (d.at(k) - '0') * 10 + (k + 1 < d.size() ? d.at(k + 1) - '0' : 0);
    out->push_back(static_cast<char>(d.negative ? 100 - pair : 1 + pair));
  }
  out->push_back(static_cast<char>(d.negative ? kNegativeEnd : kPositiveEnd));
}

void AppendNumber(std::string_view text, std::string* out) {
  Decomposed d;
  if (DecomposeCanonical(text, &d) && d.exponent >= -kExponentBias && d.exponent <= 126) {
    AppendDecomposed(d, out);
    return;
  }
  // Not canonical: the contract says it must be, but a key must still encode by value.
  Result<Number> n = Number::Parse(text);
  assert(n.ok() && "key codec: N key component is not a number");
  const std::string canonical = n.ok() ? n->ToString() : "0";
  Decomposed c;
  DecomposeCanonical(canonical, &c);
  AppendDecomposed(c, out);
}

bool DecodeNumber(std::string_view* in, AttributeValue* out) {
  if (in->empty()) return false;
  const char cls = (*in)[0];
  if (cls == kZero) {
    in->remove_prefix(1);
    *out = AttributeValue::N("0");
    return true;
  }
  if ((cls != kNegative && cls != kPositive) || in->size() < 2) return false;
  const bool negative = cls == kNegative;
  const int biased = static_cast<unsigned char>((*in)[1]);
  const int exponent = (negative ? 255 - biased : biased) - kExponentBias;
  const unsigned char end = negative ? kNegativeEnd : kPositiveEnd;
  std::string digits;
  std::size_t i = 2;
  for (;; ++i) {
    if (i == in->size()) return false;
    const unsigned char b = static_cast<unsigned char>((*in)[i]);
    if (b == end) break;
    if (b < 1 || b > 100 || digits.size() >= 2 * kMaxDigitPairs) return false;
    const int pair = negative ? 100 - b : b - 1;
    digits.push_back(static_cast<char>('0' + pair / 10));
    digits.push_back(static_cast<char>('0' + pair % 10));
  }
  if (!digits.empty() && digits.back() == '0') digits.pop_back();  // the odd digit's padding
  Result<Number> n = Number::FromDecomposition(negative, exponent, std::move(digits));
  if (!n.ok() || n->is_zero()) return false;
  in->remove_prefix(i + 1);
  *out = AttributeValue::N(n->ToString());
  return true;
}

}  // namespace

void AppendComponent(const AttributeValue& value, std::string* out) {
  switch (value.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      AppendBytes(value.scalar(), out);
      return;
    case AttributeType::kN:
      AppendNumber(value.scalar(), out);
      return;
    default:
      assert(false && "key codec: key components are S, N or B");
      return;
  }
}

char* WritePlainBytes(std::string_view bytes, char* out) {
  std::memcpy(out, bytes.data(), bytes.size());
  out += bytes.size();
  *out++ = '\0';  // AppendBytes' terminator
  *out++ = '\x01';
  return out;
}

bool DecodeComponent(AttributeType type, std::string_view* in, AttributeValue* out) {
  switch (type) {
    case AttributeType::kS:
    case AttributeType::kB: {
      std::string bytes;
      if (!DecodeBytes(in, &bytes)) return false;
      *out = type == AttributeType::kS ? AttributeValue::S(std::move(bytes))
                                       : AttributeValue::B(std::move(bytes));
      return true;
    }
    case AttributeType::kN:
      return DecodeNumber(in, out);
    default:
      return false;
  }
}

// MurmurHash64A (Austin Appleby, public domain) with a fixed seed, reading bytes explicitly
// little-endian so that the result is the same on every machine.
// PERSISTED: storage keys begin with this hash and partitions are ranges of it. Changing the
// seed, the constants or the algorithm silently misplaces every stored item: never change it
// (the golden values in key_codec_test.cc guard it).
std::uint64_t PartitionHash(std::string_view encoded_partition_key) {
  constexpr std::uint64_t kSeed = 0x6464622d656d75ULL;  // "ddb-emu"
  constexpr std::uint64_t kMul = 0xc6a4a7935bd1e995ULL;
  constexpr int kShift = 47;
  const auto* p = reinterpret_cast<const unsigned char*>(encoded_partition_key.data());
  const std::size_t len = encoded_partition_key.size();
  std::uint64_t h = kSeed ^ (static_cast<std::uint64_t>(len) * kMul);
  const std::size_t blocks = len / 8;
  for (std::size_t b = 0; b < blocks; ++b, p += 8) {
    std::uint64_t k = 0;
    for (int i = 7; i >= 0; --i) k = (k << 8) | p[i];
    k *= kMul;
    k ^= k >> kShift;
    k *= kMul;
    h ^= k;
    h *= kMul;
  }
  const std::size_t rest = len & 7;
  if (rest != 0) {
    for (std::size_t i = 0; i < rest; ++i) h ^= static_cast<std::uint64_t>(p[i]) << (8 * i);
    h *= kMul;
  }
  h ^= h >> kShift;
  h *= kMul;
  h ^= h >> kShift;
  return h;
}

void AppendHash(std::uint64_t hash, std::string* out) {
  char bytes[8];
  for (int i = 7; i >= 0; --i, hash >>= 8) bytes[i] = static_cast<char>(hash & 0xFF);
  out->append(bytes, 8);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec
